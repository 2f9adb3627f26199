import { describe, expect, it, vi } from 'vitest'
import { DEMO_CREDENTIALS, RECORD_NOT_STORED_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from '../../src/constants'
import { createPlatformFixtures } from '../../fixtures/platform'
import type { StudioServer } from '../serve/server'
import { collectionsOf, databaseRelay, useServedRecords, type ServedTest } from '../serve/records-testing'
import { api, signIn } from '../serve/testing'

const databaseUrl = process.env['DATABASE_URL']
/** Apart from a running server's `studio_platform` and `studio_` databases (the e2e serve ring). */
const SCHEMA_PREFIX = `studio_atomic_test_${process.pid}_`
const DATABASE_PREFIX = 'studio_atomic_test_'
const STRONG = 'violet-Tractor-91-lagoon!quill'
const ACME_REF = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!.ref

describe.runIf(databaseUrl)('a served change is all or nothing (DATABASE_URL)', () => {
  const served = useServedRecords({ schemaPrefix: SCHEMA_PREFIX, databasePrefix: DATABASE_PREFIX })
  const { onServer } = served
  const admin = () => served.admin()

  const snippetPath = `/platform/projects/${ACME_REF}/content`
  const saveSnippet = (server: StudioServer, token: string, id: string, name: string, sql: string) =>
    api(server, snippetPath, { method: 'PUT', token, body: { id, name, type: 'sql', content: { sql } } })
  const readSnippet = (server: StudioServer, token: string, id: string) => api<{ name: string; content: { sql: string } }>(server, `${snippetPath}/item/${id}`, { token })
  const storedSnippet = async (schema: string, id: string) =>
    (await admin().query<{ name: string; sql: string }>(`select record->>'name' as name, record->'content'->>'sql' as sql from "${schema}".snippets where key = $1`, [id])).rows[0]
  /** Runs `work` with the server's complaints about refused writes silenced, and returns what it complained. */
  async function quietly<T>(work: () => Promise<T>): Promise<{ result: T; logged: unknown[][] }> {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const result = await work()
      return { result, logged: logged.mock.calls }
    } finally {
      logged.mockRestore()
    }
  }
  /** Restarts on the same schema: what comes back must be what the server showed before. */
  async function restarted(server: StudioServer, restart: ServedTest['restart']): Promise<StudioServer> {
    const before = collectionsOf(server)
    const again = await restart()
    expect(collectionsOf(again)).toEqual(before)
    return again
  }

  it('refuses text PostgreSQL cannot store with 400 naming the field, before anything is kept (a snippet, a customer address)', async () => {
    await onServer(async ({ schema, server, restart }) => {
      const { access_token: token } = await signIn(server, DEMO_CREDENTIALS)
      const fresh = crypto.randomUUID()
      expect(await saveSnippet(server, token, fresh, 'Nul', 'select 1\u0000')).toEqual({ status: 400, body: { message: UNSTORABLE_TEXT_MESSAGE('content.sql', 'U+0000') } })
      expect((await readSnippet(server, token, fresh)).status).toBe(404)
      expect(await storedSnippet(schema, fresh)).toBeUndefined()

      const kept = crypto.randomUUID()
      expect((await saveSnippet(server, token, kept, 'Kept', 'select 2')).status).toBe(201)
      // A lone surrogate (JSON's "\ud800" escape) in an update of it: refused, the old one served.
      expect(await saveSnippet(server, token, kept, 'Half \ud800 a pair', 'select 3')).toEqual({ status: 400, body: { message: UNSTORABLE_TEXT_MESSAGE('name', 'U+D800') } })
      expect((await readSnippet(server, token, kept)).body).toMatchObject({ name: 'Kept', content: { sql: 'select 2' } })
      expect(await storedSnippet(schema, kept)).toEqual({ name: 'Kept', sql: 'select 2' })

      // Deep in a kept record (the organization's billing customer): named by its path.
      const customerPath = '/platform/organizations/acme-corp/customer'
      const customerBefore = await api(server, customerPath, { token })
      const address = { line1: '1 Main\u0000Street', line2: '', city: 'Berlin', state: '', postal_code: '10115', country: 'DE' }
      expect(await api(server, customerPath, { method: 'PUT', token, body: { billing_name: 'Acme', address } })).toEqual({
        status: 400,
        body: { message: UNSTORABLE_TEXT_MESSAGE('address.line1', 'U+0000') },
      })
      expect(await api(server, customerPath, { token })).toEqual(customerBefore)
      server = await restarted(server, restart)
      expect((await readSnippet(server, token, fresh)).status).toBe(404)
    })
  }, 60_000)

  it('answers an error when the database refuses an update (a CHECK constraint), and serves the old text', async () => {
    await onServer(async ({ schema, server, restart }) => {
      const { access_token: token } = await signIn(server, DEMO_CREDENTIALS)
      const id = crypto.randomUUID()
      expect((await saveSnippet(server, token, id, 'Checked', 'select 1')).status).toBe(201)
      const folder = await api<{ id: string }>(server, `${snippetPath}/folders`, { method: 'POST', token, body: { name: 'Before' } })
      expect(folder.status).toBe(201)
      await admin().query(`alter table "${schema}".snippets add constraint refuse_update check (record->'content'->>'sql' <> 'select 2') not valid`)
      await admin().query(`alter table "${schema}".folders add constraint refuse_rename check (record->>'name' <> 'After') not valid`)

      const refused = await quietly(() => saveSnippet(server, token, id, 'Checked', 'select 2'))
      expect(refused.result).toEqual({ status: 500, body: { message: RECORD_NOT_STORED_MESSAGE } })
      expect(refused.logged.flat()).toContainEqual(expect.objectContaining({ constraint: 'refuse_update' }))
      expect((await readSnippet(server, token, id)).body).toMatchObject({ content: { sql: 'select 1' } })
      expect(await storedSnippet(schema, id)).toEqual({ name: 'Checked', sql: 'select 1' })

      const renamed = await quietly(() => api(server, `${snippetPath}/folders/${folder.body.id}`, { method: 'PATCH', token, body: { name: 'After' } }))
      expect(renamed.result).toEqual({ status: 500, body: { message: RECORD_NOT_STORED_MESSAGE } })
      const folders = await api<{ data: { folders: { id: string; name: string }[] } }>(server, `${snippetPath}/folders`, { token })
      expect(folders.body.data.folders.find((f) => f.id === folder.body.id)?.name).toBe('Before')

      await admin().query(`alter table "${schema}".snippets drop constraint refuse_update`)
      await admin().query(`alter table "${schema}".folders drop constraint refuse_rename`)
      server = await restarted(server, restart)
      expect((await readSnippet(server, token, id)).body).toMatchObject({ content: { sql: 'select 1' } })
    })
  }, 60_000)

  it('answers an error for changes made while the records database is unreachable, and never serves them', async () => {
    const relay = await databaseRelay(databaseUrl!)
    try {
      await onServer(
        async ({ schema, server, restart }) => {
          const { access_token: token } = await signIn(server, DEMO_CREDENTIALS)
          const kept = crypto.randomUUID()
          expect((await saveSnippet(server, token, kept, 'Before the outage', 'select 1')).status).toBe(201)
          await relay.cut()
          const lost = Array.from({ length: 8 }, () => crypto.randomUUID())
          const during = await quietly(() =>
            Promise.all([...lost.map((id, n) => saveSnippet(server, token, id, `During ${n}`, `select ${n}`)), saveSnippet(server, token, kept, 'Renamed in the outage', 'select 2')]),
          )
          // The records database out of reach: 503, try again (not the client's fault, nor a refusal).
          expect(during.result.map((answer) => answer.status)).toEqual([...lost, kept].map(() => 503))
          const notServed = async () => {
            for (const id of lost) expect((await readSnippet(server, token, id)).status).toBe(404)
            expect((await readSnippet(server, token, kept)).body).toMatchObject({ name: 'Before the outage', content: { sql: 'select 1' } })
            const list = await api<{ data: { id: string }[] }>(server, snippetPath, { token })
            expect(list.body.data.map((s) => s.id)).not.toEqual(expect.arrayContaining([lost[0]]))
          }
          await notServed()
          await relay.restore()
          await notServed()
          // The store is reached again: the next change is kept.
          const after = crypto.randomUUID()
          expect((await quietly(() => saveSnippet(server, token, after, 'After the outage', 'select 3'))).result.status).toBe(201)
          const { rows } = await admin().query<{ key: string }>(`select key from "${schema}".snippets where key = any($1)`, [[...lost, kept, after]])
          expect(rows.map((r) => r.key).sort()).toEqual([kept, after].sort())
          expect(await storedSnippet(schema, kept)).toEqual({ name: 'Before the outage', sql: 'select 1' })
          server = await restart()
          expect((await readSnippet(server, token, lost[0]!)).status).toBe(404)
        },
        { url: relay.url },
      )
    } finally {
      await relay.close()
    }
  }, 60_000)

  it('refuses an organization named with U+0000: neither the organization nor its owner permission exists, in memory or in the database', async () => {
    await onServer(async ({ schema, server, restart }) => {
      const { access_token: token } = await signIn(server, DEMO_CREDENTIALS)
      const count = async (table: string) => Number((await admin().query(`select count(*) from "${schema}".${table}`)).rows[0].count)
      const [organizations, permissions] = [await count('organizations'), await count('permissions')]
      const memory = collectionsOf(server)
      const answer = await api(server, '/platform/organizations', { method: 'POST', token, body: { name: 'Evil\u0000Corp', tier: 'tier_free' } })
      expect(answer).toEqual({ status: 400, body: { message: UNSTORABLE_TEXT_MESSAGE('name', 'U+0000') } })
      expect(collectionsOf(server)).toEqual(memory)
      expect([await count('organizations'), await count('permissions')]).toEqual([organizations, permissions])
      const listed = await api<{ name: string }[]>(server, '/platform/organizations', { token })
      expect(listed.body.map((o) => o.name)).not.toContain('Evil\u0000Corp')
      await restarted(server, restart)
    })
  }, 60_000)

  it('keeps nothing of a project create the database refuses: no project, the organization count as it was', async () => {
    await onServer(async ({ schema, server, restart }) => {
      const { access_token: token } = await signIn(server, DEMO_CREDENTIALS)
      const organization = await api<{ id: number; slug: string }>(server, '/platform/organizations', { method: 'POST', token, body: { name: 'Refused Projects', tier: 'tier_free' } })
      expect(organization.status).toBe(201)
      const { id, slug } = organization.body
      const project = (name: string) => ({ name, organization_slug: slug, db_pass: STRONG, db_region: 'us-east-1', cloud_provider: 'AWS' })
      const storedProjects = async () => (await admin().query(`select key from "${schema}".projects where record->>'organization_slug' = $1`, [slug])).rows
      const storedCount = async () => (await admin().query<{ n: string }>(`select record->>'project_count' as n from "${schema}".organizations where key = $1`, [String(id)])).rows[0]?.n

      expect(await api(server, '/platform/projects', { method: 'POST', token, body: project('Nul\u0000project') })).toEqual({
        status: 400,
        body: { message: UNSTORABLE_TEXT_MESSAGE('name', 'U+0000') },
      })
      // The second write of the create (the organization's project count) is the one refused.
      await admin().query(`alter table "${schema}".organizations add constraint refuse_count check (key <> '${id}' or (record->>'project_count')::int = 0) not valid`)
      const refused = await quietly(() => api(server, '/platform/projects', { method: 'POST', token, body: project('Half made') }))
      expect(refused.result).toEqual({ status: 500, body: { message: RECORD_NOT_STORED_MESSAGE } })
      const listed = await api<{ pagination: { count: number } }>(server, `/platform/organizations/${slug}/projects`, { token })
      expect(listed.body.pagination.count).toBe(0)
      expect(server.platform.db.projects.findMany((q) => q.where({ organization_slug: slug }))).toEqual([])
      expect(server.platform.db.organizations.findFirst((q) => q.where({ slug }))?.project_count).toBe(0)
      expect(await storedProjects()).toEqual([])
      expect(await storedCount()).toBe('0')

      await admin().query(`alter table "${schema}".organizations drop constraint refuse_count`)
      expect((await api(server, '/platform/projects', { method: 'POST', token, body: project('Made') })).status).toBe(201)
      expect(await storedProjects()).toHaveLength(1)
      expect(await storedCount()).toBe('1')
      await restarted(server, restart)
    })
  }, 60_000)

  it('loses neither of two requests changing one record at once (two projects made in one organization)', async () => {
    await onServer(async ({ schema, server }) => {
      const { access_token: token } = await signIn(server, DEMO_CREDENTIALS)
      const organization = await api<{ id: number; slug: string }>(server, '/platform/organizations', { method: 'POST', token, body: { name: 'Busy', tier: 'tier_free' } })
      const { id, slug } = organization.body
      const create = (name: string) => api(server, '/platform/projects', { method: 'POST', token, body: { name, organization_slug: slug, db_pass: STRONG, db_region: 'us-east-1', cloud_provider: 'AWS' } })
      const answers = await Promise.all([create('One'), create('Two')])
      expect(answers.map((a) => a.status)).toEqual([201, 201])
      expect(server.platform.db.organizations.findFirst((q) => q.where({ slug }))?.project_count).toBe(2)
      const stored = await admin().query<{ n: string }>(`select record->>'project_count' as n from "${schema}".organizations where key = $1`, [String(id)])
      expect(stored.rows[0]?.n).toBe('2')
      // Ten sign-ins at once change the one kept record of sessions: every session is kept and renews.
      const sessions = await Promise.all(Array.from({ length: 10 }, () => signIn(server, DEMO_CREDENTIALS)))
      const renewed = await Promise.all(sessions.map((s) => api(server, '/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: s.refresh_token } })))
      expect(renewed.map((r) => r.status)).toEqual(sessions.map(() => 200))
    })
  }, 60_000)
})
