import { describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import {
  CODE_HOSTING_MESSAGE,
  DEMO_CREDENTIALS,
  PERMISSION_MESSAGE,
  PG_META_HEADERS,
  PROJECT_PAUSE_MESSAGE,
  REGIONS,
  SQL_READ_ONLY_MESSAGE,
  STORAGE_MESSAGES,
} from '../../src/constants'
import { openProjectDatabase } from '../projects/database-start'
import { SLOW } from '../postgres/suite-timeouts'
import { createBucketSql, insertObjectSql } from '../storage/sql'
import { useNodeMockPlatform, whileMemberMay } from '../testing'

// SPEC §6 decided by the server: the demo user is a read-only member of Read Only Co (read, SQL
// select, billing read, storage read) and an owner of Acme Corp (everything).
const fixtures = createPlatformFixtures()
const readOnly = fixtures.projects.find((p) => p.organization_slug === 'readonly-co')!
const owned = fixtures.projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })
const { call } = platform
const ctx = () => platform.mock.platform.ctx
const denied = (what: string) => ({ message: PERMISSION_MESSAGE.denied(what) })

function post(path: string, body: unknown = {}, method = 'POST') {
  return call(path, { method, body: JSON.stringify(body) })
}

function sql(project: { ref: string }, query: string) {
  const connection = ctx().db.projects.findFirst((q) => q.where({ ref: project.ref }))?.connectionString ?? ''
  return call(`/platform/pg-meta/${project.ref}/query`, { method: 'POST', headers: { [PG_META_HEADERS.connection]: connection }, body: JSON.stringify({ query }) })
}

/** Runs `check` with the demo user's entry in Read Only Co allowing `actions`, then puts the entry back. */
const withActions = (actions: string[], check: () => Promise<void>) => whileMemberMay(ctx(), DEMO_CREDENTIALS.email, 'readonly-co', actions, check)

describe("a read-only member's SQL", () => {
  it(
    'answers selects',
    async () => {
      const answer = await sql(readOnly, 'select count(*)::int as n from public.customers')
      expect(answer.status).toBe(200)
      expect(((await answer.json()) as { n: number }[])[0]!.n).toBeGreaterThan(0)
    },
    SLOW,
  )

  it('is refused every write by the database, with the reason, and nothing changes', async () => {
    const { database } = await openProjectDatabase(ctx(), readOnly)
    const count = async () => (await database.query('select count(*)::int as n from public.customers')).rows[0]
    const before = await count()
    for (const query of [
      "insert into public.customers (email, full_name) values ('ro@example.com', 'Read Only')",
      'drop table public.customers cascade',
      "commit; insert into public.customers (email, full_name) values ('ro@example.com', 'Read Only')",
      "set transaction read write; insert into public.customers (email, full_name) values ('ro@example.com', 'Read Only')",
    ]) {
      const answer = await sql(readOnly, query)
      expect(answer.status, query).toBe(400)
      const body = (await answer.json()) as { code: string; hint: string; formattedError: string }
      expect(body.code === '25006' || body.code === '25001', query).toBe(true)
      if (body.code === '25006') {
        expect(body.hint).toBe(SQL_READ_ONLY_MESSAGE.hint)
        expect(body.formattedError).toContain(`HINT:  ${SQL_READ_ONLY_MESSAGE.hint}`)
      }
    }
    const insert = (await (await sql(readOnly, "insert into public.customers (email, full_name) values ('ro@example.com', 'Read Only')")).json()) as { message: string }
    expect(insert.message).toBe('cannot execute INSERT in a read-only transaction')
    expect(await count()).toEqual(before)
  })

  it('writes for a member whose role may change the database, here as in a project of their own', async () => {
    const scratch = 'create table public.written_by_a_member (id int); drop table public.written_by_a_member'
    expect((await sql(owned, scratch)).status).toBe(200)
    await withActions(['read:Read', 'tenant:Sql:Admin:Write'], async () => {
      expect((await sql(readOnly, scratch)).status).toBe(200)
    })
  })
})

describe("a read-only member's storage", () => {
  const base = `/platform/storage/${readOnly.ref}/buckets`
  const refusal = denied(PERMISSION_MESSAGE.writeStorage)

  it('reads buckets and files, and is refused every change with 403 (nothing changes)', async () => {
    const { database } = await openProjectDatabase(ctx(), readOnly)
    await database.exec(createBucketSql('reports', { public: false }))
    const { rows } = await database.query(insertObjectSql('reports', { name: 'q1.csv', owner: null, metadata: { mimetype: 'text/csv', size: 3 } }, false))
    const object = rows[0]!['answer'] as { id: string }
    await ctx().storageBytes.put(readOnly.ref, 'reports', object.id, new TextEncoder().encode('a,b'))

    for (const [path, body, method] of [
      [base, { id: 'more-reports' }, 'POST'],
      [`${base}/reports`, { public: true }, 'PATCH'],
      [`${base}/reports`, {}, 'DELETE'],
      [`${base}/reports/empty`, {}, 'POST'],
      [`${base}/reports/objects`, { paths: ['q1.csv'] }, 'DELETE'],
      [`${base}/reports/objects/move`, { from: 'q1.csv', to: 'q2.csv' }, 'POST'],
      [`${base}/reports/objects/copy`, { from: 'q1.csv', to: 'q2.csv' }, 'POST'],
      [`${base}/reports/objects/uploads`, { path: 'q3.csv', size: 3, mimetype: 'text/csv' }, 'POST'],
      [`${base}/reports/objects/uploads/any-upload`, {}, 'PATCH'],
      [`${base}/reports/objects/uploads/any-upload`, {}, 'DELETE'],
    ] as const) {
      const answer = await post(path, body, method)
      expect(answer.status, `${method} ${path}`).toBe(403)
      expect(await answer.json()).toEqual(refusal)
    }
    const settings = await post(`/platform/projects/${readOnly.ref}/config/storage`, { fileSizeLimit: 1024 }, 'PATCH')
    expect(settings.status).toBe(403)
    expect(await settings.json()).toEqual(denied(PERMISSION_MESSAGE.changeStorageSettings))

    expect((await call(base)).status).toBe(200)
    expect(await (await call(`${base}/reports`)).json()).toMatchObject({ id: 'reports', public: false })
    const listed = (await (await post(`${base}/reports/objects/list`, { path: '' })).json()) as { name: string }[]
    expect(listed.map((entry) => entry.name)).toEqual(['q1.csv'])
    expect(await (await post(`${base}/reports/objects/download`, { path: 'q1.csv' })).text()).toBe('a,b')
    expect((await post(`${base}/reports/objects/sign`, { path: 'q1.csv', expiresIn: 60 })).status).toBe(200)
    expect((await call(`/platform/projects/${readOnly.ref}/config/storage`)).status).toBe(200)
  })

  it('without storage read, is refused reads too', async () => {
    await withActions(['read:Read', 'sql:Read:Select'], async () => {
      for (const answer of [await call(base), await post(`${base}/reports/objects/list`, { path: '' }), await call(`/platform/projects/${readOnly.ref}/config/storage`)]) {
        expect(answer.status).toBe(403)
        expect(await answer.json()).toEqual(denied(PERMISSION_MESSAGE.readStorage))
      }
    })
  })

  it('with storage write, changes them', async () => {
    await withActions(['read:Read', 'storage:Read', 'storage:Write'], async () => {
      const moved = await post(`${base}/reports/objects/move`, { from: 'q1.csv', to: 'q2.csv' })
      expect(moved.status).toBe(200)
      const missing = await post(`${base}/reports/objects/download`, { path: 'q1.csv' })
      expect(await missing.json()).toEqual({ message: STORAGE_MESSAGES.objectNotFound })
    })
  })
})

describe('the other changes the dashboard guards, checked again by the server', () => {
  it('refuses what the read-only role may not do, with the message the dashboard shows', async () => {
    const organization = '/platform/organizations/readonly-co/integrations/github'
    const body = { name: 'Refused', organization_slug: 'readonly-co', db_pass: 'x', db_region: REGIONS[0]!.code, cloud_provider: 'AWS' }
    for (const [answer, what] of [
      [await post('/platform/projects', body), PERMISSION_MESSAGE.createProject],
      [await post(`/platform/projects/${readOnly.ref}/pause`), PROJECT_PAUSE_MESSAGE.denied],
      [await post(`/platform/projects/${readOnly.ref}/restore`), PROJECT_PAUSE_MESSAGE.restoreDenied],
      [await post('/platform/integrations/github/authorization', { organization_slug: 'readonly-co', code: 'x' }), CODE_HOSTING_MESSAGE.permission],
      [await post('/platform/integrations/github/installations', { organization_slug: 'readonly-co', installation_id: 1 }), CODE_HOSTING_MESSAGE.permission],
      [await call(organization, { method: 'DELETE' }), CODE_HOSTING_MESSAGE.permission],
      [await post(`/platform/projects/${readOnly.ref}/notifications/advisor/exceptions`, { exceptions: [] }), PERMISSION_MESSAGE.manageAdvisorRules],
      [await call(`/platform/projects/${readOnly.ref}/notifications/advisor/exceptions?ids=x`, { method: 'DELETE' }), PERMISSION_MESSAGE.manageAdvisorRules],
      [await post(`/platform/database/${readOnly.ref}/hook-enable`), PERMISSION_MESSAGE.manageWebhooks],
    ] as const) {
      expect(answer.status, answer.url).toBe(403)
      expect(await answer.json()).toEqual(denied(what))
    }
    expect(ctx().db.projects.findMany((q) => q.where({ organization_slug: 'readonly-co' }))).toHaveLength(1)
    expect(ctx().db.projects.findFirst((q) => q.where({ ref: readOnly.ref }))?.status).toBe('ACTIVE_HEALTHY')
  })

  it("refuses to change which schemas the project's API exposes (403, the setting stays)", async () => {
    const config = `/platform/projects/${readOnly.ref}/config/postgrest`
    const before = await (await call(config)).json()
    const answer = await post(config, { db_schema: 'public, private_data' }, 'PATCH')
    expect(answer.status).toBe(403)
    expect(await answer.json()).toEqual(denied(PERMISSION_MESSAGE.changeApiSchemas))
    expect(await (await call(config)).json()).toEqual(before)
  })

  it('still reads what the role may read (the GitHub connection, the advisor rules)', async () => {
    expect((await call('/platform/organizations/readonly-co/integrations/github')).status).toBe(200)
    expect((await call(`/platform/projects/${readOnly.ref}/notifications/advisor/exceptions`)).status).toBe(200)
  })
})
