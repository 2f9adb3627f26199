import { describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { DEMO_CREDENTIALS, PLAN_LIMITS, PROJECT_NOT_ACTIVE_MESSAGE, PROJECT_TRANSITION_MESSAGE } from '../../src/constants'
import { POLLS_UNTIL_SETTLED } from '../records/db'
import { useNodeMockPlatform } from '../testing'

const fixtures = createPlatformFixtures()
const { call } = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })

const orgOf = (slug: string) => fixtures.organizations.find((o) => o.slug === slug)!
const projectIn = (slug: string, status: string) => fixtures.projects.find((p) => p.organization_id === orgOf(slug).id && p.status === status)!
const detail = async (ref: string) => (await (await call(`/platform/projects/${ref}`)).json()) as { status: string; connectionString: string | null }
const query = (ref: string, connection: string | null, sql = 'select 1 as one') =>
  call(`/platform/pg-meta/${ref}/query`, { method: 'POST', body: JSON.stringify({ query: sql }), headers: connection ? { 'x-connection-encrypted': connection } : {} })

describe('pause and restore (PLATFORM-API §3)', () => {
  it('pauses a Free plan project: PAUSING, INACTIVE after a poll; its database refuses queries with the status; restore brings it back', async () => {
    const project = projectIn('demo-free', 'ACTIVE_HEALTHY')
    expect((await query(project.ref, project.connectionString)).status).toBe(200)

    const paused = await call(`/platform/projects/${project.ref}/pause`, { method: 'POST' })
    expect(paused.status).toBe(201)
    expect(await paused.text()).toBe('')
    expect((await detail(project.ref)).status).toBe('INACTIVE')

    const refused = await query(project.ref, project.connectionString)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ message: PROJECT_NOT_ACTIVE_MESSAGE('INACTIVE') })

    const restored = await call(`/platform/projects/${project.ref}/restore`, { method: 'POST', body: '{}' })
    expect(restored.status).toBe(200)
    expect(await restored.json()).toMatchObject({ status: 'RESTORING', back_ups: [] })
    const states: string[] = []
    for (let i = 0; i < POLLS_UNTIL_SETTLED.RESTORING; i++) states.push((await detail(project.ref)).status)
    expect(states).toEqual([...Array(POLLS_UNTIL_SETTLED.RESTORING - 1).fill('RESTORING'), 'ACTIVE_HEALTHY'])
    expect((await query(project.ref, project.connectionString)).status).toBe(200)
  })

  it('refuses to pause a paid plan project, and to restore one that is not paused', async () => {
    const project = projectIn('acme-corp', 'ACTIVE_HEALTHY')
    const paused = await call(`/platform/projects/${project.ref}/pause`, { method: 'POST' })
    expect(paused.status).toBe(400)
    expect(await paused.json()).toEqual({ message: PROJECT_TRANSITION_MESSAGE.pausePaidPlan })
    const restored = await call(`/platform/projects/${project.ref}/restore`, { method: 'POST', body: '{}' })
    expect(restored.status).toBe(400)
    expect(await restored.json()).toEqual({ message: PROJECT_TRANSITION_MESSAGE.restoreNotPaused })
  })

  it('restores a paused project of a paid plan', async () => {
    const project = projectIn('acme-corp', 'INACTIVE')
    expect((await query(project.ref, project.connectionString)).status).toBe(400)
    expect((await call(`/platform/projects/${project.ref}/restore`, { method: 'POST', body: '{}' })).status).toBe(200)
    expect((await detail(project.ref)).status).toBe('RESTORING')
    expect((await detail(project.ref)).status).toBe('ACTIVE_HEALTHY')
  })

  it('a seeded project in transition settles after polls, and answers pg-meta only once active', async () => {
    const restoring = projectIn('globex', 'RESTORING')
    const refused = await query(restoring.ref, restoring.connectionString)
    expect(await refused.json()).toEqual({ message: PROJECT_NOT_ACTIVE_MESSAGE('RESTORING') })
    let status = ''
    for (let i = 0; i < POLLS_UNTIL_SETTLED.RESTORING; i++) status = (await detail(restoring.ref)).status
    expect(status).toBe('ACTIVE_HEALTHY')
    const pausing = projectIn('grace-over', 'PAUSING')
    expect((await detail(pausing.ref)).status).toBe('INACTIVE')
    const upgrading = projectIn('initech', 'UPGRADING')
    expect((await detail(upgrading.ref)).status).toBe('UPGRADING')
    expect((await query(upgrading.ref, upgrading.connectionString)).status).toBe(400)
  })

  it(`refuses to restore a Free plan project over the limit of ${PLAN_LIMITS.free.activeProjects} active projects`, async () => {
    // quota-co is Free with one active project. Paused, it does not count: two new ones fit beside it,
    // and then it cannot come back.
    const first = projectIn('quota-co', 'ACTIVE_HEALTHY')
    expect((await call(`/platform/projects/${first.ref}/pause`, { method: 'POST' })).status).toBe(201)
    await detail(first.ref)
    const created = await call('/platform/projects', {
      method: 'POST',
      body: JSON.stringify({ name: 'Second', organization_slug: 'quota-co', db_pass: 'correct horse battery staple 42!', db_region: 'us-east-1', cloud_provider: 'AWS' }),
    })
    expect(created.status).toBe(201)
    const second = await call('/platform/projects', {
      method: 'POST',
      body: JSON.stringify({ name: 'Third', organization_slug: 'quota-co', db_pass: 'correct horse battery staple 42!', db_region: 'us-east-1', cloud_provider: 'AWS' }),
    })
    expect(second.status).toBe(201)
    const restored = await call(`/platform/projects/${first.ref}/restore`, { method: 'POST', body: '{}' })
    expect(restored.status).toBe(400)
    expect(await restored.json()).toEqual({ message: PROJECT_TRANSITION_MESSAGE.restoreFreeLimit(PLAN_LIMITS.free.activeProjects) })
  })
})
