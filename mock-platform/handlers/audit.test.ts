import { describe, expect, it, vi } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { AUDIT_PRUNE_INTERVAL_MS, DEMO_CREDENTIALS } from '../../src/constants'
import { MemoryStorage } from '../../src/test/memory-storage'
import { recordAuditEvent } from '../audit/audit-log'
import { createMockPlatform } from '../platform'
import { useNodeMockPlatform } from '../testing'

const storage = new MemoryStorage()
const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS, contentStorage: storage })
const fixtures = createPlatformFixtures()
const acme = fixtures.projects.filter((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')
const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })

type Entry = { occurred_at: string; action: { name: string; metadata: { method: string; route: string; status: number }[] }; actor: { metadata: { email: string; ip: string | null }[] }; target: { description: string; metadata: { org_slug: string | null; project_ref: string | null } } }
const auditOf = async (slug: string, query = '') => (await (await platform.call(`/platform/organizations/${slug}/audit${query}`)).json()) as { result: Entry[]; retention_period: number }

describe("an organization's audit log", () => {
  it('records each write that succeeded — who, what, on what, when — newest first, and leaves reads and refusals out', async () => {
    const project = acme[0]!
    await platform.call(`/platform/projects/${project.ref}`, json('PATCH', { name: 'Audited name' }))
    await platform.call(`/platform/projects/${project.ref}/ssl-enforcement`, json('PUT', { requestedConfig: { database: true } }))
    // Refused: not recorded.
    await platform.call(`/platform/projects/${project.ref}`, json('PATCH', { name: '   ' }))
    // Reads, even sent as POST: not recorded.
    await platform.call('/platform/profile/password-check', json('POST', { password: 'anything at all' }))
    await platform.call(`/platform/projects/${project.ref}`)

    const { result, retention_period } = await auditOf('acme-corp')
    expect(retention_period).toBe(7 * 24)
    expect(result.map((e) => e.action.name)).toEqual(['Changed SSL enforcement', 'Renamed a project'])
    expect(result[1]).toMatchObject({
      action: { metadata: [{ method: 'PATCH', route: '/platform/projects/:ref', status: 200 }] },
      actor: { metadata: [{ email: DEMO_CREDENTIALS.email, ip: null }] },
      // Named as it was when the call came: a rename shows the old name, a deletion the project that went.
      target: { description: `Project ${project.name} (${project.ref})`, metadata: { org_slug: 'acme-corp', project_ref: project.ref } },
    })
    expect(Date.parse(result[0]!.occurred_at)).toBeGreaterThanOrEqual(Date.parse(result[1]!.occurred_at))
    // Another organization's log holds none of it.
    expect((await auditOf('globex')).result).toEqual([])
  })

  it("records a deleted project under its organization, keeps events across a page load, and filters by time", async () => {
    const project = acme[1]!
    expect((await platform.call(`/platform/projects/${project.ref}`, { method: 'DELETE' })).status).toBe(200)
    const [latest] = (await auditOf('acme-corp')).result
    expect(latest).toMatchObject({ action: { name: 'Deleted a project' }, target: { description: `Project ${project.name} (${project.ref})` } })

    const next = await createMockPlatform({ databases: () => Promise.reject(new Error('no databases here')), contentStorage: storage })
    expect(next.db.auditEvents.findMany((q) => q.where({ organization_slug: 'acme-corp' })).map((e) => e.action)).toContain('Deleted a project')

    const future = new Date(Date.now() + 3_600_000).toISOString()
    expect((await auditOf('acme-corp', `?iso_timestamp_start=${future}`)).result).toEqual([])
    expect((await platform.call('/platform/organizations/acme-corp/audit?iso_timestamp_start=yesterday')).status).toBe(400)
  })

  it("drops an organization's events past its plan's retention as a new one is recorded (looking at most once an interval), and no other organization's", async () => {
    const { db, ctx } = platform.mock.platform
    const [template] = db.auditEvents.all()
    expect(template).toBeDefined()
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3_600_000).toISOString()
    for (const organization_slug of ['acme-corp', 'globex']) await db.auditEvents.create({ ...template!, id: `old-${organization_slug}`, organization_slug, occurred_at: eightDaysAgo })
    // Acme keeps 7 days (its plan): a write there, once the interval since Acme's last look has passed, drops Acme's old event only.
    ctx.clockOffset = AUDIT_PRUNE_INTERVAL_MS
    try {
      expect((await platform.call(`/platform/projects/${acme[0]!.ref}`, json('PATCH', { name: 'Past retention' }))).status).toBe(200)
      expect(db.auditEvents.all().map((e) => e.id)).not.toContain('old-acme-corp')
      expect(db.auditEvents.all().map((e) => e.id)).toContain('old-globex')
      // One past retention that comes before the next look stays kept a while, and is never shown: the log reads only what the retention keeps.
      await db.auditEvents.create({ ...template!, id: 'old-acme-again', organization_slug: 'acme-corp', occurred_at: eightDaysAgo })
      expect((await platform.call(`/platform/projects/${acme[0]!.ref}`, json('PATCH', { name: 'Within the interval' }))).status).toBe(200)
      expect(db.auditEvents.all().map((e) => e.id)).toContain('old-acme-again')
      expect((await auditOf('acme-corp')).result.map((e) => e.occurred_at)).not.toContain(eightDaysAgo)
    } finally {
      ctx.clockOffset = 0
    }
  })

  it('looks through the kept events for what is past retention at most once an interval, not at every event (each look reads them all)', async () => {
    const { db, ctx } = platform.mock.platform
    const [template] = db.auditEvents.all()
    const looks = vi.spyOn(db.auditEvents, 'all')
    try {
      for (let i = 0; i < 50; i++) await recordAuditEvent(ctx, { ...template!, id: `burst-${i}`, organization_slug: 'globex', occurred_at: new Date().toISOString() })
      expect(looks.mock.calls.length).toBeLessThanOrEqual(1)
    } finally {
      looks.mockRestore()
    }
    expect(db.auditEvents.all().filter((e) => e.id.startsWith('burst-'))).toHaveLength(50)
  })

  it('is for members only; the profile log holds the member’s own writes in every organization', async () => {
    expect((await platform.call('/platform/organizations/no-such-org/audit')).status).toBe(404)
    const own = (await (await platform.call('/platform/profile/audit')).json()) as { result: Entry[] }
    expect(own.result.map((e) => e.action.name)).toEqual(expect.arrayContaining(['Renamed a project', 'Deleted a project']))
    expect(own.result.every((e) => e.actor.metadata[0]!.email === DEMO_CREDENTIALS.email)).toBe(true)
  })
})

describe('an audit event about one member', () => {
  it('names the member', async () => {
    const { db } = platform.mock.platform
    const octo = db.users.findFirst((q) => q.where({ email: 'octo@example.com' }))!
    expect((await platform.call(`/platform/organizations/acme-corp/members/${octo.id}`, json('PATCH', { role_id: 3 }))).status).toBe(200)
    const [latest] = (await auditOf('acme-corp')).result
    expect(latest).toMatchObject({ action: { name: "Changed a member's role" }, target: { description: 'Member octo@example.com of Acme Corp' } })
  })
})
