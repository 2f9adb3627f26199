import { spawnSync } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS, PG_META_HEADERS, PG_META_ROW_PARTS, RUNTIME_CONFIG_ELEMENT_ID, SQL_READ_ONLY_MESSAGE } from '../../src/constants'
import type { RowColumns } from '../../src/lib/row-columns'
import { issueAccessToken } from '../auth/access-tokens'
import { projectDatabaseName } from '../postgres/server-address'
import { projectRoles } from '../postgres/server-tenancy'
import type { ServeConfig } from './config'
import { SECRET_FILE } from './secret'
import { startStudioServer, type StudioServer } from './server'
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from './static-files'

const databaseUrl = process.env['DATABASE_URL']
/** Apart from the `studio_` databases of a server running beside the tests (the e2e serve ring). */
const DATABASE_PREFIX = 'studio_serve_test_'
/** Its records apart from a running server's `studio_platform` too; dropped after. */
const PLATFORM_SCHEMA = `studio_serve_test_platform_${process.pid}`
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url))
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url))

describe('npm run serve with settings it cannot start on', () => {
  it('says what to set and exits non-zero', () => {
    const env = { ...process.env }
    delete env.DATABASE_URL
    const run = spawnSync(TSX, [MAIN], { env, encoding: 'utf8', timeout: 30_000 })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('DATABASE_URL is not set')
    expect(run.stdout).toBe('')
  })

  it('says which STUDIO_MODE values there are and exits non-zero on any other', () => {
    const run = spawnSync(TSX, [MAIN], { env: { ...process.env, DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/postgres', STUDIO_MODE: 'selfhosted' }, encoding: 'utf8', timeout: 30_000 })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('STUDIO_MODE must be platform or self-hosted (unset: platform).')
    expect(run.stdout).toBe('')
  })
})

describe.runIf(databaseUrl)('npm run serve on a PostgreSQL server (DATABASE_URL)', () => {
  let root: string
  let config: ServeConfig
  let running: StudioServer

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'studio-serve-'))
    const distDir = join(root, 'dist')
    await mkdir(join(distDir, 'assets'), { recursive: true })
    await writeFile(join(distDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>')
    await writeFile(join(distDir, 'assets', 'app-3f9a1c.js'), 'console.log("app")')
    await writeFile(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    config = { mode: 'platform', databaseUrl: databaseUrl!, host: '127.0.0.1', port: 0, dataDir: join(root, 'data'), distDir, secret: null, allowedOrigin: 'https://studio.example.com', disabledFeatures: [] }
    running = await startStudioServer({ config, bodyLimitBytes: 64 * 1024, signInLimit: { attempts: 3, windowMs: 60_000 }, databasePrefix: DATABASE_PREFIX, platformSchema: PLATFORM_SCHEMA })
  }, 60_000)
  afterAll(async () => {
    await running?.close()
    await rm(root, { recursive: true, force: true })
    await dropTestDatabases(databaseUrl!)
  })

  const signIn = () =>
    fetch(`${running.url}/api/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_CREDENTIALS),
    })

  it('binds the given host and generated a secret on first start', () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(running.secretCreated).toBe(true)
  })

  it('serves the build: hashed assets cached a year, the page with the run-time config, app routes fall back to it', async () => {
    const asset = await fetch(`${running.url}/assets/app-3f9a1c.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toContain('text/javascript')
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE_CACHE)
    expect(await asset.text()).toBe('console.log("app")')

    const favicon = await fetch(`${running.url}/favicon.svg`)
    expect(favicon.headers.get('cache-control')).toBe(REVALIDATE_CACHE)
    expect(favicon.headers.get('content-type')).toBe('image/svg+xml')

    for (const path of ['/', '/index.html', '/project/abcdefghijklmnopqrst/sql/new', '/sign-in?returnTo=%2Forganizations']) {
      const page = await fetch(`${running.url}${path}`)
      expect(page.status, path).toBe(200)
      expect(page.headers.get('cache-control')).toBe(REVALIDATE_CACHE)
      const html = await page.text()
      expect(html).toContain(`<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">{"platform":"remote","apiBase":"/api"}</script>\n</head>`)
    }
    expect((await fetch(`${running.url}/assets/missing-1234.js`)).status).toBe(404)
    expect((await fetch(`${running.url}/%2e%2e%2f%2e%2e%2fetc%2fpasswd`)).status).toBe(400)
    expect((await fetch(`${running.url}/`, { method: 'POST' })).status).toBe(405)
  })

  it('answers the platform API under /api with signed tokens, and runs SQL on the server', async () => {
    const answer = await signIn()
    expect(answer.status).toBe(200)
    const { access_token } = (await answer.json()) as { access_token: string }
    expect(access_token.split('.')).toHaveLength(3)
    const auth = { authorization: `Bearer ${access_token}` }
    expect((await fetch(`${running.url}/api/platform/organizations`, { headers: { authorization: `Bearer ${access_token.slice(0, access_token.lastIndexOf('.'))}` } })).status).toBe(401)
    const [organization] = (await (await fetch(`${running.url}/api/platform/organizations`, { headers: auth })).json()) as { slug: string }[]
    const { projects } = (await (await fetch(`${running.url}/api/platform/organizations/${organization!.slug}/projects`, { headers: auth })).json()) as { projects: { ref: string; status: string }[] }
    const project = projects.find((p) => p.status === 'ACTIVE_HEALTHY')!
    // The dashboard sends the project's encrypted connection with each pg-meta call (SPEC §8).
    const { connectionString } = (await (await fetch(`${running.url}/api/platform/projects/${project.ref}`, { headers: auth })).json()) as { connectionString: string }
    const query = await fetch(`${running.url}/api/platform/pg-meta/${project.ref}/query`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', [PG_META_HEADERS.connection]: connectionString },
      body: JSON.stringify({ query: 'select 1 as one' }),
    })
    expect(query.status).toBe(200)
    expect(await query.json()).toEqual([{ one: 1 }])
    // A big result, for a client that takes it in parts (the SQL editor), goes out as JSON lines.
    const count = PG_META_ROW_PARTS.firstBatchRows + 1
    const parts = await fetch(`${running.url}/api/platform/pg-meta/${project.ref}/query`, {
      method: 'POST',
      headers: { ...auth, accept: PG_META_ROW_PARTS.contentType, 'content-type': 'application/json', [PG_META_HEADERS.connection]: connectionString },
      body: JSON.stringify({ query: `select g from generate_series(1, ${count}) g` }),
    })
    expect(parts.headers.get('content-type')).toBe(PG_META_ROW_PARTS.contentType)
    const lines = (await parts.text()).trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)
    // The user's own server answers whole (node-postgres): the rows in two batches (in columns), then the end line.
    expect(lines.slice(0, -1).map((line) => (line as RowColumns).rowCount)).toEqual([PG_META_ROW_PARTS.firstBatchRows, 1])
    expect(lines[1]).toEqual({ rowCount: 1, columns: ['g'], values: [[count]] })
    expect(lines[2]).toMatchObject({ end: { rowCount: count } })
  }, 60_000)

  it("runs a read-only member's SQL read-only on the server, as a role that may only read (SPEC §6)", async () => {
    // A token of its own, without another sign-in.
    const demo = running.platform.db.users.findFirst((q) => q.where({ email: DEMO_CREDENTIALS.email }))!
    const auth = { authorization: `Bearer ${issueAccessToken(demo.id, 600, running.platform.ctx.tokenSigning)}` }
    const { projects } = (await (await fetch(`${running.url}/api/platform/organizations/readonly-co/projects`, { headers: auth })).json()) as { projects: { ref: string }[] }
    const ref = projects[0]!.ref
    const { connectionString } = (await (await fetch(`${running.url}/api/platform/projects/${ref}`, { headers: auth })).json()) as { connectionString: string }
    const run = (query: string) =>
      fetch(`${running.url}/api/platform/pg-meta/${ref}/query`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', [PG_META_HEADERS.connection]: connectionString },
        body: JSON.stringify({ query }),
      })
    const who = await run('select current_user as who, (select count(*)::int from public.customers) > 0 as reads')
    expect(await who.json()).toEqual([{ who: projectRoles(projectDatabaseName(ref, DATABASE_PREFIX)).reader, reads: true }])
    const insert = await run("commit; insert into public.customers (email, full_name) values ('served@example.com', 'Served')")
    expect(insert.status).toBe(400)
    expect(await insert.json()).toMatchObject({ code: '25006', hint: SQL_READ_ONLY_MESSAGE.hint })
    const copy = await run("copy (select 1) to program 'true'")
    expect(await copy.json()).toMatchObject({ code: '42501' })
  }, 60_000)

  it('refuses a body over the limit with 413', async () => {
    const answer = await fetch(`${running.url}/api/platform/pg-meta/abcdefghijklmnopqrst/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `select '${'x'.repeat(70 * 1024)}'` }),
    })
    expect(answer.status).toBe(413)
    expect(await answer.json()).toEqual({ message: 'Request body too large (over 65536 bytes)' })
  })

  it('allows CORS for the configured origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${running.url}/api/platform/organizations`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } })
    const allowed = await preflight('https://studio.example.com')
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://studio.example.com')
    const foreign = await preflight('https://evil.example')
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const simple = await fetch(`${running.url}/api/platform/organizations`, { headers: { origin: 'https://evil.example' } })
    expect(simple.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('rate-limits failed sign-ins per address with 429 and Retry-After (sign-in-limit.test.ts has the rest)', async () => {
    // The earlier tests signed in with the right password, which is not counted; the limit is 3 failures in the window.
    const statuses: number[] = []
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await fetch(`${running.url}/api/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...DEMO_CREDENTIALS, password: 'not-the-password' }),
      })
      statuses.push(wrong.status)
    }
    const last = await signIn()
    statuses.push(last.status)
    expect(statuses).toEqual([400, 400, 400, 429])
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await last.json()).toMatchObject({ error_code: 'over_request_rate_limit' })
  })

  it('reuses the kept secret on the next start: a token the first start signed is still good', async () => {
    const demo = running.platform.db.users.findFirst((q) => q.where({ email: DEMO_CREDENTIALS.email }))!
    const token = issueAccessToken(demo.id, 600, running.platform.ctx.tokenSigning)
    // The next start's data directory holds the kept secret (copied: the running server keeps its log store in its own).
    const nextDataDir = join(root, 'data-next')
    await mkdir(nextDataDir, { recursive: true })
    await copyFile(join(config.dataDir, SECRET_FILE), join(nextDataDir, SECRET_FILE))
    const again = await startStudioServer({ config: { ...config, dataDir: nextDataDir }, databasePrefix: DATABASE_PREFIX, platformSchema: PLATFORM_SCHEMA })
    try {
      expect(again.secretCreated).toBe(false)
      const user = await fetch(`${again.url}/api/auth/v1/user`, { headers: { authorization: `Bearer ${token}` } })
      expect(user.status).toBe(200)
      expect(await user.json()).toMatchObject({ email: DEMO_CREDENTIALS.email })
    } finally {
      await again.close()
    }
  }, 60_000)
})

async function dropTestDatabases(url: string) {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`drop schema if exists "${PLATFORM_SCHEMA}" cascade`)
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_catalog.pg_database where starts_with(datname, $1)', [DATABASE_PREFIX])
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`)
  } finally {
    await admin.end()
  }
}
