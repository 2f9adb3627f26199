import { describe, expect, it, vi } from 'vitest'
import { DEMO_CREDENTIALS, ORGANIZATION_ROLE, ORGANIZATION_SETTINGS_MESSAGE, PERMISSION_MESSAGE, PROJECT_SETTINGS_MESSAGE } from '../../src/constants'
import { MemoryStorage } from '../../src/test/memory-storage'
import { sentMail } from '../mail/mail-log'
import { createMockPlatform } from '../platform'
import { TEST_API_BASE, useNodeMockPlatform } from '../testing'

const storage = new MemoryStorage()
const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS, contentStorage: storage })
const COLLEAGUE = { email: 'new-colleague@example.com', password: 'harbor-Violet-73-lantern!quill' }
const json = (method: string, body?: unknown) => ({ method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })

/** Calls as another signed-in user. */
const as = (token: string) => (path: string, init: RequestInit = {}) =>
  fetch(`${TEST_API_BASE}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } })

describe("an organization's members", () => {
  it('invites a colleague with a role (mailed a join link), who joins with it, is given another role, then leaves; the last owner cannot', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const invited = await platform.call('/platform/organizations/acme-corp/members/invitations', json('POST', { email: COLLEAGUE.email, role_id: ORGANIZATION_ROLE.developer }))
    expect(invited.status).toBe(201)
    const { join_link: link, id } = (await invited.json()) as { join_link: string; id: number }
    const mail = sentMail(platform.mock.platform.ctx).at(-1)!
    expect(mail).toMatchObject({ to: COLLEAGUE.email, subject: ORGANIZATION_SETTINGS_MESSAGE.inviteMailSubject('Acme Corp') })
    expect(mail.text).toContain(link)
    const again = await platform.call('/platform/organizations/acme-corp/members/invitations', json('POST', { email: COLLEAGUE.email.toUpperCase(), role_id: 3 }))
    expect(await again.json()).toEqual({ message: ORGANIZATION_SETTINGS_MESSAGE.alreadyInvited(COLLEAGUE.email.toUpperCase()) })
    expect(((await (await platform.call('/platform/organizations/acme-corp/members/invitations')).json()) as { invitations: { id: number }[] }).invitations.map((i) => i.id)).toContain(id)

    const signUp = await fetch(`${TEST_API_BASE}/auth/v1/signup`, { method: 'POST', body: JSON.stringify(COLLEAGUE), headers: { 'content-type': 'application/json' } })
    const colleague = as(((await signUp.json()) as { access_token: string }).access_token)
    await colleague('/platform/profile', json('POST'))
    const token = new URL(link).searchParams.get('token')!
    expect((await colleague(`/platform/organizations/acme-corp/members/invitations/${token}`, json('POST'))).status).toBe(201)

    const members = (await (await platform.call('/platform/organizations/acme-corp/members')).json()) as { gotrue_id: string; primary_email: string; role_ids: number[] }[]
    const joined = members.find((m) => m.primary_email === COLLEAGUE.email)!
    expect(joined.role_ids).toEqual([ORGANIZATION_ROLE.developer])
    // A developer manages no members.
    const refused = await colleague('/platform/organizations/acme-corp/members/invitations', json('POST', { email: 'x@example.com', role_id: 4 }))
    expect(await refused.json()).toEqual({ message: ORGANIZATION_SETTINGS_MESSAGE.manageDenied })

    expect((await platform.call(`/platform/organizations/acme-corp/members/${joined.gotrue_id}`, json('PATCH', { role_id: ORGANIZATION_ROLE.readOnly }))).status).toBe(200)
    const projects = (await (await colleague('/platform/organizations/acme-corp/projects')).json()) as { projects: { ref: string }[] }
    const rename = await colleague(`/platform/projects/${projects.projects[0]!.ref}`, json('PATCH', { name: 'Not mine to rename' }))
    expect(rename.status).toBe(403)
    expect(await rename.json()).toEqual({ message: PERMISSION_MESSAGE.denied(PROJECT_SETTINGS_MESSAGE.renameDenied) })

    // Kept across a page load: the membership with its role.
    const next = await createMockPlatform({ databases: () => Promise.reject(new Error('no databases here')), contentStorage: storage })
    expect(next.db.permissions.findFirst((q) => q.where({ gotrue_id: joined.gotrue_id, organization_slug: 'acme-corp' }))).toMatchObject({ role_id: ORGANIZATION_ROLE.readOnly })

    expect((await colleague(`/platform/organizations/acme-corp/members/${joined.gotrue_id}`, json('DELETE'))).status).toBe(200)
    expect((await colleague('/platform/organizations/acme-corp/projects')).status).toBe(404)
    // Globex has one owner, the demo user: neither leaving nor becoming a developer.
    const demoId = members.find((m) => m.primary_email === DEMO_CREDENTIALS.email)!.gotrue_id
    const lastOwner = await platform.call(`/platform/organizations/globex/members/${demoId}`, json('DELETE'))
    expect(await lastOwner.json()).toEqual({ message: ORGANIZATION_SETTINGS_MESSAGE.lastOwner })
    const demoted = await platform.call(`/platform/organizations/globex/members/${demoId}`, json('PATCH', { role_id: ORGANIZATION_ROLE.developer }))
    expect(await demoted.json()).toEqual({ message: ORGANIZATION_SETTINGS_MESSAGE.lastOwner })
  })

  it('revokes and resends invitations; a bad address or role is refused', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const path = '/platform/organizations/acme-corp/members/invitations'
    expect(await (await platform.call(path, json('POST', { email: 'not an email', role_id: 3 }))).json()).toEqual({ message: ORGANIZATION_SETTINGS_MESSAGE.invalidEmail })
    expect(await (await platform.call(path, json('POST', { email: 'a@example.com', role_id: 9 }))).json()).toEqual({ message: ORGANIZATION_SETTINGS_MESSAGE.unknownRole })
    const { id, join_link: first } = (await (await platform.call(path, json('POST', { email: 'later@example.com', role_id: 4 }))).json()) as { id: number; join_link: string }
    const resent = (await (await platform.call(`${path}/${id}/resend`, json('POST'))).json()) as { join_link: string }
    expect(resent.join_link).not.toBe(first)
    expect((await platform.call(`${path}/${id}`, json('DELETE'))).status).toBe(200)
    const left = (await (await platform.call(path)).json()) as { invitations: { id: number }[] }
    expect(left.invitations.map((i) => i.id)).not.toContain(id)
  })

  it('renames an organization, and deletes one only when it holds no project', async () => {
    const renamed = await platform.call('/platform/organizations/empty-org', json('PATCH', { name: '  Quiet Org  ' }))
    expect(await renamed.json()).toMatchObject({ slug: 'empty-org', name: 'Quiet Org' })
    expect((await platform.call('/platform/organizations/empty-org', json('PATCH', { name: '   ' }))).status).toBe(400)
    const busy = await platform.call('/platform/organizations/acme-corp', json('DELETE'))
    expect(busy.status).toBe(400)
    expect(((await busy.json()) as { message: string }).message).toMatch(/still holds/)
    expect((await platform.call('/platform/organizations/empty-org', json('DELETE'))).status).toBe(200)
    const organizations = (await (await platform.call('/platform/organizations')).json()) as { slug: string }[]
    expect(organizations.map((o) => o.slug)).not.toContain('empty-org')
    const next = await createMockPlatform({ databases: () => Promise.reject(new Error('no databases here')), contentStorage: storage })
    expect(next.db.organizations.findFirst((q) => q.where({ slug: 'empty-org' }))).toBeUndefined()
  })
})
