/**
 * For a vitest file about `npm run serve`: a served Studio on DATABASE_URL's server with a stand-in
 * build, its records schema and project databases named apart (from a running server's and from the
 * other test files'), all dropped after.
 */
import { request as httpRequest } from 'node:http'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { DEMO_CREDENTIALS } from '../../src/constants'
import type { ServeConfig } from './config'
import { startStudioServer, type StudioServerOptions, type StudioServer } from './server'

/** A page like the build's: a module script, no inline script or style. */
export const STAND_IN_INDEX_HTML = '<!doctype html><html><head><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>'

export function useServedStudio(name: string, options: Omit<StudioServerOptions, 'config' | 'databasePrefix' | 'platformSchema'> & { config?: Partial<ServeConfig> } = {}) {
  const databaseUrl = process.env['DATABASE_URL']!
  const databasePrefix = `studio_${name}_test_`
  const platformSchema = `studio_${name}_test_platform_${process.pid}`
  let root = ''
  let running: StudioServer | undefined

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), `studio-${name}-`))
    const distDir = join(root, 'dist')
    await mkdir(join(distDir, 'assets'), { recursive: true })
    await writeFile(join(distDir, 'index.html'), STAND_IN_INDEX_HTML)
    await writeFile(join(distDir, 'assets', 'app-3f9a1c.js'), 'console.log("app")')
    const config: ServeConfig = { mode: 'platform', databaseUrl, host: '127.0.0.1', port: 0, dataDir: join(root, 'data'), distDir, secret: null, allowedOrigin: null, disabledFeatures: [] }
    const { config: overrides, ...rest } = options
    running = await startStudioServer({ ...rest, config: { ...config, ...overrides }, databasePrefix, platformSchema })
  }, 60_000)
  afterAll(async () => {
    await running?.close()
    if (root) await rm(root, { recursive: true, force: true })
    await dropServedDatabases(databaseUrl, platformSchema, databasePrefix)
  })

  return {
    get server(): StudioServer {
      if (!running) throw new Error('The served Studio starts in beforeAll')
      return running
    },
    databasePrefix,
  }
}

export async function dropServedDatabases(databaseUrl: string, platformSchema: string, databasePrefix: string) {
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  try {
    await admin.query(`drop schema if exists "${platformSchema}" cascade`)
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_catalog.pg_database where starts_with(datname, $1)', [databasePrefix])
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`)
  } finally {
    await admin.end()
  }
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
export function signInFrom(localAddress: string, serverUrl: string, credentials: { email: string; password: string } = DEMO_CREDENTIALS) {
  return requestFrom(localAddress, `${serverUrl}/api/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  })
}
