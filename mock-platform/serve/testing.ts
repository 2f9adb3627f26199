/**
 * A served Studio for a test file, on DATABASE_URL's server: a stand-in build, its own data
 * directory, database prefix and records schema (apart from a running server's and from other
 * test files'), all dropped afterwards with the project roles it made; and the platform API spoken
 * to over HTTP.
 */
import { request as httpRequest } from 'node:http'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { DEMO_CREDENTIALS, PG_META_HEADERS } from '../../src/constants'
import { sqlIdent } from '../../src/lib/sql/quote'
import type { ServeConfig } from './config'
import { startStudioServer, type StudioServer, type StudioServerOptions } from './server'

/** A page like the build's: a module script, no inline script or style. */
export const STAND_IN_INDEX_HTML = '<!doctype html><html><head><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>'

/** A directory holding a stand-in build (`dist/index.html` and its script) to serve; `remove` deletes it. */
export async function standInBuild(): Promise<{ root: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'studio-serve-'))
  await mkdir(join(root, 'dist', 'assets'), { recursive: true })
  await writeFile(join(root, 'dist', 'index.html'), STAND_IN_INDEX_HTML)
  await writeFile(join(root, 'dist', 'assets', 'app-3f9a1c.js'), 'console.log("app")')
  return { root, remove: () => rm(root, { recursive: true, force: true }) }
}

export interface TestServer {
  running: StudioServer
  config: ServeConfig
  stop(): Promise<void>
}

/** Starts the server; `prefix` names its databases and roles, `schema` its records. */
export async function startTestServer(prefix: string, schema: string, options: Omit<StudioServerOptions, 'config' | 'databasePrefix' | 'platformSchema'> = {}): Promise<TestServer> {
  const databaseUrl = process.env['DATABASE_URL']
  if (!databaseUrl) throw new Error('DATABASE_URL is not set')
  const build = await standInBuild()
  const config: ServeConfig = { mode: 'platform', databaseUrl, host: '127.0.0.1', port: 0, dataDir: join(build.root, 'data'), distDir: join(build.root, 'dist'), secret: null, allowedOrigin: null, disabledFeatures: [] }
  try {
    const running = await startStudioServer({ ...options, config, databasePrefix: prefix, platformSchema: schema })
    return {
      running,
      config,
      async stop() {
        await running.close()
        await build.remove()
        await dropServed(databaseUrl, { databasePrefix: prefix, schema })
      },
    }
  } catch (error) {
    await build.remove()
    throw error
  }
}

/** A served Studio for a test file's tests (started in beforeAll, dropped in afterAll), its databases and records named after `name`. */
export function useServedStudio(name: string, options: Omit<StudioServerOptions, 'config' | 'databasePrefix' | 'platformSchema'> & { config?: Partial<ServeConfig> } = {}) {
  const databaseUrl = process.env['DATABASE_URL']!
  const databasePrefix = `studio_${name}_test_`
  const platformSchema = `studio_${name}_test_platform_${process.pid}`
  let build: Awaited<ReturnType<typeof standInBuild>> | undefined
  let running: StudioServer | undefined

  beforeAll(async () => {
    build = await standInBuild()
    const config: ServeConfig = { mode: 'platform', databaseUrl, host: '127.0.0.1', port: 0, dataDir: join(build.root, 'data'), distDir: join(build.root, 'dist'), secret: null, allowedOrigin: null, disabledFeatures: [] }
    const { config: overrides, ...rest } = options
    running = await startStudioServer({ ...rest, config: { ...config, ...overrides }, databasePrefix, platformSchema })
  }, 60_000)
  afterAll(async () => {
    await running?.close()
    await build?.remove()
    await dropServed(databaseUrl, { databasePrefix, schema: platformSchema })
  })

  return {
    get server(): StudioServer {
      if (!running) throw new Error('The served Studio starts in beforeAll')
      return running
    },
    databasePrefix,
  }
}

/** Drops the records schema (or every schema starting with `schemaPrefix`), the databases named with `databasePrefix` and their roles. */
export async function dropServed(databaseUrl: string, what: { databasePrefix: string; schema?: string; schemaPrefix?: string }): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  try {
    const { rows: schemas } = await admin.query<{ nspname: string }>('select nspname from pg_catalog.pg_namespace where nspname = $1 or starts_with(nspname, $2)', [
      what.schema ?? null,
      what.schemaPrefix ?? null,
    ])
    for (const { nspname } of schemas) await admin.query(`drop schema if exists ${sqlIdent(nspname)} cascade`)
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_catalog.pg_database where starts_with(datname, $1)', [what.databasePrefix])
    for (const { datname } of rows) await admin.query(`drop database if exists ${sqlIdent(datname)} with (force)`)
    // A project's two roles hold nothing outside its database, which is gone.
    const roles = await admin.query<{ rolname: string }>('select rolname from pg_catalog.pg_roles where starts_with(rolname, $1)', [what.databasePrefix])
    for (const { rolname } of roles.rows) await admin.query(`drop role if exists ${sqlIdent(rolname)}`)
  } finally {
    await admin.end()
  }
}

/** One call of the platform API; the body is sent as JSON (a lone surrogate goes as its escape, as JSON.stringify writes it). */
export async function api<T = unknown>(server: StudioServer, path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers }
  if (init.token) headers.authorization = `Bearer ${init.token}`
  const answer = await fetch(`${server.url}/api${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) })
  const text = await answer.text()
  return { status: answer.status, body: (text ? JSON.parse(text) : null) as T }
}

export async function signIn(server: StudioServer, credentials: { email: string; password: string }) {
  const answer = await api<{ access_token: string; refresh_token: string }>(server, '/auth/v1/token?grant_type=password', { method: 'POST', body: credentials })
  if (answer.status !== 200) throw new Error(`Signing in as ${credentials.email} answered ${answer.status}`)
  return answer.body
}

/** Signs up a new account and answers its access token. */
export async function signUp(server: StudioServer, email: string, password: string): Promise<string> {
  const answer = await api<{ access_token: string }>(server, '/auth/v1/signup', { method: 'POST', body: { email, password } })
  if (answer.status !== 200) throw new Error(`Signing up as ${email} answered ${answer.status}`)
  return answer.body.access_token
}

/** The platform API as one signed-in user sees it. */
export function apiAs(server: StudioServer, token: string) {
  const call = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => api(server, path, { ...init, token })
  return {
    call,
    /** SQL on a project's database as pg-meta runs it for this user (the connection header the dashboard sends). */
    async sql(ref: string, query: string) {
      const { body } = await call(`/platform/projects/${ref}`)
      const { connectionString } = body as { connectionString: string }
      return call(`/platform/pg-meta/${ref}/query`, { method: 'POST', body: { query }, headers: { [PG_META_HEADERS.connection]: connectionString } })
    },
  }
}

/**
 * A new account owning a new organization with one project whose database is ready: where a test
 * that needs a project of its own (a replica test) starts. `name` names all three; unique per test.
 */
export async function ownerOfNewProject(server: StudioServer, name: string) {
  const password = 'amber-Kettle-52-orchard!violin'
  const token = await signUp(server, `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${process.pid}@example.com`, password)
  const as = apiAs(server, token)
  await as.call('/platform/profile', { method: 'POST' })
  const { slug } = (await as.call('/platform/organizations', { method: 'POST', body: { name, tier: 'tier_free' } })).body as { slug: string }
  const made = await as.call('/platform/projects', { method: 'POST', body: { name, organization_slug: slug, db_pass: password, db_region: 'us-east-1', cloud_provider: 'AWS' } })
  if (made.status !== 201) throw new Error(`Making the project ${name} answered ${made.status}`)
  const { ref } = made.body as { ref: string }
  for (let poll = 0; poll < 20; poll++) {
    if (((await as.call(`/platform/projects/${ref}`)).body as { status: string }).status === 'ACTIVE_HEALTHY') break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { token, as, ref }
}

export interface PlainAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

/**
 * A request from a loopback address of the caller's choosing (127.0.0.2, …), which fetch cannot
 * choose: the server counts sign-ins per client address.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PlainAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers, localAddress }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, text: Buffer.concat(chunks).toString('utf8') }))
      answer.on('error', reject)
    })
    sent.on('error', reject)
    sent.end(init.body)
  })
}

/** A password sign-in from the given address. */
export function signInFrom(localAddress: string, serverUrl: string, credentials: { email: string; password: string } = DEMO_CREDENTIALS, forwardedFor?: string) {
  return requestFrom(localAddress, `${serverUrl}/api/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }) },
    body: JSON.stringify(credentials),
  })
}
