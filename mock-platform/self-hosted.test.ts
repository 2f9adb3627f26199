import { describe, expect, it } from 'vitest'
import { PG_META_HEADERS, SELF_HOSTED } from '../src/constants'
import { TEST_API_BASE, useNodeMockPlatform } from './testing'

const platform = useNodeMockPlatform({ selfHosted: true })

async function json(path: string) {
  const answer = await fetch(`${TEST_API_BASE}${path}`)
  expect(answer.status).toBe(200)
  return answer.json()
}

/** SQL on the default project through pg-meta, as the dashboard sends it. */
async function runSql(query: string) {
  const detail = (await json(`/platform/projects/${SELF_HOSTED.projectRef}`)) as { connectionString: string }
  return fetch(`${TEST_API_BASE}/platform/pg-meta/${SELF_HOSTED.projectRef}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [PG_META_HEADERS.connection]: detail.connectionString },
    body: JSON.stringify({ query }),
  })
}

describe('self-hosted mock platform', () => {
  it('answers without a platform sign-in, with one organization and the default project', async () => {
    expect(await json('/platform/profile')).toMatchObject({ username: 'supabase' })
    const organizations = (await json('/platform/organizations')) as { slug: string }[]
    expect(organizations.map((o) => o.slug)).toEqual([SELF_HOSTED.organizationSlug])
    const list = (await json(`/platform/organizations/${SELF_HOSTED.organizationSlug}/projects`)) as { projects: { ref: string }[] }
    expect(list.projects.map((p) => p.ref)).toEqual([SELF_HOSTED.projectRef])
    expect(await json(`/platform/projects/${SELF_HOSTED.projectRef}`)).toMatchObject({ name: SELF_HOSTED.projectName, status: 'ACTIVE_HEALTHY' })
  })

  it('runs real SQL on the default project', async () => {
    const answer = await runSql('select count(*)::int as n from public.customers')
    expect(answer.status).toBe(200)
    const rows = (await answer.json()) as { n: number }[]
    expect(rows[0]!.n).toBeGreaterThan(0)
  })

  it('has no permissions to apply: its SQL writes and its storage changes, whatever the permission entries say', async () => {
    const { db } = platform.mock.platform.ctx
    for (const entry of db.permissions.findMany()) await db.permissions.update(entry, { data: (p) => void (p.actions = []) })
    const written = await runSql('create table public.self_hosted_scratch (id int); drop table public.self_hosted_scratch')
    expect(written.status).toBe(200)
    const bucket = await fetch(`${TEST_API_BASE}/platform/storage/${SELF_HOSTED.projectRef}/buckets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'self-hosted-files' }),
    })
    expect(bucket.status).toBe(201)
  })
})
