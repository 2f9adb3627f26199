import { describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { DEMO_CREDENTIALS, PERMISSION_MESSAGE, PG_META_HEADERS, PLAN_LIMITS, PROJECT_NAME_MAX_LENGTH, PROJECT_SETTINGS_MESSAGE, PROJECT_TRANSITION_MESSAGE } from '../../src/constants'
import { MemoryStorage } from '../../src/test/memory-storage'
import { readRoleToken } from '../auth/project-jwt'
import { createMockPlatform } from '../platform'
import { useNodeMockPlatform, whileMemberMay } from '../testing'

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
    await whileMemberMay(platform.mock.platform.ctx, DEMO_CREDENTIALS.email, project.organization_slug, ['read:Read'], async () => {
      const renamed = await rename(project.ref, 'Not allowed')
      expect(renamed.status).toBe(403)
      expect(await renamed.json()).toEqual({ message: PERMISSION_MESSAGE.denied(PROJECT_SETTINGS_MESSAGE.renameDenied) })
      const removed = await platform.call(`/platform/projects/${project.ref}`, { method: 'DELETE' })
      expect(removed.status).toBe(403)
      expect(await removed.json()).toEqual({ message: PERMISSION_MESSAGE.denied(PROJECT_SETTINGS_MESSAGE.deleteDenied) })
      const restarted = await restart(project.ref)
      expect(restarted.status).toBe(403)
      expect(await restarted.json()).toEqual({ message: PERMISSION_MESSAGE.denied(PROJECT_SETTINGS_MESSAGE.restartDenied) })
      expect(await (await platform.call(`/platform/projects/${project.ref}`)).json()).toMatchObject({ name: project.name, status: 'ACTIVE_HEALTHY' })
    })
  })

  it('deletes a project: its database, its snippets and its record gone, its organization counts one fewer, and it does not come back on a page load', async () => {
    // A project with saved snippets, so their going is seen.
    const project = running.find((p) => fixtures.snippets.some((snippet) => snippet.project_ref === p.ref) && !running.slice(0, 3).includes(p))!
    const { db, ctx } = platform.mock.platform
    const before = db.organizations.findFirst((q) => q.where({ slug: project.organization_slug }))!.project_count ?? 0
    const { connectionString } = (await (await platform.call(`/platform/projects/${project.ref}`)).json()) as { connectionString: string }
    const ran = await platform.call(`/platform/pg-meta/${project.ref}/query`, {
      method: 'POST',
      body: JSON.stringify({ query: 'create table left_behind (id int); select 1 as made' }),
      headers: { 'content-type': 'application/json', [PG_META_HEADERS.connection]: connectionString },
    })
    expect(ran.status).toBe(200)
    await ctx.storageBytes.put(project.ref, 'avatars', '5b1e9c1a-0f6e-4b7c-9d55-6f1d2a3b4c5d', new Uint8Array([1, 2, 3]))
    expect(db.snippets.findMany((q) => q.where({ project_ref: project.ref })).length).toBeGreaterThan(0)

    const deleted = await platform.call(`/platform/projects/${project.ref}`, { method: 'DELETE' })
    expect(deleted.status).toBe(200)
    expect(await deleted.json()).toEqual({ id: project.id, ref: project.ref, name: project.name })
    expect((await platform.call(`/platform/projects/${project.ref}`)).status).toBe(404)
    expect(db.snippets.findMany((q) => q.where({ project_ref: project.ref }))).toEqual([])
    expect(db.folders.findMany((q) => q.where({ project_ref: project.ref }))).toEqual([])
    expect(db.organizations.findFirst((q) => q.where({ slug: project.organization_slug }))!.project_count).toBe(before - 1)
    expect(await ctx.storageBytes.get(project.ref, 'avatars', '5b1e9c1a-0f6e-4b7c-9d55-6f1d2a3b4c5d')).toBeNull()
    // Its database is gone: one opened for that ref now is made anew.
    const fresh = await (await ctx.databases()).open(project.ref)
    expect((await fresh.query("select to_regclass('public.left_behind') as kept")).rows).toEqual([{ kept: null }])
    await (await ctx.databases()).drop(project.ref)

    const next = await createMockPlatform({ databases: () => Promise.reject(new Error('no databases here')), contentStorage: storage })
    expect(next.db.projects.findFirst((q) => q.where({ ref: project.ref }))).toBeUndefined()
    expect(next.db.organizations.findFirst((q) => q.where({ slug: project.organization_slug }))!.project_count).toBe(before - 1)
    expect((await platform.call(`/platform/projects/${project.ref}`, { method: 'DELETE' })).status).toBe(404)
  })

  it('transfers a project to another organization of the member: counted there, kept across a page load; a full Free plan, the same organization, a stranger’s and a read-only one refused', async () => {
    const { db } = platform.mock.platform
    const project = running[4]!
    const from = project.organization_slug
    const organizations = db.organizations.findMany((q) => q.where({}))
    const count = (slug: string) => db.organizations.findFirst((q) => q.where({ slug }))!.project_count ?? 0
    // A Free plan organization with one running project: room for one more, then full.
    const target = organizations.find((o) => o.slug === 'demo-free')!
    expect(target.plan.id).toBe('free')
    expect(db.projects.findMany((q) => q.where({ organization_slug: target.slug })).filter((p) => p.status === 'ACTIVE_HEALTHY')).toHaveLength(PLAN_LIMITS.free.activeProjects - 1)
    const transfer = (slug: unknown, ref = project.ref) => platform.call(`/platform/projects/${ref}/transfer`, { method: 'POST', ...json({ target_organization_slug: slug }) })

    const same = await transfer(from)
    expect(same.status).toBe(400)
    expect(await same.json()).toEqual({ message: PROJECT_SETTINGS_MESSAGE.transferSameOrganization })
    expect((await transfer('umbrella-labs')).status).toBe(404)
    expect((await transfer('no-such-organization')).status).toBe(404)
    expect((await transfer(7)).status).toBe(400)
    const readOnly = await transfer('readonly-co')
    expect(readOnly.status).toBe(403)
    expect(await readOnly.json()).toEqual({ message: PERMISSION_MESSAGE.denied(PROJECT_SETTINGS_MESSAGE.transferTargetDenied('Read Only Co')) })

    const [fromBefore, targetBefore] = [count(from), count(target.slug)]
    const moved = await transfer(target.slug)
    expect(moved.status).toBe(200)
    expect(await moved.json()).toMatchObject({ ref: project.ref, organization_id: target.id })
    expect([count(from), count(target.slug)]).toEqual([fromBefore - 1, targetBefore + 1])
    const listed = (await (await platform.call(`/platform/organizations/${target.slug}/projects`)).json()) as { projects: { ref: string }[] }
    expect(listed.projects.map((p) => p.ref)).toContain(project.ref)
    // Now full: another running project is refused there, and stays where it was.
    const another = running[5]!
    const full = await transfer(target.slug, another.ref)
    expect(full.status).toBe(400)
    expect(await full.json()).toEqual({ message: PROJECT_SETTINGS_MESSAGE.transferFreeLimit(target.name, PLAN_LIMITS.free.activeProjects) })
    expect(db.projects.findFirst((q) => q.where({ ref: another.ref }))!.organization_slug).toBe(another.organization_slug)

    const next = await createMockPlatform({ databases: () => Promise.reject(new Error('no databases here')), contentStorage: storage })
    expect(next.db.projects.findFirst((q) => q.where({ ref: project.ref }))).toMatchObject({ organization_slug: target.slug, organization_id: target.id })
    expect(next.db.organizations.findFirst((q) => q.where({ slug: target.slug }))!.project_count).toBe(targetBefore + 1)
  })

  it('rotates the JWT secret: the keys change, the old ones are refused where the platform checks them, the new ones taken, and it lasts a page load', async () => {
    const { ctx } = platform.mock.platform
    const project = running[6]!
    const keysOf = async () => {
      const settings = (await (await platform.call(`/platform/projects/${project.ref}/settings`)).json()) as { service_api_keys: { tags: string; api_key: string }[] }
      return Object.fromEntries(settings.service_api_keys.map((key) => [key.tags.split(',')[0], key.api_key]))
    }
    const before = await keysOf()
    expect(await readRoleToken(ctx, project.ref, `Bearer ${before['anon']}`)).toMatchObject({ claims: { role: 'anon' } })
    const rotated = await platform.call(`/platform/projects/${project.ref}/settings/jwt-secret`, { method: 'POST', ...json({}) })
    expect(rotated.status).toBe(200)
    const after = await keysOf()
    expect(after['anon']).not.toBe(before['anon'])
    expect(after['service_role']).not.toBe(before['service_role'])
    expect(await readRoleToken(ctx, project.ref, `Bearer ${before['anon']}`)).toHaveProperty('error')
    expect(await readRoleToken(ctx, project.ref, `Bearer ${before['service_role']}`)).toHaveProperty('error')
    expect(await readRoleToken(ctx, project.ref, `Bearer ${after['service_role']}`)).toMatchObject({ claims: { role: 'service_role' } })
    const next = await createMockPlatform({ databases: () => Promise.reject(new Error('no databases here')), contentStorage: storage })
    expect(next.db.projects.findFirst((q) => q.where({ ref: project.ref }))!.jwt_secret_version).toBe(1)
  })
})
