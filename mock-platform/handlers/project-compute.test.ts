import { describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../fixtures/platform'
import { DEMO_CREDENTIALS, PERMISSION_MESSAGE, PROJECT_SETTINGS_MESSAGE } from '../../src/constants'
import { MemoryStorage } from '../../src/test/memory-storage'
import { createMockPlatform } from '../platform'
import { useNodeMockPlatform, whileMemberMay } from '../testing'

const storage = new MemoryStorage()
const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS, contentStorage: storage })
const fixtures = createPlatformFixtures()
const onPro = fixtures.projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY' && p.infra_compute_size === 'nano')!
const onFree = fixtures.projects.find((p) => p.organization_slug === 'demo-free' && p.status === 'ACTIVE_HEALTHY')!
const paused = fixtures.projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'INACTIVE')!
const choose = (ref: string, variant: string) =>
  platform.call(`/platform/projects/${ref}/billing/addons`, { method: 'POST', body: JSON.stringify({ addon_type: 'compute_instance', addon_variant: variant }), headers: { 'content-type': 'application/json' } })
const upcomingTotal = async (slug: string) => ((await (await platform.call(`/platform/organizations/${slug}/billing/invoices/upcoming`, { headers: { Version: '2' } })).json()) as { amount_total: number }).amount_total

describe("a project's compute size", () => {
  it('offers the two sizes with their prices, the current one selected', async () => {
    const answer = (await (await platform.call(`/platform/projects/${onPro.ref}/billing/addons`)).json()) as {
      selected_addons: { variant: { identifier: string } }[]
      available_addons: { variants: { identifier: string; price: number; meta: { memory_gb: number } }[] }[]
    }
    expect(answer.selected_addons.map((a) => a.variant.identifier)).toEqual(['ci_nano'])
    expect(answer.available_addons[0]!.variants.map((v) => [v.identifier, v.price, v.meta.memory_gb])).toEqual([
      ['ci_nano', 0, 0.5],
      ['ci_micro', 10, 1],
    ])
  })

  it('moves a project to Micro: it restarts (RESIZING, then healthy), the upcoming invoice bills the new size, and a page load keeps it', async () => {
    const before = await upcomingTotal('acme-corp')
    const moved = await choose(onPro.ref, 'ci_micro')
    expect(moved.status).toBe(201)
    const statuses: string[] = []
    for (let poll = 0; poll < 3; poll++) statuses.push(((await (await platform.call(`/platform/projects/${onPro.ref}`)).json()) as { status: string }).status)
    expect(statuses).toEqual(['RESIZING', 'ACTIVE_HEALTHY', 'ACTIVE_HEALTHY'])
    expect(await (await platform.call(`/platform/projects/${onPro.ref}`)).json()).toMatchObject({ infra_compute_size: 'micro' })
    // Micro costs $10 a month more; the Pro plan's compute credits were used up by the other Micro project.
    expect(await upcomingTotal('acme-corp')).toBeCloseTo(before + 10, 2)
    const next = await createMockPlatform({ databases: () => Promise.reject(new Error('no databases here')), contentStorage: storage })
    expect(next.db.projects.findFirst((q) => q.where({ ref: onPro.ref }))).toMatchObject({ infra_compute_size: 'micro' })

    const same = await choose(onPro.ref, 'ci_micro')
    expect(await same.json()).toEqual({ message: PROJECT_SETTINGS_MESSAGE.computeSameSize })
    expect((await choose(onPro.ref, 'ci_huge')).status).toBe(400)
  })

  it('refuses Micro on the Free plan, a paused project, and a member without billing rights', async () => {
    // The seed's Free project already runs on Micro: down to Nano is allowed, back up is not.
    expect((await choose(onFree.ref, 'ci_nano')).status).toBe(201)
    // While it restarts on the new size, no other change.
    const settling = await choose(onFree.ref, 'ci_micro')
    expect(settling.status).toBe(409)
    expect(await settling.json()).toEqual({ message: PROJECT_SETTINGS_MESSAGE.computeSettling })
    for (let poll = 0; poll < 2; poll++) await platform.call(`/platform/projects/${onFree.ref}`)
    const up = await choose(onFree.ref, 'ci_micro')
    expect(up.status).toBe(400)
    expect(await up.json()).toEqual({ message: PROJECT_SETTINGS_MESSAGE.computeFreePlan('Micro') })

    const asleep = await choose(paused.ref, 'ci_micro')
    expect(await asleep.json()).toEqual({ message: PROJECT_SETTINGS_MESSAGE.computeNotActive })

    await whileMemberMay(platform.mock.platform.ctx, DEMO_CREDENTIALS.email, 'acme-corp', ['read:Read'], async () => {
      const refused = await choose(onPro.ref, 'ci_nano')
      expect(refused.status).toBe(403)
      expect(await refused.json()).toEqual({ message: PERMISSION_MESSAGE.denied(PROJECT_SETTINGS_MESSAGE.computeDenied) })
    })
  })
})
