import { describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { ALLOW_ALL_CIDRS, DEMO_CREDENTIALS, PASSWORD_MESSAGE, PERMISSION_MESSAGE, PROJECT_SETTINGS_MESSAGE } from '../../src/constants'
import { MemoryStorage } from '../../src/test/memory-storage'
import { createMockPlatform } from '../platform'
import { useNodeMockPlatform, whileMemberMay } from '../testing'

const storage = new MemoryStorage()
const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS, contentStorage: storage })
const running = createPlatformFixtures().projects.filter((p) => p.status === 'ACTIVE_HEALTHY')
const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
const STRONG = 'quiet-Harbor-71-lantern-Pebble'
const reloaded = () => createMockPlatform({ databases: () => Promise.reject(new Error('no databases here')), contentStorage: storage })

describe("a project's database settings", () => {
  it('sets a new database password once it is strong enough, never answering it back', async () => {
    const ref = running[0]!.ref
    const weak = await platform.call(`/platform/projects/${ref}/db-password`, json('PATCH', { password: 'password1' }))
    expect(weak.status).toBe(400)
    expect(await weak.json()).toEqual({ message: PASSWORD_MESSAGE.needStronger })
    const tooLong = await platform.call(`/platform/projects/${ref}/db-password`, json('PATCH', { password: 'x'.repeat(100) }))
    expect(tooLong.status).toBe(400)

    const set = await platform.call(`/platform/projects/${ref}/db-password`, json('PATCH', { password: STRONG }))
    expect(set.status).toBe(200)
    expect(await set.text()).not.toContain(STRONG)
    const record = platform.mock.platform.db.projects.findFirst((q) => q.where({ ref }))!
    expect(Date.parse(record.db_password_changed_at ?? '')).toBeGreaterThan(Date.now() - 60_000)
    expect(JSON.stringify(record)).not.toContain(STRONG)
    // Not part of the project's detail: the platform's own.
    expect(await (await platform.call(`/platform/projects/${ref}`)).json()).not.toHaveProperty('db_password_changed_at')
  })

  it('enforces SSL and keeps it across a page load (a seed project too)', async () => {
    const ref = running[1]!.ref
    expect(await (await platform.call(`/platform/projects/${ref}/ssl-enforcement`)).json()).toEqual({ currentConfig: { database: false }, appliedSuccessfully: true })
    const on = await platform.call(`/platform/projects/${ref}/ssl-enforcement`, json('PUT', { requestedConfig: { database: true } }))
    expect(await on.json()).toEqual({ currentConfig: { database: true }, appliedSuccessfully: true })
    expect(await (await platform.call(`/platform/projects/${ref}/settings`)).json()).toMatchObject({ ssl_enforced: true })
    expect((await reloaded()).db.projects.findFirst((q) => q.where({ ref }))).toMatchObject({ ssl_enforced: true })
    expect((await platform.call(`/platform/projects/${ref}/ssl-enforcement`, json('PUT', { requestedConfig: { database: 'yes' } }))).status).toBe(400)
  })

  it('applies network restrictions as canonical blocks, refusing a wrong one with the reason', async () => {
    const ref = running[2]!.ref
    const path = `/platform/projects/${ref}/network-restrictions`
    expect(await (await platform.call(path)).json()).toMatchObject({ config: { dbAllowedCidrs: ALLOW_ALL_CIDRS.v4, dbAllowedCidrsV6: ALLOW_ALL_CIDRS.v6 } })
    const applied = await platform.call(`${path}/apply`, json('POST', { dbAllowedCidrs: ['203.0.113.0/24', '198.51.100.7'], dbAllowedCidrsV6: ['2001:DB8::/32'] }))
    expect(applied.status).toBe(200)
    const config = { dbAllowedCidrs: ['203.0.113.0/24', '198.51.100.7/32'], dbAllowedCidrsV6: ['2001:db8::/32'] }
    expect(await applied.json()).toMatchObject({ config, status: 'applied' })
    expect(await (await platform.call(path)).json()).toMatchObject({ config })
    expect((await reloaded()).db.projects.findFirst((q) => q.where({ ref }))).toMatchObject({ db_allowed_cidrs: config.dbAllowedCidrs, db_allowed_cidrs_v6: config.dbAllowedCidrsV6 })

    const wrong = await platform.call(`${path}/apply`, json('POST', { dbAllowedCidrs: ['10.1.2.3/8'], dbAllowedCidrsV6: [] }))
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toEqual({ message: '10.1.2.3/8 has address bits past its prefix: did you mean 10.0.0.0/8?' })
    const none = await platform.call(`${path}/apply`, json('POST', { dbAllowedCidrs: [], dbAllowedCidrsV6: [] }))
    expect(await none.json()).toEqual({ message: PROJECT_SETTINGS_MESSAGE.networkEmpty })
    expect(await (await platform.call(path)).json()).toMatchObject({ config })
  })

  it('refuses a member who may only read, whatever the dashboard showed', async () => {
    const project = running[3]!
    const { db } = platform.mock.platform
    await whileMemberMay(platform.mock.platform.ctx, DEMO_CREDENTIALS.email, project.organization_slug, ['read:Read'], async () => {
      const denied = PERMISSION_MESSAGE.denied(PROJECT_SETTINGS_MESSAGE.databaseSettingsDenied)
      for (const [path, init] of [
        ['db-password', json('PATCH', { password: STRONG })],
        ['ssl-enforcement', json('PUT', { requestedConfig: { database: true } })],
        ['network-restrictions/apply', json('POST', { dbAllowedCidrs: ['10.0.0.0/8'], dbAllowedCidrsV6: [] })],
      ] as const) {
        const answer = await platform.call(`/platform/projects/${project.ref}/${path}`, init)
        expect(answer.status, path).toBe(403)
        expect(await answer.json()).toEqual({ message: denied })
      }
      // Reading is a member's right.
      expect((await platform.call(`/platform/projects/${project.ref}/network-restrictions`)).status).toBe(200)
      expect(db.projects.findFirst((q) => q.where({ ref: project.ref }))).toMatchObject({ ssl_enforced: false, db_password_changed_at: null, db_allowed_cidrs: ALLOW_ALL_CIDRS.v4 })
    })
  })
})
