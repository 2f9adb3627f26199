/** `npm run serve`'s settings, read from the environment once at start (README: settings). */
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { DASHBOARD_FEATURES, MOCK_PROVIDERS, type MockProvider } from '../../src/constants'
import { readTrustedProxies } from './client-address'

export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_PORT = 8080
export const DEFAULT_DATA_DIR = './.studio-data'
/** The built dashboard `npm run build` writes. */
export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../dist', import.meta.url))
/** The self-hosted build `npm run build:self-hosted` writes, served by default in that mode. */
export const DEFAULT_SELF_HOSTED_DIST_DIR = fileURLToPath(new URL('../../dist-self-hosted', import.meta.url))

/**
 * STUDIO_MODE: `platform` (default) serves the whole platform, one database per project on the
 * server; `self-hosted` serves one default project whose database is DATABASE_URL's own (SPEC §1).
 */
export const STUDIO_MODES = ['platform', 'self-hosted'] as const
export type StudioMode = (typeof STUDIO_MODES)[number]

/** The self-hosted build's own name for its disabled-features setting (.env.self-hosted), read by the server at run time too. */
export const DISABLED_FEATURES_ENV = 'VITE_DISABLED_FEATURES'

/** The mock providers to turn on, by name (MOCK_PROVIDERS); none when unset. */
export const MOCK_PROVIDERS_ENV = 'STUDIO_MOCK_PROVIDERS'

export interface ServeConfig {
  mode: StudioMode
  databaseUrl: string
  host: string
  port: number
  dataDir: string
  distDir: string
  /** STUDIO_SECRET when set; otherwise the one kept in the data directory (secret.ts). */
  secret: string | null
  /** The one other origin allowed to call the API from a browser (STUDIO_ORIGIN); null: same-origin only. */
  allowedOrigin: string | null
  /** Where people reach this Studio (STUDIO_PUBLIC_URL), for the links the platform mails (invitations); null: http://localhost:{port}. */
  publicUrl?: string | null
  /** Self-hosted: the features turned off (DISABLED_FEATURES_ENV), told to the page at run time; empty otherwise. */
  disabledFeatures: string[]
  /** The mock providers turned on (MOCK_PROVIDERS_ENV); none when absent. */
  mockProviders?: readonly MockProvider[]
  /** The proxies (STUDIO_TRUSTED_PROXIES) whose X-Forwarded-For names the caller (client-address.ts); none when absent. */
  trustedProxies?: ReadonlySet<string>
}

const MIN_SECRET_LENGTH = 32

const nonEmpty = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim())

const ModeSchema = v.picklist(STUDIO_MODES, `STUDIO_MODE must be ${STUDIO_MODES.join(' or ')} (unset: platform).`)

const PortSchema = v.pipe(v.string(), v.regex(/^\d+$/, 'PORT must be a whole number'), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(65535, 'PORT must be at most 65535'))

/** The settings, or every problem with them in words a person can act on. */
export function readServeConfig(env: Record<string, string | undefined>): { ok: true; config: ServeConfig } | { ok: false; problems: string[] } {
  const problems: string[] = []
  const mode = v.safeParse(ModeSchema, nonEmpty(env.STUDIO_MODE) ?? 'platform')
  if (!mode.success) problems.push(mode.issues[0].message)
  const databaseUrl = nonEmpty(env.DATABASE_URL)
  if (!databaseUrl) {
    problems.push(
      'DATABASE_URL is not set. Studio keeps its data on your PostgreSQL server: set DATABASE_URL to a connection string, e.g.\n' +
        '  DATABASE_URL=postgresql://postgres:password@127.0.0.1:5432/postgres npm run serve',
    )
  } else if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgresql:// connection string.')
  }
  const port = v.safeParse(PortSchema, nonEmpty(env.PORT) ?? String(DEFAULT_PORT))
  if (!port.success) problems.push(port.issues[0].message)
  const secret = nonEmpty(env.STUDIO_SECRET) ?? null
  if (secret !== null && secret.length < MIN_SECRET_LENGTH) {
    problems.push(`STUDIO_SECRET must be at least ${MIN_SECRET_LENGTH} characters (or unset it: one is generated and kept in the data directory).`)
  }
  const allowedOrigin = nonEmpty(env.STUDIO_ORIGIN) ?? null
  if (allowedOrigin !== null && !isOrigin(allowedOrigin)) problems.push('STUDIO_ORIGIN must be an origin such as https://studio.example.com (scheme, host and port only).')
  const publicUrl = nonEmpty(env.STUDIO_PUBLIC_URL)?.replace(/\/$/, '') ?? null
  if (publicUrl !== null && !isOrigin(publicUrl)) problems.push('STUDIO_PUBLIC_URL must be the address people open Studio at, such as https://studio.example.com (scheme, host and port only).')
  const selfHosted = mode.success && mode.output === 'self-hosted'
  const disabledFeatures = selfHosted ? featureList(env[DISABLED_FEATURES_ENV]) : []
  const unknown = disabledFeatures.filter((feature) => !Object.hasOwn(DASHBOARD_FEATURES, feature))
  if (unknown.length > 0) problems.push(`${DISABLED_FEATURES_ENV} names unknown features (${unknown.join(', ')}); known: ${Object.keys(DASHBOARD_FEATURES).join(', ')}.`)
  const mockProviders = featureList(env[MOCK_PROVIDERS_ENV])
  const unknownProviders = mockProviders.filter((name) => !(MOCK_PROVIDERS as readonly string[]).includes(name))
  if (unknownProviders.length > 0) problems.push(`${MOCK_PROVIDERS_ENV} names unknown mock providers (${unknownProviders.join(', ')}); known: ${MOCK_PROVIDERS.join(', ')}.`)
  const trusted = readTrustedProxies(env.STUDIO_TRUSTED_PROXIES)
  if (!trusted.ok) problems.push(`STUDIO_TRUSTED_PROXIES must be IP addresses, comma-separated (the load balancer's, as this server sees it connect); not addresses: ${trusted.invalid.join(', ')}.`)
  if (problems.length > 0 || !databaseUrl || !port.success || !mode.success || !trusted.ok) return { ok: false, problems }
  return {
    ok: true,
    config: {
      mode: mode.output,
      databaseUrl,
      host: nonEmpty(env.HOST) ?? DEFAULT_HOST,
      port: port.output,
      dataDir: nonEmpty(env.STUDIO_DATA_DIR) ?? DEFAULT_DATA_DIR,
      distDir: nonEmpty(env.STUDIO_DIST_DIR) ?? (selfHosted ? DEFAULT_SELF_HOSTED_DIST_DIR : DEFAULT_DIST_DIR),
      secret,
      allowedOrigin,
      publicUrl,
      disabledFeatures,
      mockProviders: [...new Set(mockProviders as MockProvider[])],
      trustedProxies: trusted.proxies,
    },
  }
}

/** What start-up says, loudly, when mock providers are on: who they let in. Null when none is. */
export function mockProvidersWarning(providers: readonly MockProvider[]): string | null {
  if (providers.length === 0) return null
  return [
    `WARNING: ${MOCK_PROVIDERS_ENV}=${providers.join(',')}: the mock ${providers.join(' and ')} ${providers.length === 1 ? 'is' : 'are'} on.`,
    ...(providers.includes('code-hosting') ? ['  Anyone who reaches this server can sign in as the mock code-hosting accounts\' users, without a password.'] : []),
    ...(providers.includes('webhook-echo') ? ['  Anyone who reaches this server can call its echo endpoint, without a password.'] : []),
    '  For a demo only: unset it for anything else.',
  ].join('\n')
}

/** A comma-separated list (the build's form, settings.ts); unset or empty is none. */
function featureList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((feature) => feature.trim())
    .filter(Boolean)
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value
  } catch {
    return false
  }
}
