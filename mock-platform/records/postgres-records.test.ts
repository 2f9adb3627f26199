import pg from 'pg'
import { describe, expect, it, vi } from 'vitest'
import { DEMO_CREDENTIALS, MOCK_ACCOUNTS_STORAGE_KEY, RECORD_NOT_STORED_MESSAGE } from '../../src/constants'
import { createPlatformFixtures } from '../../fixtures/platform'
import type { StudioServer } from '../serve/server'
import { api, signIn } from '../serve/testing'
import { collectionsOf, useServedRecords } from '../serve/records-testing'
import { migrate, MIGRATIONS, withStoreLock } from './migrations'
import { COLLECTION_NAMES, COLLECTION_TABLES } from './record-tables'

const databaseUrl = process.env['DATABASE_URL']
/** Apart from a running server's `studio_platform` and `studio_` databases (the e2e serve ring). */
const SCHEMA_PREFIX = `studio_records_test_${process.pid}_`
const DATABASE_PREFIX = 'studio_records_test_'
const STRONG = 'violet-Tractor-91-lagoon!quill'

describe.skipIf(databaseUrl)('platform records without DATABASE_URL', () => {
  it.skip('need a PostgreSQL server: set DATABASE_URL (bash .ci/run starts one) to run them', () => {})
})

describe.runIf(databaseUrl)('platform records on a PostgreSQL server (DATABASE_URL)', () => {
  const served = useServedRecords({ schemaPrefix: SCHEMA_PREFIX, databasePrefix: DATABASE_PREFIX })
  const { newSchema, onServer } = served
  const admin = () => served.admin()
  const start = (schema: string, dataDir?: string, databaseSuffix?: string) => served.start(schema, { dataDir, databaseSuffix })


  it('migrates once: a second run applies nothing, two runs at once take turns under the lock', async () => {
    const schema = newSchema()
    const [one, two] = [new pg.Client({ connectionString: databaseUrl }), new pg.Client({ connectionString: databaseUrl })]
    await Promise.all([one.connect(), two.connect()])
    try {
      const applied = await Promise.all([one, two].map((client) => withStoreLock(client, schema, () => migrate(client, schema))))
      expect(applied.flat()).toEqual(MIGRATIONS.map((m) => m.version))
      expect(await withStoreLock(one, schema, () => migrate(one, schema))).toEqual([])
      const { rows } = await admin().query<{ version: number }>(`select version from "${schema}".schema_migrations order by version`)
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version))
      // Every collection of the platform has its table (a new collection needs a migration).
      const tables = await admin().query<{ table_name: string }>('select table_name from information_schema.tables where table_schema = $1', [schema])
      expect(tables.rows.map((r) => r.table_name).sort()).toEqual([...COLLECTION_NAMES.map((name) => COLLECTION_TABLES[name]), 'cron_projects', 'kept_records', 'rate_windows', 'record_changes', 'schema_migrations', 'storage_bytes', 'upload_chunks', 'upload_sessions'].sort())
    } finally {
      await Promise.all([one.end(), two.end()])
    }
  })

  it('seeds the demo world once, even when two servers start at once on an empty schema; passwords are kept hashed', async () => {
    const schema = newSchema()
    // Each its own data directory, as two machines would have.
    const servers = await Promise.all([start(schema, `${schema}-a`), start(schema, `${schema}-b`)])
    try {
      const { rows } = await admin().query<{ email: string; password: string }>(`select record->>'email' as email, record->>'password' as password from "${schema}".users`)
      expect(rows).toHaveLength(createPlatformFixtures().users.length)
      for (const { password } of rows) expect(password).toMatch(/^scrypt\$/)
      expect(rows.map((r) => r.password)).not.toContain(DEMO_CREDENTIALS.password)
      for (const server of servers) expect((await signIn(server, DEMO_CREDENTIALS)).access_token).toBeTruthy()
    } finally {
      await Promise.all(servers.map((server) => server.close()))
    }
  }, 60_000)

  it('loses nothing over a restart: an account, its organization, project, snippet and session', async () => {
    const schema = newSchema()
    const credentials = { email: 'restart@example.com', password: STRONG }
    const snippetId = crypto.randomUUID()
    let first = await start(schema)
    let refreshToken: string
    let before: Record<string, unknown>
    let slug: string
    let ref: string
    try {
      expect((await api(first, '/auth/v1/signup', { method: 'POST', body: credentials })).status).toBe(200)
      const session = await signIn(first, credentials)
      const token = session.access_token
      refreshToken = session.refresh_token
      expect((await api(first, '/platform/profile', { method: 'POST', token })).status).toBe(201)
      const organization = await api<{ slug: string }>(first, '/platform/organizations', { method: 'POST', token, body: { name: 'Restart Labs', tier: 'tier_free' } })
      expect(organization.status).toBe(201)
      slug = organization.body.slug
      const project = await api<{ ref: string }>(first, '/platform/projects', {
        method: 'POST',
        token,
        body: { name: 'Kept', organization_slug: slug, db_pass: STRONG, db_region: 'us-east-1', cloud_provider: 'AWS' },
      })
      expect(project.status).toBe(201)
      ref = project.body.ref
      const save = (id: string, name: string, sql: string) => api(first, `/platform/projects/${ref}/content`, { method: 'PUT', token, body: { id, name, type: 'sql', content: { sql } } })
      expect((await save(snippetId, 'Draft', 'select 1')).status).toBe(201)
      expect((await save(crypto.randomUUID(), 'Another', 'select 2')).status).toBe(201)
      // Saved again whole: deleted and made anew, so it moves to the end of the list, in memory and in the store.
      expect((await save(snippetId, 'Kept query', 'select 42')).status).toBe(200)
      const customer = { billing_name: 'Restart Labs GmbH', address: { line1: '1 Kept Street', line2: '', city: 'Berlin', state: '', postal_code: '10115', country: 'DE' } }
      expect((await api(first, `/platform/organizations/${slug}/customer`, { method: 'PUT', token, body: customer })).status).toBe(204)
      // Detail reads move a coming-up project along (an update made by a GET).
      expect((await api<{ status: string }>(first, `/platform/projects/${ref}`, { token })).status).toBe(200)
      before = collectionsOf(first)
      // Kept once, in the collections' tables: not copied into the browser's account record as well.
      expect((await admin().query(`select key from "${schema}".kept_records`)).rows.map((r: { key: string }) => r.key)).not.toContain(MOCK_ACCOUNTS_STORAGE_KEY)
    } finally {
      await first.close()
    }

    first = await start(schema)
    try {
      // Every collection comes back as it was, record for record and in order.
      expect(collectionsOf(first)).toEqual(before)
      const session = await signIn(first, credentials)
      expect(session.access_token).toBeTruthy()
      const token = session.access_token
      expect((await api<{ slug: string }[]>(first, '/platform/organizations', { token })).body.map((o) => o.slug)).toEqual([slug])
      const project = await api<{ name: string; organization_slug?: string }>(first, `/platform/projects/${ref}`, { token })
      expect(project.status).toBe(200)
      expect(project.body.name).toBe('Kept')
      const snippet = await api<{ name: string; content: { sql: string } }>(first, `/platform/projects/${ref}/content/item/${snippetId}`, { token })
      expect(snippet.status).toBe(200)
      expect(snippet.body).toMatchObject({ name: 'Kept query', content: { sql: 'select 42' } })
      const customer = await api<{ billing_name: string; address: { line1: string } }>(first, `/platform/organizations/${slug}/customer`, { token })
      expect(customer.body).toMatchObject({ billing_name: 'Restart Labs GmbH', address: { line1: '1 Kept Street' } })
      // The session of before the restart renews: its refresh token was stored too.
      const renewed = await api<{ refresh_token: string }>(first, '/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: refreshToken } })
      expect(renewed.status).toBe(200)
      expect(renewed.body.refresh_token).not.toBe(refreshToken)
    } finally {
      await first.close()
    }
  }, 90_000)

  it("keeps the logs explorer's events and history over a restart, the history written once", async () => {
    const schema = newSchema()
    const ref = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!.ref
    // Sign-ins (Auth events) and the seeded history, up to a moment before the restart.
    const counting = "select (select count(*) from auth_logs where action = 'login' and user_email = 'demo@example.com')::int as logins, (select count(*) from edge_logs)::int as requests"
    const countUntil = async (server: StudioServer, token: string, end: Date) => {
      const query = new URLSearchParams({ sql: counting, iso_timestamp_start: new Date(end.getTime() - 6 * 3600_000).toISOString(), iso_timestamp_end: end.toISOString() })
      const answer = await api<{ result: { logins: number; requests: number }[] }>(server, `/platform/projects/${ref}/analytics/endpoints/logs.all?${query}`, { token })
      expect(answer.status).toBe(200)
      return answer.body.result[0]!
    }
    // The log store is the server's (replicas share it): this test's own, so no other test's sign-ins are counted.
    const restarted = () => start(schema, undefined, 'kept_logs_')
    let server = await restarted()
    let counted: { logins: number; requests: number }
    let end: Date
    try {
      await signIn(server, DEMO_CREDENTIALS)
      const token = (await signIn(server, DEMO_CREDENTIALS)).access_token
      await new Promise((resolve) => setTimeout(resolve, 20))
      end = new Date()
      counted = await countUntil(server, token, end)
      expect(counted.logins).toBe(2)
      expect(counted.requests).toBeGreaterThan(0)
    } finally {
      await server.close()
    }
    server = await restarted()
    try {
      const token = (await signIn(server, DEMO_CREDENTIALS)).access_token
      // The same range after the restart: nothing lost, nothing seeded twice.
      expect(await countUntil(server, token, end)).toEqual(counted)
    } finally {
      await server.close()
    }
  }, 90_000)

  it('stores every one of many changes made at once (fifty snippets saved together)', async () => {
    await onServer(async ({ schema, server }) => {
      const token = (await signIn(server, DEMO_CREDENTIALS)).access_token
      const ref = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!.ref
      const ids = Array.from({ length: 50 }, () => crypto.randomUUID())
      const answers = await Promise.all(
        ids.map((id, n) => api(server, `/platform/projects/${ref}/content`, { method: 'PUT', token, body: { id, name: `Load ${n}`, type: 'sql', content: { sql: `select ${n}` } } })),
      )
      expect(answers.map((a) => a.status)).toEqual(ids.map(() => 201))
      // Each answer came once its snippet was stored.
      const { rows } = await admin().query<{ key: string; sql: string }>(`select key, record->'content'->>'sql' as sql from "${schema}".snippets where key = any($1)`, [ids])
      expect(new Map(rows.map((r) => [r.key, r.sql]))).toEqual(new Map(ids.map((id, n) => [id, `select ${n}`])))
    })
  }, 60_000)

  it('answers an error, not a success, when a change cannot be stored', async () => {
    await onServer(async ({ schema, server }) => {
      const token = (await signIn(server, DEMO_CREDENTIALS)).access_token
      const ref = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!.ref
      // The store refuses every new snippet row from now on.
      await admin().query(`alter table "${schema}".snippets add constraint refuse_all check (false) not valid`)
      const body = { id: crypto.randomUUID(), name: 'Unsaved', type: 'sql', content: { sql: 'select 1' } }
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      // A change made at the same moment is stored all the same: each request commits on its own (record-units.test.ts).
      const [refused, organization] = await Promise.all([
        api(server, `/platform/projects/${ref}/content`, { method: 'PUT', token, body }),
        api<{ id: number }>(server, '/platform/organizations', { method: 'POST', token, body: { name: 'Beside the refusal', tier: 'tier_free' } }),
      ])
      expect(organization.status).toBe(201)
      expect((await admin().query(`select 1 from "${schema}".organizations where key = $1`, [String(organization.body.id)])).rows).toHaveLength(1)
      expect(logged).toHaveBeenCalledWith('A change could not be stored:', expect.objectContaining({ constraint: 'refuse_all' }))
      logged.mockRestore()
      expect(refused).toEqual({ status: 500, body: { message: RECORD_NOT_STORED_MESSAGE } })
      // The refused snippet left no trace: saved again, it is made (201), not replaced.
      expect((await api(server, `/platform/projects/${ref}/content/item/${body.id}`, { token })).status).toBe(404)
      await admin().query(`alter table "${schema}".snippets drop constraint refuse_all`)
      expect((await api(server, `/platform/projects/${ref}/content`, { method: 'PUT', token, body })).status).toBe(201)
      const { rows } = await admin().query(`select 1 from "${schema}".snippets where key = $1`, [body.id])
      expect(rows).toHaveLength(1)
    })
  }, 60_000)
})
