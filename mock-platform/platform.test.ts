import { beforeEach, describe, expect, it } from 'vitest'
import { drawPlatformFixtures } from '../fixtures/draw-platform-fixtures'
import { createPlatformFixtures } from '../fixtures/platform'
import { DEMO_CREDENTIALS } from '../src/constants'
import { TEST_API_BASE, useNodeMockPlatform } from './testing'

const fixtures = createPlatformFixtures()
const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })
const { call } = platform

beforeEach(() => platform.mock.setScenario(null))

describe('fixtures', () => {
  it('are drawn the same on every run (one seed)', () => {
    expect(drawPlatformFixtures()).toEqual(drawPlatformFixtures())
  })
  it('cover every plan, restriction state and several statuses and providers', () => {
    expect(new Set(fixtures.organizations.map((o) => o.plan))).toEqual(new Set(['free', 'pro', 'team', 'enterprise']))
    expect(new Set(fixtures.organizations.map((o) => o.restriction_status))).toEqual(new Set([null, 'grace_period', 'grace_period_over', 'restricted']))
    expect(new Set(fixtures.projects.map((p) => p.cloud_provider))).toEqual(new Set(['AWS', 'AWS_K8S', 'FLY', 'AWS_NIMBUS']))
    expect(new Set(fixtures.projects.map((p) => p.status)).size).toBeGreaterThanOrEqual(6)
  })
})

describe('auth', () => {
  it('refuses wrong credentials with a message', async () => {
    const answer = await call(
      '/auth/v1/token?grant_type=password',
      { method: 'POST', body: JSON.stringify({ email: DEMO_CREDENTIALS.email, password: 'nope' }) },
      false,
    )
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({ error_description: 'Invalid login credentials' })
  })
  it('answers the current user with identities, new_email and email_change_sent_at', async () => {
    const user = await (await call('/auth/v1/user')).json()
    expect(user).toMatchObject({ email: DEMO_CREDENTIALS.email, new_email: null, email_change_sent_at: null })
    expect(Array.isArray(user.identities)).toBe(true)
  })
  it('answers 401 to platform calls without a valid token', async () => {
    expect((await call('/platform/organizations', {}, false)).status).toBe(401)
    const forged = await fetch(`${TEST_API_BASE}/platform/organizations`, { headers: { authorization: 'Bearer platform.mock.eyJzdWIiOiJ4IiwiZXhwIjoxfQ' } })
    expect(forged.status).toBe(401)
  })
})

describe('profile scenarios', () => {
  it('profile-not-found answers 404 until the profile is created', async () => {
    platform.mock.setScenario('profile-not-found')
    const missing = await call('/platform/profile')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: "User's profile not found" })
    expect((await call('/platform/profile', { method: 'POST' })).status).toBe(201)
    expect((await call('/platform/profile')).status).toBe(200)
  })
  it('profile-create-conflict answers 409 to creation, then the profile exists', async () => {
    platform.mock.setScenario('profile-create-conflict')
    expect((await call('/platform/profile')).status).toBe(404)
    expect((await call('/platform/profile', { method: 'POST' })).status).toBe(409)
    expect((await call('/platform/profile')).status).toBe(200)
  })
  it('profile-create-failure answers 500 to creation', async () => {
    platform.mock.setScenario('profile-create-failure')
    expect((await call('/platform/profile', { method: 'POST' })).status).toBe(500)
  })
  it('profile-unauthorized answers 401', async () => {
    platform.mock.setScenario('profile-unauthorized')
    expect((await call('/platform/profile')).status).toBe(401)
  })
  it('the newcomer has no profile until it is created', async () => {
    const answer = await call(
      '/auth/v1/token?grant_type=password',
      { method: 'POST', body: JSON.stringify({ email: 'newcomer@example.com', password: DEMO_CREDENTIALS.password }) },
      false,
    )
    const newcomerToken = ((await answer.json()) as { access_token: string }).access_token
    const asNewcomer = (init: RequestInit = {}) =>
      fetch(`${TEST_API_BASE}/platform/profile`, { ...init, headers: { authorization: `Bearer ${newcomerToken}` } })
    expect((await asNewcomer()).status).toBe(404)
    expect((await asNewcomer({ method: 'POST' })).status).toBe(201)
    expect((await asNewcomer()).status).toBe(200)
    expect((await asNewcomer({ method: 'POST' })).status).toBe(409)
  })
})

describe('password-check', () => {
  it('scores 0–4 with feedback from a real estimator', async () => {
    const check = async (password: string) =>
      (
        (await (await call('/platform/profile/password-check', { method: 'POST', body: JSON.stringify({ password }) })).json()) as {
          result: { score: number; feedback: { warning: string; suggestions: string[] } }
        }
      ).result
    const weak = await check('password')
    expect(weak.score).toBe(0)
    expect(weak.feedback.warning).not.toBe('')
    const strong = await check('violet-Tractor-91-lagoon!quill')
    expect(strong.score).toBe(4)
  })
})

describe('system', () => {
  it('answers the UTC time, moved by the clock offset', async () => {
    platform.mock.platform.ctx.clockOffset = 10 * 60_000
    const { utcTime } = (await (await fetch(`${TEST_API_BASE}/get-utc-time`)).json()) as { utcTime: string }
    expect(Date.parse(utcTime) - Date.now()).toBeGreaterThan(9 * 60_000)
    platform.mock.platform.ctx.clockOffset = 0
  })
  it('records telemetry events', async () => {
    const before = platform.mock.platform.records.telemetry.length
    expect((await call('/platform/telemetry/event', { method: 'POST', body: JSON.stringify({ action: 'x' }) })).status).toBe(201)
    expect(platform.mock.platform.records.telemetry.length).toBe(before + 1)
  })
})

describe('pg-meta', () => {
  const project = fixtures.projects.find((p) => p.status === 'ACTIVE_HEALTHY')!
  const query = (sql: string, connection: string | null = project.connectionString) =>
    call(`/platform/pg-meta/${project.ref}/query`, {
      method: 'POST',
      body: JSON.stringify({ query: sql }),
      headers: connection ? { 'x-connection-encrypted': connection } : {},
    })

  it('refuses a query without the encrypted connection header with the SPEC text', async () => {
    const answer = await query('select 1', null)
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({ message: 'API Error: happened while trying to acquire connection to the database' })
  })

  it('runs real SQL on the project database', async () => {
    const answer = await query('select 40 + 2 as answer')
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual([{ answer: 42 }])
  })

  it('answers a Postgres error with message, code and position', async () => {
    const answer = await query('select * from no_such_table')
    expect(answer.status).toBe(400)
    const body = await answer.json()
    expect(body).toMatchObject({ code: '42P01', position: '15' })
    expect(body.message).toMatch(/no_such_table/)
  })

  it('keeps each project in its own database', async () => {
    const other = fixtures.projects.find((p) => p.status === 'ACTIVE_HEALTHY' && p.ref !== project.ref)!
    await query('create table only_here (id int)')
    const elsewhere = await call(`/platform/pg-meta/${other.ref}/query`, {
      method: 'POST',
      body: JSON.stringify({ query: "select to_regclass('public.only_here') as t" }),
      headers: { 'x-connection-encrypted': other.connectionString! },
    })
    expect(await elsewhere.json()).toEqual([{ t: null }])
  })
})

describe('content and invoices', () => {
  const project = fixtures.projects.find((p) => p.status === 'ACTIVE_HEALTHY')!

  it('lists the project snippets in the content shape and reads one', async () => {
    const list = (await (await call(`/platform/projects/${project.ref}/content?type=sql`)).json()) as { data: { id: string; content: { sql: string } }[] }
    expect(list.data.length).toBe(fixtures.snippets.filter((s) => s.project_ref === project.ref).length)
    const first = list.data[0]!
    const item = await (await call(`/platform/projects/${project.ref}/content/item/${first.id}`)).json()
    expect(item.content.sql).toBe(first.content.sql)
    expect((await call(`/platform/projects/${project.ref}/content/item/00000000-0000-4000-8000-000000000000`)).status).toBe(404)
  })

  it('pages invoices and counts them with HEAD', async () => {
    const head = await call('/platform/organizations/acme-corp/billing/invoices', { method: 'HEAD' })
    expect(head.headers.get('x-total-count')).toBe('6')
    const page = (await (await call('/platform/organizations/acme-corp/billing/invoices?offset=4&limit=10')).json()) as unknown[]
    expect(page).toHaveLength(2)
  })

  it('seeds an open invoice behind every overdue count', () => {
    for (const overdue of fixtures.overdueInvoices) {
      const org = fixtures.organizations.find((o) => o.id === overdue.organization_id)!
      const unpaid = fixtures.invoices.filter((i) => i.organization_slug === org.slug && i.status === 'uncollectible')
      expect(unpaid).toHaveLength(overdue.overdue_invoice_count)
    }
  })
})

describe('project creation', () => {
  const strong = 'quartz-lantern-meadow-1947-violet'
  const body = (overrides: Record<string, unknown> = {}) =>
    JSON.stringify({
      name: 'Checkout',
      organization_slug: 'empty-org',
      db_pass: strong,
      db_region: 'eu-central-1',
      cloud_provider: 'AWS',
      desired_instance_size: 'micro',
      ...overrides,
    })

  it('creates a project that starts COMING_UP and comes up after a few reads', async () => {
    const answer = await call('/platform/projects', { method: 'POST', body: body() })
    expect(answer.status).toBe(201)
    const created = (await answer.json()) as { ref: string; status: string; organization_slug: string }
    expect(created).toMatchObject({ status: 'COMING_UP', organization_slug: 'empty-org' })
    const statuses: string[] = []
    for (let i = 0; i < 4; i++) statuses.push(((await (await call(`/platform/projects/${created.ref}`)).json()) as { status: string }).status)
    expect(statuses[0]).toBe('COMING_UP')
    expect(statuses.at(-1)).toBe('ACTIVE_HEALTHY')
    const list = (await (await call('/platform/organizations/empty-org/projects')).json()) as {
      projects: { ref: string; databases: { infra_compute_size: string }[] }[]
    }
    expect(list.projects.find((p) => p.ref === created.ref)?.databases[0]?.infra_compute_size).toBe('micro')
  })

  it('refuses a weak password, an over-long one and an unknown region with messages', async () => {
    const weak = await call('/platform/projects', { method: 'POST', body: body({ db_pass: 'password1' }) })
    expect(weak.status).toBe(400)
    expect(await weak.json()).toEqual({ message: 'You need a stronger password.' })
    const long = await call('/platform/projects', { method: 'POST', body: body({ db_pass: 'x'.repeat(100) }) })
    expect(await long.json()).toEqual({ message: 'Password should be less than 100 characters' })
    const region = await call('/platform/projects', { method: 'POST', body: body({ db_region: 'mars-1' }) })
    expect(await region.json()).toEqual({ message: 'db_region is not a known region' })
  })

  it('holds a free organization to 2 active projects', async () => {
    // demo-free starts with one active project: one more is allowed, then the limit holds.
    const second = await call('/platform/projects', { method: 'POST', body: body({ organization_slug: 'demo-free' }) })
    expect(second.status).toBe(201)
    const third = await call('/platform/projects', { method: 'POST', body: body({ organization_slug: 'demo-free' }) })
    expect(third.status).toBe(400)
    expect(await third.json()).toEqual({ message: 'Free plan organizations are limited to 2 active projects' })
  })

  it('refuses an organization the user is not a member of', async () => {
    const answer = await call('/platform/projects', { method: 'POST', body: body({ organization_slug: 'someone-else' }) })
    expect(answer.status).toBe(404)
  })
})
