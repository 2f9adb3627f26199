import { describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS, MOCK_ACCOUNTS_STORAGE_KEY, NEW_ORGANIZATION_MESSAGE, PASSWORD_MESSAGE, PLAN_LIMITS, SIGN_UP_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from '../../src/constants'
import { MemoryStorage } from '../../src/test/memory-storage'
import { CREATE_ORGANIZATION_ERROR, organizationSlugFor } from '../handlers/organizations'
import { createMockPlatform } from '../platform'
import { TEST_API_BASE, useNodeMockPlatform } from '../testing'

// The browser keeps what is created at run time; here a memory storage plays its local storage.
const storage = new MemoryStorage()
const platform = useNodeMockPlatform({ contentStorage: storage })

const STRONG = 'violet-Tractor-91-lagoon!quill'
let emails = 0
const freshEmail = () => `someone-${Date.now()}-${emails++}@example.com`

async function request(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const headers = new Headers()
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  if (init.body !== undefined) headers.set('content-type', 'application/json')
  const answer = await fetch(`${TEST_API_BASE}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await answer.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test walks the answer's JSON freely; its assertions check the shape
  return { status: answer.status, body: (text ? JSON.parse(text) : undefined) as Record<string, any> }
}

const signUp = (email: string, password = STRONG) => request('/auth/v1/signup', { method: 'POST', body: { email, password } })
const signIn = async (email: string, password: string) =>
  (await request('/auth/v1/token?grant_type=password', { method: 'POST', body: { email, password } })).body.access_token as string
const createOrganization = (token: string, body: unknown) => request('/platform/organizations', { method: 'POST', body, token })

describe('POST {auth}/signup', () => {
  it('creates the account and answers a session; the new user has no profile until it is created, and no organizations', async () => {
    const email = freshEmail()
    const answer = await signUp(email)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ token_type: 'bearer', user: { email, identities: [{ provider: 'email' }] } })
    const token = answer.body.access_token as string
    expect((await request('/auth/v1/user', { token })).body).toMatchObject({ email })
    expect((await request('/platform/profile', { token })).status).toBe(404)
    expect((await request('/platform/profile', { method: 'POST', token })).status).toBe(201)
    expect((await request('/platform/profile', { token })).body).toMatchObject({ primary_email: email })
    expect((await request('/platform/organizations', { token })).body).toEqual([])
    // The password works for signing in later.
    expect(await signIn(email, STRONG)).toMatch(/^mock\./)
  })

  it('refuses an address already registered, whatever its case, with GoTrue’s code', async () => {
    for (const email of ['newcomer@example.com', 'Demo@Example.com']) {
      const answer = await signUp(email)
      expect(answer.status).toBe(422)
      expect(answer.body).toMatchObject({ error_code: 'user_already_exists', msg: 'User already registered' })
    }
  })

  it('scores the password on the server: a weak one is refused even if the form let it through', async () => {
    const answer = await signUp(freshEmail(), 'password1')
    expect(answer.status).toBe(422)
    expect(answer.body).toMatchObject({ error_code: 'weak_password', msg: PASSWORD_MESSAGE.needStronger })
  })

  it('refuses a missing or malformed email and an over-long password with the form’s messages', async () => {
    expect((await signUp('')).body).toMatchObject({ error_code: 'validation_failed', msg: SIGN_UP_MESSAGE.emailRequired })
    expect((await signUp('not-an-email')).body).toMatchObject({ msg: SIGN_UP_MESSAGE.emailInvalid })
    const long = await signUp(freshEmail(), 'x'.repeat(100))
    expect(long).toMatchObject({ status: 400, body: { msg: PASSWORD_MESSAGE.tooLong } })
  })

  it('the password check answers before there is an account (sign-up scores as the user types)', async () => {
    const answer = await request('/platform/profile/password-check', { method: 'POST', body: { password: STRONG } })
    expect(answer.status).toBe(200)
    expect(answer.body.result.score).toBe(4)
  })
})

describe('POST /platform/organizations', () => {
  it('creates a free organization whose creator is its owner, with every permission', async () => {
    const token = await signIn('newcomer@example.com', DEMO_CREDENTIALS.password)
    const answer = await createOrganization(token, { name: '  Newcomer Labs  ', tier: 'tier_free', kind: 'STARTUP' })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      name: 'Newcomer Labs',
      slug: 'newcomer-labs',
      plan: { id: 'free', name: 'Free' },
      is_owner: true,
      billing_email: 'newcomer@example.com',
      restriction_status: null,
      project_count: 0,
    })
    const listed = (await request('/platform/organizations', { token })).body as unknown as { slug: string }[]
    expect(listed.map((o) => o.slug)).toContain('newcomer-labs')
    const permissions = (await request('/platform/profile/permissions', { token })).body as unknown as { organization_slug: string; actions: string[] }[]
    expect(permissions.find((p) => p.organization_slug === 'newcomer-labs')).toMatchObject({ actions: ['%'], resources: ['%'], restrictive: false })
    const projects = await request('/platform/organizations/newcomer-labs/projects', { token })
    expect(projects.body).toMatchObject({ pagination: { count: 0 }, projects: [] })
    // Nobody else sees it.
    const demo = await signIn(DEMO_CREDENTIALS.email, DEMO_CREDENTIALS.password)
    expect(((await request('/platform/organizations', { token: demo })).body as unknown as { slug: string }[]).map((o) => o.slug)).not.toContain('newcomer-labs')
  })

  it('the free plan limit applies to its projects', async () => {
    const token = await signIn('newcomer@example.com', DEMO_CREDENTIALS.password)
    const { slug } = (await createOrganization(token, { name: 'Limits Co', tier: 'tier_free' })).body as { slug: string }
    const project = (name: string) =>
      request('/platform/projects', {
        method: 'POST',
        token,
        body: { name, organization_slug: slug, db_pass: STRONG, db_region: 'us-east-1', cloud_provider: 'AWS' },
      })
    for (let i = 1; i <= PLAN_LIMITS.free.activeProjects; i++) expect((await project(`Project ${i}`)).status).toBe(201)
    const over = await project('One too many')
    expect(over.status).toBe(400)
    expect(over.body.message).toContain('Free plan')
  })

  it('maps the tier to the plan: Pro without spend cap is pay as you go, Team is Team', async () => {
    const token = await signIn('newcomer@example.com', DEMO_CREDENTIALS.password)
    const payg = await createOrganization(token, { name: 'Metered', tier: 'tier_payg', kind: 'COMPANY', size: '50' })
    expect(payg.body).toMatchObject({ plan: { id: 'pro' }, usage_billing_enabled: true })
    const capped = await createOrganization(token, { name: 'Capped', tier: 'tier_pro' })
    expect(capped.body).toMatchObject({ plan: { id: 'pro' }, usage_billing_enabled: false })
    expect((await createOrganization(token, { name: 'Big Team', tier: 'tier_team' })).body).toMatchObject({ plan: { id: 'team', name: 'Team' } })
  })

  it('gives a second organization of the same name its own slug', async () => {
    const token = await signIn('newcomer@example.com', DEMO_CREDENTIALS.password)
    const first = (await createOrganization(token, { name: 'Twin', tier: 'tier_free' })).body.slug as string
    const second = (await createOrganization(token, { name: 'Twin', tier: 'tier_free' })).body.slug as string
    expect(first).toBe('twin')
    expect(second).toMatch(/^twin-[a-z0-9]{6}$/)
  })

  it('refuses what the platform refuses, with a message', async () => {
    const token = await signIn('newcomer@example.com', DEMO_CREDENTIALS.password)
    expect(await createOrganization(token, { name: '   ', tier: 'tier_free' })).toMatchObject({ status: 400, body: { message: NEW_ORGANIZATION_MESSAGE.nameRequired } })
    expect(await createOrganization(token, { name: 'x'.repeat(65), tier: 'tier_free' })).toMatchObject({
      status: 400,
      body: { message: NEW_ORGANIZATION_MESSAGE.nameTooLong(64) },
    })
    expect(await createOrganization(token, { name: 'Gold', tier: 'tier_gold' })).toMatchObject({ status: 400, body: { message: NEW_ORGANIZATION_MESSAGE.planInvalid } })
    expect(await createOrganization(token, { name: 'Big', tier: 'tier_enterprise' })).toMatchObject({ status: 400, body: { message: CREATE_ORGANIZATION_ERROR.enterprise } })
    expect(await createOrganization(token, { name: 'Odd', tier: 'tier_free', kind: 'ALIEN' })).toMatchObject({ status: 400 })
    expect((await createOrganization('', { name: 'Anonymous', tier: 'tier_free' })).status).toBe(401)
  })

  it('refuses a name PostgreSQL cannot store as the served platform does: no organization, no owner permission, nothing kept', async () => {
    const token = await signIn('newcomer@example.com', DEMO_CREDENTIALS.password)
    const { db } = platform.mock.platform
    const [organizations, permissions] = [db.organizations.count(), db.permissions.count()]
    const kept = storage.getItem(MOCK_ACCOUNTS_STORAGE_KEY)
    expect(await createOrganization(token, { name: 'Evil\u0000Corp', tier: 'tier_free' })).toEqual({ status: 400, body: { message: UNSTORABLE_TEXT_MESSAGE('name', 'U+0000') } })
    expect([db.organizations.count(), db.permissions.count()]).toEqual([organizations, permissions])
    expect(storage.getItem(MOCK_ACCOUNTS_STORAGE_KEY)).toBe(kept)
  })
})

describe('what the browser keeps', () => {
  it('a new account and its organizations come back on the next page load', async () => {
    const email = freshEmail()
    const token = (await signUp(email)).body.access_token as string
    const { slug } = (await createOrganization(token, { name: 'Kept Across Reloads', tier: 'tier_free' })).body as { slug: string }
    expect(storage.getItem(MOCK_ACCOUNTS_STORAGE_KEY)).toContain(email)
    // The next page load: a new mock platform over the same storage.
    const next = await createMockPlatform({ databases: () => Promise.reject(new Error('no databases here')), contentStorage: storage })
    const user = next.db.users.findFirst((q) => q.where({ email }))
    expect(user).toBeDefined()
    expect(next.db.organizations.findFirst((q) => q.where({ slug }))).toMatchObject({ name: 'Kept Across Reloads', plan: { id: 'free' } })
    expect(next.db.permissions.findFirst((q) => q.where({ gotrue_id: user!.id, organization_slug: slug }))).toBeDefined()
    // What the seed has is not doubled.
    expect(next.db.users.findMany((q) => q.where({ email: 'newcomer@example.com' }))).toHaveLength(1)
    expect(platform.mock.platform.db.organizations.count()).toBeGreaterThanOrEqual(next.db.organizations.count())
  })
})

describe('what the browser keeps: a project', () => {
  const createProject = (token: string, organization_slug: string, name: string) =>
    request('/platform/projects', { method: 'POST', token, body: { name, organization_slug, db_pass: STRONG, db_region: 'us-east-1', cloud_provider: 'AWS' } })
  const nextPageLoad = () => createMockPlatform({ databases: () => Promise.reject(new Error('no databases here')), contentStorage: storage })

  it('a new account’s project comes back on the next page load with its organization, as it last stood', async () => {
    const token = (await signUp(freshEmail())).body.access_token as string
    const { slug } = (await createOrganization(token, { name: 'Project Keepers', tier: 'tier_free' })).body as { slug: string }
    const created = await createProject(token, slug, 'Kept project')
    expect(created.status).toBe(201)
    const ref = created.body.ref as string
    // Three polls bring it up; the kept copy follows each change.
    for (let poll = 0; poll < 3; poll++) await request(`/platform/projects/${ref}`, { token })
    expect((await request(`/platform/projects/${ref}`, { token })).body).toMatchObject({ status: 'ACTIVE_HEALTHY' })

    const next = await nextPageLoad()
    expect(next.db.projects.findFirst((q) => q.where({ ref }))).toMatchObject({ name: 'Kept project', organization_slug: slug, status: 'ACTIVE_HEALTHY', connectionString: expect.any(String) })
    expect(next.db.organizations.findFirst((q) => q.where({ slug }))).toMatchObject({ project_count: 1 })
  })

  it('a project coming up when the page closed goes on coming up after it, and one made in a seed organization is counted once', async () => {
    const token = await signIn(DEMO_CREDENTIALS.email, DEMO_CREDENTIALS.password)
    const before = platform.mock.platform.db.organizations.findFirst((q) => q.where({ slug: 'acme-corp' }))!.project_count ?? 0
    const ref = (await createProject(token, 'acme-corp', 'Half way up')).body.ref as string
    await request(`/platform/projects/${ref}`, { token })

    const next = await nextPageLoad()
    expect(next.db.projects.findFirst((q) => q.where({ ref }))).toMatchObject({ status: 'COMING_UP', polls_until_settled: 2 })
    expect(next.db.projects.findMany((q) => q.where({ ref }))).toHaveLength(1)
    expect(next.db.organizations.findFirst((q) => q.where({ slug: 'acme-corp' }))!.project_count).toBe(before + 1)
  })
})

describe('organizationSlugFor', () => {
  it('makes readable slugs from any name', () => {
    const free = () => false
    expect(organizationSlugFor('Acme Labs', free)).toBe('acme-labs')
    expect(organizationSlugFor('  Café & Co. ', free)).toBe('cafe-co')
    expect(organizationSlugFor('日本', free)).toBe('org')
    expect(organizationSlugFor('x'.repeat(80), free)).toHaveLength(40)
  })
})
