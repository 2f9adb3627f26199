// How a user reaches a project's database, and the project-name limit. Not in SPEC: these follow
// the platform (PLATFORM-API §3 settings; the pooler config at `…/config/supavisor`).

/** The scheme of the URIs the project home shows, as the platform writes them. */
export const CONNECTION_URI_SCHEME = 'postgresql'

/** Stands in for the database password, which the dashboard never knows after creation. */
export const CONNECTION_PASSWORD_PLACEHOLDER = '[YOUR-PASSWORD]'

/** Postgres's own port: the direct connection, and the pooler's session mode. */
export const DIRECT_CONNECTION_PORT = 5432

/** The pooler's two modes and their ports on the pooler host. */
export const POOLER_PORTS = { transaction: 6543, session: 5432 } as const
export type PoolMode = keyof typeof POOLER_PORTS
export const POOL_MODES = ['transaction', 'session'] as const satisfies readonly PoolMode[]

/** The ways to connect, in the order the project home offers them, with when to choose each. */
export const CONNECTION_METHODS = {
  direct: {
    label: 'Direct connection',
    hint: 'For long-lived servers and tools (VMs, containers, psql, migrations): each client holds its own connection to Postgres.',
  },
  transaction: {
    label: 'Transaction pooler',
    hint: 'For serverless and edge functions: many short, stateless connections share a pool. Prepared statements are not supported.',
  },
  session: {
    label: 'Session pooler',
    hint: 'For long-lived clients on networks without IPv6: like the direct connection, through the pooler.',
  },
} as const
export type ConnectionMethod = keyof typeof CONNECTION_METHODS

export const CONNECTION_MESSAGE = {
  heading: 'Connect to your database',
  notReady: 'Available once the project is up.',
  loadFailed: 'Failed to load the connection details',
  passwordNote: `Replace ${CONNECTION_PASSWORD_PLACEHOLDER} with the database password: the one set when the project was created, or a new one from its database settings. It is not stored in the dashboard.`,
  copyUri: 'Copy the connection string to the clipboard',
} as const

/** The platform's project-name limit, counted in characters (code points) of the trimmed name. */
export const PROJECT_NAME_MAX_LENGTH = 64

export const PROJECT_NAME_MESSAGE = {
  hint: (length: number) => `${length} / ${PROJECT_NAME_MAX_LENGTH} characters`,
  tooLong: (length: number) => `Project names can be at most ${PROJECT_NAME_MAX_LENGTH} characters; this one has ${length}.`,
} as const

/** Network restrictions that let every address connect: a project's default (…/network-restrictions). */
export const ALLOW_ALL_CIDRS = { v4: ['0.0.0.0/0'], v6: ['::/0'] } as const

/** How many CIDR blocks a project's network restrictions hold, each family (the platform's own limit is not shown; a list a person reads). */
export const MAX_ALLOWED_CIDRS = 100
