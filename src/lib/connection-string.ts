/**
 * What a user connects to a project's database with: host, port, database, user and a
 * `postgresql://` URI, for the direct connection and the pooler's two modes.
 *
 * Decisions:
 * - The password is never known to the dashboard after creation: the URI carries
 *   `[YOUR-PASSWORD]`, as the platform's own dashboard does.
 * - The inputs are the settings and pooler answers only, never the project detail: its
 *   `connectionString` is the encrypted pg-meta header value, internal, and must not be shown.
 * - The platform answers one pooler entry per database, in its configured mode; the pooler serves
 *   both modes on the same host (transaction 6543, session 5432), so a mode without its own entry
 *   is the primary's entry on that mode's port. No pooler entry: no pooler methods (a server
 *   without one, like the mock platform over DATABASE_URL).
 * - User and database names are percent-encoded (a `@` or `/` in them would break the URI);
 *   an IPv6 host is bracketed.
 */
import {
  CONNECTION_PASSWORD_PLACEHOLDER,
  CONNECTION_URI_SCHEME,
  POOL_MODES,
  POOLER_PORTS,
  type ConnectionMethod,
} from '../constants'

export interface ConnectionTarget {
  host: string
  port: number
  database: string
  user: string
}

export interface ConnectionOption extends ConnectionTarget {
  method: ConnectionMethod
  uri: string
}

/** The settings answer's fields the direct connection needs. */
export interface DirectSettings {
  db_host: string
  db_port: number
  db_name: string
  db_user: string
}

/** The pooler answer's fields (one entry per database). */
export interface PoolerEntry {
  database_type: 'PRIMARY' | 'READ_REPLICA'
  db_host: string
  db_port: number
  db_name: string
  db_user: string
  pool_mode: 'transaction' | 'session'
}

/** `postgresql://user:[YOUR-PASSWORD]@host:port/database`. */
export function connectionUri(target: ConnectionTarget): string {
  const host = target.host.includes(':') && !target.host.startsWith('[') ? `[${target.host}]` : target.host
  const user = encodeURIComponent(target.user)
  const database = encodeURIComponent(target.database)
  return `${CONNECTION_URI_SCHEME}://${user}:${CONNECTION_PASSWORD_PLACEHOLDER}@${host}:${target.port}/${database}`
}

function option(method: ConnectionMethod, target: ConnectionTarget): ConnectionOption {
  return { method, ...target, uri: connectionUri(target) }
}

/** The direct connection, then the pooler's transaction and session modes where there is a pooler. */
export function connectionOptions(settings: DirectSettings, pooler: readonly PoolerEntry[] = []): ConnectionOption[] {
  const options = [option('direct', { host: settings.db_host, port: settings.db_port, database: settings.db_name, user: settings.db_user })]
  const primary = pooler.filter((entry) => entry.database_type === 'PRIMARY')
  if (primary.length === 0) return options
  for (const mode of POOL_MODES) {
    const own = primary.find((entry) => entry.pool_mode === mode)
    const entry = own ?? primary[0]!
    options.push(option(mode, { host: entry.db_host, port: own ? own.db_port : POOLER_PORTS[mode], database: entry.db_name, user: entry.db_user }))
  }
  return options
}
