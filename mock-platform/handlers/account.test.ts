import { describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGE, DEMO_CREDENTIALS } from '../../src/constants'
import { MemoryStorage } from '../../src/test/memory-storage'
import { createMockPlatform } from '../platform'
import { TEST_API_BASE, useNodeMockPlatform } from '../testing'

const storage = new MemoryStorage()
const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS, contentStorage: storage })
const json = (method: string, body?: unknown) => ({ method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
const withToken = (token: string, path: string) => fetch(`${TEST_API_BASE}${path}`, { headers: { authorization: `Bearer ${token}` } })

type Listed = { id: number; name: string; token_alias: string; last_used_at: string | null; expires_at: string | null }

describe("a member's personal access tokens", () => {
  it('are shown once, act as the member against the platform API, note their last use, and stop working once revoked', async () => {
    const made = await platform.call('/platform/profile/access-tokens', json('POST', { name: 'CI deploys', expires_at: new Date(Date.now() + 86_400_000).toISOString() }))
    expect(made.status).toBe(201)
    const { token, id } = (await made.json()) as { token: string; id: number }
    expect(token).toMatch(/^sbp_[0-9a-f]{40}$/)

    const organizations = await withToken(token, '/platform/organizations')
    expect(organizations.status).toBe(200)
    expect(((await organizations.json()) as { slug: string }[]).map((o) => o.slug)).toContain('acme-corp')

    const listed = (await (await platform.call('/platform/profile/access-tokens')).json()) as Listed[]
    const mine = listed.find((t) => t.id === id)!
    expect(mine).toMatchObject({ name: 'CI deploys', token_alias: `${token.slice(0, 8)}…${token.slice(-4)}` })
    expect(mine.last_used_at).not.toBeNull()
    expect(JSON.stringify(listed)).not.toContain(token)

    // Kept across a page load, and still working there.
    const next = await createMockPlatform({ databases: () => Promise.reject(new Error('no databases here')), contentStorage: storage })
    expect(next.db.accessTokens.findFirst((q) => q.where({ id }))).toMatchObject({ name: 'CI deploys' })

    expect((await platform.call(`/platform/profile/access-tokens/${id}`, json('DELETE'))).status).toBe(200)
    expect((await withToken(token, '/platform/organizations')).status).toBe(401)
  })

  it('refuse a nameless token, one already expired, and an unknown or expired one as a bearer', async () => {
    expect((await platform.call('/platform/profile/access-tokens', json('POST', { name: '  ' }))).status).toBe(400)
    expect((await platform.call('/platform/profile/access-tokens', json('POST', { name: 'old', expires_at: '2020-01-01T00:00:00Z' }))).status).toBe(400)
    expect((await withToken('sbp_0000000000000000000000000000000000000000', '/platform/organizations')).status).toBe(401)
    const { token, id } = (await (await platform.call('/platform/profile/access-tokens', json('POST', { name: 'short-lived', expires_at: new Date(Date.now() + 60_000).toISOString() }))).json()) as { token: string; id: number }
    const { db } = platform.mock.platform
    await db.accessTokens.update(db.accessTokens.findFirst((q) => q.where({ id }))!, { data: (t) => void (t.expires_at = new Date(Date.now() - 1000).toISOString()) })
    expect((await withToken(token, '/platform/organizations')).status).toBe(401)
  })
})

describe("a member's profile", () => {
  it('changes names and username; a taken or malformed username is refused', async () => {
    const saved = await platform.call('/platform/profile', json('PATCH', { first_name: ' Dee ', last_name: 'Mo', username: 'dee-mo' }))
    expect(saved.status).toBe(200)
    expect(await (await platform.call('/platform/profile')).json()).toMatchObject({ first_name: 'Dee', last_name: 'Mo', username: 'dee-mo', primary_email: DEMO_CREDENTIALS.email })
    const taken = await platform.call('/platform/profile', json('PATCH', { username: 'OCTO-DEMO' }))
    expect(await taken.json()).toEqual({ message: ACCOUNT_MESSAGE.usernameTaken('OCTO-DEMO') })
    expect(await (await platform.call('/platform/profile', json('PATCH', { username: 'a b' }))).json()).toEqual({ message: ACCOUNT_MESSAGE.usernameInvalid })
    const next = await createMockPlatform({ databases: () => Promise.reject(new Error('no databases here')), contentStorage: storage })
    expect(next.db.profiles.findFirst((q) => q.where({ primary_email: DEMO_CREDENTIALS.email }))).toMatchObject({ username: 'dee-mo', first_name: 'Dee' })
  })
})
