/**
 * The server decides every write (SPEC §6), checked on `npm run serve` itself: a real PostgreSQL
 * server under the project databases and the platform's records, the attacks made over HTTP.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_FOLDER_NAME } from '../../fixtures/demo-world'
import { FIXTURE_CODE_HOSTING_ACCOUNTS } from '../../fixtures/platform'
import { CONTENT_MESSAGE, DEMO_CREDENTIALS, GRAPHQL_AUTHORIZATION_HEADER, GRAPHQL_MESSAGE, PERMISSION_MESSAGE } from '../../src/constants'
import { issueAccessToken } from '../auth/access-tokens'
import type { ServeConfig } from './config'
import { startStudioServer, type StudioServer } from './server'
import { dropServed } from './testing'

const databaseUrl = process.env['DATABASE_URL']
/** Apart from the databases and records of a running server and of the other serve tests. */
const DATABASE_PREFIX = 'studio_serve_perm_'
const PLATFORM_SCHEMA = `studio_serve_perm_platform_${process.pid}`

describe.runIf(databaseUrl)('npm run serve decides who may write (DATABASE_URL)', () => {
  let root: string
  let running: StudioServer

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'studio-serve-perm-'))
    const distDir = join(root, 'dist')
    await mkdir(distDir, { recursive: true })
    await writeFile(join(distDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
    const config: ServeConfig = { mode: 'platform', databaseUrl: databaseUrl!, host: '127.0.0.1', port: 0, dataDir: join(root, 'data'), distDir, secret: null, allowedOrigin: null, disabledFeatures: [] }
    running = await startStudioServer({ config, databasePrefix: DATABASE_PREFIX, platformSchema: PLATFORM_SCHEMA })
  }, 60_000)
  afterAll(async () => {
    await running?.close()
    await rm(root, { recursive: true, force: true })
    await dropTestDatabases(databaseUrl!)
  })

  /** A call as `email`, with a token the server signed (no sign-in: its limit is not this test's). */
  function callAs(email: string, path: string, init: RequestInit = {}) {
    const user = running.platform.db.users.findFirst((q) => q.where({ email }))!
    const headers = new Headers(init.headers)
    headers.set('authorization', `Bearer ${issueAccessToken(user.id, 600, running.platform.ctx.tokenSigning)}`)
    if (init.body) headers.set('content-type', 'application/json')
    return fetch(`${running.url}/api${path}`, { ...init, headers })
  }
  const asDemo = (path: string, init?: RequestInit) => callAs(DEMO_CREDENTIALS.email, path, init)
  const asOcto = (path: string, init?: RequestInit) => callAs(FIXTURE_CODE_HOSTING_ACCOUNTS[0]!.email, path, init)

  const projectOf = (slug: string) => running.platform.db.projects.findFirst((q) => q.where({ organization_slug: slug, status: 'ACTIVE_HEALTHY' }))!

  /** A record as the server's store holds it (what a restart would come back to). */
  async function storedRecord(table: 'folders' | 'snippets', key: string) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const { rows } = await client.query<{ record: { name: string } }>(`select record from "${PLATFORM_SCHEMA}".${table} where key = $1`, [key])
      return rows[0]?.record
    } finally {
      await client.end()
    }
  }

  it("refuses another member's rename and deletion of my folder (403); the folder and my private snippet stay, stored", async () => {
    const project = projectOf('acme-corp')
    const demo = running.platform.db.profiles.findFirst((q) => q.where({ primary_email: DEMO_CREDENTIALS.email }))!
    const folder = running.platform.db.folders.findFirst((q) => q.where({ project_ref: project.ref, name: FIXTURE_FOLDER_NAME, owner_id: demo.id }))!
    const snippet = running.platform.db.snippets.findFirst((q) => q.where({ folder_id: folder.id }))!
    expect(snippet.visibility).toBe('user')
    const base = `/platform/projects/${project.ref}/content`

    const rename = await asOcto(`${base}/folders/${folder.id}`, { method: 'PATCH', body: JSON.stringify({ name: 'Taken over' }) })
    expect(rename.status).toBe(403)
    expect(await rename.json()).toEqual({ message: CONTENT_MESSAGE.notYourFolder })
    const removal = await asOcto(`${base}/folders?ids=${folder.id}`, { method: 'DELETE' })
    expect(removal.status).toBe(403)
    expect(await removal.json()).toEqual({ message: CONTENT_MESSAGE.notYourFolder })

    expect(await (await asDemo(`${base}/item/${snippet.id}`)).json()).toMatchObject({ id: snippet.id, folder_id: folder.id })
    expect(await storedRecord('folders', folder.id)).toMatchObject({ name: FIXTURE_FOLDER_NAME })
    expect(await storedRecord('snippets', snippet.id)).toMatchObject({ name: snippet.name, folder_id: folder.id })
  }, 60_000)

  it("refuses a read-only member's change of the schemas the project's API exposes (403); the setting stays", async () => {
    const path = `/platform/projects/${projectOf('readonly-co').ref}/config/postgrest`
    const before = await (await asDemo(path)).json()
    const answer = await asDemo(path, { method: 'PATCH', body: JSON.stringify({ db_schema: 'public, private_data' }) })
    expect(answer.status).toBe(403)
    expect(await answer.json()).toEqual({ message: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.changeApiSchemas) })
    expect(await (await asDemo(path)).json()).toEqual(before)
  })

  function graphql(email: string, ref: string, query: string, authorization?: string) {
    return callAs(email, `/platform/projects/${ref}/api/graphql`, {
      method: 'POST',
      body: JSON.stringify({ query }),
      headers: authorization === undefined ? {} : { [GRAPHQL_AUTHORIZATION_HEADER]: authorization },
    })
  }
  async function customerCount(ref: string) {
    const database = await (await running.platform.ctx.databases()).open(ref)
    return (await database.query('select count(*)::int as n from public.customers')).rows[0]!['n']
  }
  const INSERT = 'mutation { insertIntoCustomersCollection(objects: [{email: "served.reader@example.com", fullName: "Reader"}]) { affectedCount } }'

  it("refuses a read-only member's GraphQL insert as read-only; the row count is unchanged", async () => {
    const { ref } = projectOf('readonly-co')
    const before = await customerCount(ref)
    const anon = (await (await asDemo(`/platform/projects/${ref}/api/graphql/token`, { method: 'POST', body: JSON.stringify({ role: 'anon' }) })).json()) as { token: string }
    for (const authorization of [undefined, `Bearer ${anon.token}`]) {
      const answer = await graphql(DEMO_CREDENTIALS.email, ref, INSERT, authorization)
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({ data: null, errors: [expect.objectContaining({ message: GRAPHQL_MESSAGE.readOnlyMutation })] })
    }
    expect(await customerCount(ref)).toBe(before)
  }, 60_000)

  it("answers a read-only member's GraphQL query, read-only, as authenticated or anon", async () => {
    const { ref } = projectOf('readonly-co')
    const anon = (await (await asDemo(`/platform/projects/${ref}/api/graphql/token`, { method: 'POST', body: JSON.stringify({ role: 'anon' }) })).json()) as { token: string }
    for (const authorization of [undefined, `Bearer ${anon.token}`]) {
      const answer = (await (await graphql(DEMO_CREDENTIALS.email, ref, '{ customersCollection { totalCount } }', authorization)).json()) as {
        data: { customersCollection: { totalCount: unknown } } | null
        errors?: unknown
      }
      expect(answer.errors, authorization).toBeUndefined()
      expect(typeof answer.data?.customersCollection.totalCount).toBe('number')
    }
  }, 60_000)

  it('refuses an unsigned (alg none) token claiming service_role with 401; a token the server signed works', async () => {
    const { ref } = projectOf('readonly-co')
    const acme = projectOf('acme-corp').ref
    const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const forged = `Bearer ${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 600 })}.`
    const before = await customerCount(ref)
    for (const project of [ref, acme]) {
      const answer = await graphql(DEMO_CREDENTIALS.email, project, INSERT, forged)
      expect(answer.status, project).toBe(401)
      expect(await answer.json()).toEqual({ message: GRAPHQL_MESSAGE.unsigned })
    }
    expect(await customerCount(ref)).toBe(before)

    const signed = (await (await asDemo(`/platform/projects/${acme}/api/graphql/token`, { method: 'POST', body: JSON.stringify({ role: 'service_role' }) })).json()) as { token: string }
    const counted = await graphql(DEMO_CREDENTIALS.email, acme, '{ customersCollection { totalCount } }', `Bearer ${signed.token}`)
    expect(await counted.json()).toEqual({ data: { customersCollection: { totalCount: await customerCount(acme) } } })
  }, 60_000)
})

function dropTestDatabases(url: string) {
  return dropServed(url, { databasePrefix: DATABASE_PREFIX, schema: PLATFORM_SCHEMA })
}
