/** `npm run serve`'s settings, read from the environment once at start (README: settings). */
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'

export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_PORT = 8080
export const DEFAULT_DATA_DIR = './.studio-data'
/** The built dashboard `npm run build` writes. */
export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../dist', import.meta.url))

export interface ServeConfig {
  databaseUrl: string
  host: string
  port: number
  dataDir: string
  distDir: string
  /** STUDIO_SECRET when set; otherwise the one kept in the data directory (secret.ts). */
  secret: string | null
  /** The one other origin allowed to call the API from a browser (STUDIO_ORIGIN); null: same-origin only. */
  allowedOrigin: string | null
}

const MIN_SECRET_LENGTH = 32

const nonEmpty = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim())

const PortSchema = v.pipe(v.string(), v.regex(/^\d+$/, 'PORT must be a whole number'), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(65535, 'PORT must be at most 65535'))

/** The settings, or every problem with them in words a person can act on. */
export function readServeConfig(env: Record<string, string | undefined>): { ok: true; config: ServeConfig } | { ok: false; problems: string[] } {
  const problems: string[] = []
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
  if (problems.length > 0 || !databaseUrl || !port.success) return { ok: false, problems }
  return {
    ok: true,
    config: {
      databaseUrl,
      host: nonEmpty(env.HOST) ?? DEFAULT_HOST,
      port: port.output,
      dataDir: nonEmpty(env.STUDIO_DATA_DIR) ?? DEFAULT_DATA_DIR,
      distDir: nonEmpty(env.STUDIO_DIST_DIR) ?? DEFAULT_DIST_DIR,
      secret,
      allowedOrigin,
    },
  }
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value
  } catch {
    return false
  }
}
