import { describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { DEMO_CREDENTIALS, PERMISSION_MESSAGE, PROJECT_NAME_MAX_LENGTH, PROJECT_SETTINGS_MESSAGE, PROJECT_TRANSITION_MESSAGE } from '../../src/constants'
import { MemoryStorage } from '../../src/test/memory-storage'
import { createMockPlatform } from '../platform'
import { useNodeMockPlatform } from '../testing'

// The browser keeps what changes at run time; a memory storage plays its local storage here.
const storage = new MemoryStorage()
const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS, contentStorage: storage })
const fixtures = createPlatformFixtures()
const running = fixtures.projects.filter((p) => p.status === 'ACTIVE_HEALTHY')
const paused = fixtures.projects.find((p) => p.status === 'INACTIVE')!
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
const rename = (ref: string, name: unknown) => platform.call(`/platform/projects/${ref}`, { method: 'PATCH', ...json({ name }) })
const restart = (ref: string) => platform.call(`/platform/projects/${ref}/restart`, { method: 'POST', ...json({}) })

describe("a project's general settings", () => {
  it('renames a project: trimmed, kept across a page load (a seed project by its name), and a bad name refused with the reason', async () => {
    const project = running[0]!
    const answer = await rename(project.ref, '  Renamed <b>shop</b>  ')
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ ref: project.ref, name: 'Renamed <b>shop</b>' })
    expect(await (await platform.call(`/platform/projects/${project.ref}`)).json()).toMatchObject({ name: 'Renamed <b>shop</b>' })

    const next = await createMockPlatform({ databases: () => Promise.reject(new Error('no databases here')), contentStorage: storage })
    expect(next.db.projects.findFirst((q) => q.where({ ref: project.ref }))).toMatchObject({ name: 'Renamed <b>shop</b>', status: project.status })

    const empty = await rename(project.ref, '   ')
    expect(empty.status).toBe(400)
    expect(await empty.json()).toEqual({ message: PROJECT_SETTINGS_MESSAGE.nameRequired })
    const long = await rename(project.ref, 'x'.repeat(PROJECT_NAME_MAX_LENGTH + 1))
    expect(long.status).toBe(400)
    expect((await rename(project.ref, 42)).status).toBe(400)
    expect((await rename('nosuchprojectref0000', 'x')).status).toBe(404)
  })

  it('restarts a running project: RESTARTING, then healthy after a few reads; a paused one is refused', async () => {
    const project = running[1]!
    expect((await restart(project.ref)).status).toBe(201)
    const statuses: string[] = []
    for (let poll = 0; poll < 3; poll++) statuses.push(((await (await platform.call(`/platform/projects/${project.ref}`)).json()) as { status: string }).status)
    expect(statuses).toEqual(['RESTARTING', 'ACTIVE_HEALTHY', 'ACTIVE_HEALTHY'])
    // While it restarts its database is not there to work on (the gate's reason).
    expect((await restart(project.ref)).status).toBe(201)
    expect((await platform.call(`/platform/pg-meta/${project.ref}/query`, { method: 'POST', ...json({ query: 'select 1' }) })).status).toBe(400)
    await platform.call(`/platform/projects/${project.ref}`)
    await platform.call(`/platform/projects/${project.ref}`)

    const refused = await restart(paused.ref)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ message: PROJECT_TRANSITION_MESSAGE.restartNotActive })
  })

  it('refuses a member without the permissions, whatever the dashboard showed', async () => {
    const project = running[2]!
    const { db } = platform.mock.platform
    const demo = db.users.findFirst((q) => q.where({ email: DEMO_CREDENTIALS.email }))!
    const permission = db.permissions.findFirst((q) => q.where({ gotrue_id: demo.id, organization_slug: project.organization_slug }))!
    const actions = permission.actions
    await db.permissions.update(permission, { data: (p) => void (p.actions = ['read:Read']) })
    try {
      const renamed = await rename(project.ref, 'Not allowed')
      expect(renamed.status).toBe(403)
      expect(await renamed.json()).toEqual({ message: PERMISSION_MESSAGE.denied(PROJECT_SETTINGS_MESSAGE.renameDenied) })
      const restarted = await restart(project.ref)
      expect(restarted.status).toBe(403)
      expect(await restarted.json()).toEqual({ message: PERMISSION_MESSAGE.denied(PROJECT_SETTINGS_MESSAGE.restartDenied) })
      expect(await (await platform.call(`/platform/projects/${project.ref}`)).json()).toMatchObject({ name: project.name, status: 'ACTIVE_HEALTHY' })
    } finally {
      await db.permissions.update(permission, { data: (p) => void (p.actions = actions) })
    }
  })
})
