import { describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { DEMO_CREDENTIALS, PERMISSION_MESSAGE, PG_META_HEADERS } from '../../src/constants'
import { openProjectDatabase } from '../projects/database-start'
import { useNodeMockPlatform } from '../testing'

// Someone signed in who belongs to no organization: every existing project is another organization's.
const outsider = createPlatformFixtures().users.find((u) => u.email === 'newcomer@example.com')!
const project = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
const platform = useNodeMockPlatform({ signInAs: { email: outsider.email, password: DEMO_CREDENTIALS.password } })
const { call } = platform
const refused = { message: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.reachProjectData) }

describe("another organization's project", () => {
  it('refuses its database with 403, whatever the connection header says, and runs nothing', async () => {
    const connection = platform.mock.platform.ctx.db.projects.findFirst((q) => q.where({ ref: project.ref }))!.connectionString
    const answer = await call(`/platform/pg-meta/${project.ref}/query`, {
      method: 'POST',
      headers: { [PG_META_HEADERS.connection]: connection ?? '' },
      body: JSON.stringify({ query: 'create table public.written_by_an_outsider (id int)' }),
    })
    expect(answer.status).toBe(403)
    expect(await answer.json()).toEqual(refused)
    const { database } = await openProjectDatabase(platform.mock.platform.ctx, project)
    const { rows } = await database.query(`select to_regclass('public.written_by_an_outsider') is null as absent`)
    expect(rows[0]).toEqual({ absent: true })
  })

  it('refuses its storage and its storage settings with 403', async () => {
    for (const path of [`/platform/storage/${project.ref}/buckets`, `/platform/projects/${project.ref}/config/storage`]) {
      const answer = await call(path)
      expect(answer.status, path).toBe(403)
      expect(await answer.json()).toEqual(refused)
    }
  })

  it('stays unknown elsewhere (404), as does a project that does not exist', async () => {
    expect((await call(`/platform/projects/${project.ref}`)).status).toBe(404)
    const missing = await call('/platform/pg-meta/nosuchprojectref00000/query', { method: 'POST', body: JSON.stringify({ query: 'select 1' }) })
    expect(missing.status).toBe(404)
  })
})
