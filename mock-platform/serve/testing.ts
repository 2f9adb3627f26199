/**
 * A served Studio for a test file, on DATABASE_URL's server: a stand-in build, its own data
 * directory, database prefix and records schema (apart from a running server's and from other
 * test files'), all dropped afterwards with the project roles it made.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { PG_META_HEADERS } from '../../src/constants'
import { sqlIdent } from '../../src/lib/sql/quote'
import type { ServeConfig } from './config'
import { startStudioServer, type StudioServer, type StudioServerOptions } from './server'

export interface TestServer {
  running: StudioServer
  config: ServeConfig
  root: string
  stop(): Promise<void>
}

/** Starts the server; `prefix` names its databases and roles, `schema` its records. */
export async function startTestServer(prefix: string, schema: string, options: Omit<StudioServerOptions, 'config' | 'databasePrefix' | 'platformSchema'> = {}): Promise<TestServer> {
  const databaseUrl = process.env['DATABASE_URL']
  if (!databaseUrl) throw new Error('DATABASE_URL is not set')
  const root = await mkdtemp(join(tmpdir(), 'studio-serve-'))
  const distDir = join(root, 'dist')
  await mkdir(join(distDir, 'assets'), { recursive: true })
  await writeFile(join(distDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>')
  const config: ServeConfig = { mode: 'platform', databaseUrl, host: '127.0.0.1', port: 0, dataDir: join(root, 'data'), distDir, secret: null, allowedOrigin: null, disabledFeatures: [] }
  const running = await startStudioServer({ ...options, config, databasePrefix: prefix, platformSchema: schema })
  return {
    running,
    config,
    root,
    async stop() {
      await running.close()
      await rm(root, { recursive: true, force: true })
      await dropServed(databaseUrl, prefix, schema)
    },
  }
}

/** Drops the records schema, the databases named with `prefix` and their roles. */
export async function dropServed(databaseUrl: string, prefix: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  try {
    await admin.query(`drop schema if exists ${sqlIdent(schema)} cascade`)
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_catalog.pg_database where starts_with(datname, $1)', [prefix])
    for (const { datname } of rows) await admin.query(`drop database if exists ${sqlIdent(datname)} with (force)`)
    // A project's two roles hold nothing outside its database, which is gone.
    const roles = await admin.query<{ rolname: string }>('select rolname from pg_catalog.pg_roles where starts_with(rolname, $1)', [prefix])
    for (const { rolname } of roles.rows) await admin.query(`drop role if exists ${sqlIdent(rolname)}`)
  } finally {
    await admin.end()
  }
}

/** The platform API as one signed-in user sees it. */
export function apiAs(server: StudioServer, token: string) {
  const call = async (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const answer = await fetch(`${server.url}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    const text = await answer.text()
    return { status: answer.status, body: (text ? JSON.parse(text) : undefined) as unknown }
  }
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

/** Signs up a new account and answers its access token. */
export async function signUp(server: StudioServer, email: string, password: string): Promise<string> {
  const answer = await fetch(`${server.url}/api/auth/v1/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
  if (answer.status !== 200) throw new Error(`sign-up answered ${answer.status}: ${await answer.text()}`)
  return ((await answer.json()) as { access_token: string }).access_token
}
