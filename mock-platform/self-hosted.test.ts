import { describe, expect, it } from 'vitest'
import { SELF_HOSTED } from '../src/constants'
import { TEST_API_BASE, useNodeMockPlatform } from './testing'

useNodeMockPlatform({ selfHosted: true })

async function json(path: string) {
  const answer = await fetch(`${TEST_API_BASE}${path}`)
  expect(answer.status).toBe(200)
  return answer.json()
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
    const detail = (await json(`/platform/projects/${SELF_HOSTED.projectRef}`)) as { connectionString: string }
    const answer = await fetch(`${TEST_API_BASE}/platform/pg-meta/${SELF_HOSTED.projectRef}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-connection-encrypted': detail.connectionString },
      body: JSON.stringify({ query: 'select count(*)::int as n from public.customers' }),
    })
    expect(answer.status).toBe(200)
    const rows = (await answer.json()) as { n: number }[]
    expect(rows[0]!.n).toBeGreaterThan(0)
  })
})
