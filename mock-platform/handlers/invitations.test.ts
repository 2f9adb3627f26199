import { describe, expect, it } from 'vitest'
import { createPlatformFixtures, FIXTURE_INVITATIONS } from '../../fixtures/platform'
import { DEMO_CREDENTIALS } from '../../src/constants'
import { INVITATION_ERROR } from './invitations'
import { useNodeMockPlatform } from '../testing'

const fixtures = createPlatformFixtures()
const platform = useNodeMockPlatform({ signInAs: DEMO_CREDENTIALS })
const { call } = platform

const invitationPath = ({ slug, token: invite }: { slug: string; token: string }) => `/platform/organizations/${slug}/members/invitations/${invite}`
const read = (link: { slug: string; token: string }) => call(invitationPath(link))
const accept = (link: { slug: string; token: string }) => call(invitationPath(link), { method: 'POST' })
const organizationSlugs = async () => ((await (await call('/platform/organizations')).json()) as { slug: string }[]).map((o) => o.slug)

describe('invitation fixtures', () => {
  it('seed one invitation per fixture token, none accepted', () => {
    expect(fixtures.invitations.map((i) => i.token).sort()).toEqual(
      Object.values(FIXTURE_INVITATIONS)
        .map((l) => l.token)
        .sort(),
    )
    expect(fixtures.invitations.every((i) => !i.accepted)).toBe(true)
    expect(platform.mock.platform.db.invitations.count()).toBe(fixtures.invitations.length)
  })
  it('invite the demo user to an organization it is not a member of yet', async () => {
    const demo = fixtures.users[0]!
    expect(fixtures.organizations.some((o) => o.slug === FIXTURE_INVITATIONS.valid.slug)).toBe(true)
    expect(fixtures.permissions.some((p) => p.gotrue_id === demo.id && p.organization_slug === FIXTURE_INVITATIONS.valid.slug)).toBe(false)
    expect(await organizationSlugs()).not.toContain(FIXTURE_INVITATIONS.valid.slug)
  })
})

describe('GET …/members/invitations/{token}', () => {
  it('answers 401 without a session', async () => {
    expect((await call(invitationPath(FIXTURE_INVITATIONS.valid), {}, false)).status).toBe(401)
  })

  it('describes a valid invitation for the signed-in user', async () => {
    const answer = await read(FIXTURE_INVITATIONS.valid)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({
      organization_name: 'Umbrella Labs',
      authorized_user: true,
      email_match: true,
      expired_token: false,
      sso_mismatch: false,
      token_does_not_exist: false,
      invite_id: 1,
    })
  })

  it('says when the invitation has expired', async () => {
    expect(await (await read(FIXTURE_INVITATIONS.expired)).json()).toMatchObject({ expired_token: true, email_match: true, token_does_not_exist: false })
  })

  it('says when the invitation was sent to another address', async () => {
    expect(await (await read(FIXTURE_INVITATIONS.otherEmail)).json()).toMatchObject({ email_match: false, expired_token: false, token_does_not_exist: false })
  })

  it('answers token_does_not_exist (200) for an unknown token or a token of another organization', async () => {
    for (const link of [
      { slug: 'umbrella-labs', token: 'no-such-token' },
      { slug: 'acme-corp', token: FIXTURE_INVITATIONS.valid.token },
      { slug: 'no-such-org', token: FIXTURE_INVITATIONS.valid.token },
    ]) {
      const answer = await read(link)
      expect(answer.status).toBe(200)
      expect(await answer.json()).toMatchObject({ token_does_not_exist: true })
    }
  })
})

describe('POST …/members/invitations/{token}', () => {
  it('answers 401 without a session', async () => {
    expect((await call(invitationPath(FIXTURE_INVITATIONS.valid), { method: 'POST' }, false)).status).toBe(401)
  })

  it('answers 409 when the user already belongs to the organization', async () => {
    const answer = await accept(FIXTURE_INVITATIONS.alreadyMember)
    expect(answer.status).toBe(409)
    expect(await answer.json()).toEqual({ message: INVITATION_ERROR.alreadyMember })
  })

  it('refuses expired, unknown and other-address invitations without creating a membership', async () => {
    const before = platform.mock.platform.db.permissions.count()
    const expired = await accept(FIXTURE_INVITATIONS.expired)
    expect(expired.status).toBe(410)
    expect(await expired.json()).toEqual({ message: INVITATION_ERROR.expired })
    const unknown = await accept({ slug: 'umbrella-labs', token: 'no-such-token' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: INVITATION_ERROR.notFound })
    const other = await accept(FIXTURE_INVITATIONS.otherEmail)
    expect(other.status).toBe(403)
    expect(await other.json()).toEqual({ message: INVITATION_ERROR.emailMismatch })
    expect(platform.mock.platform.db.permissions.count()).toBe(before)
  })

  it('accepts a valid invitation: one new membership, listed in /organizations, and the token is used up', async () => {
    const permissions = platform.mock.platform.db.permissions.count()
    const organization = platform.mock.platform.db.organizations.findFirst((q) => q.where({ slug: FIXTURE_INVITATIONS.valid.slug }))!
    const answer = await accept(FIXTURE_INVITATIONS.valid)
    expect(answer.status).toBe(201)
    expect(platform.mock.platform.db.permissions.count()).toBe(permissions + 1)
    expect(await organizationSlugs()).toContain(FIXTURE_INVITATIONS.valid.slug)
    const entries = (await (await call('/platform/profile/permissions')).json()) as { organization_slug: string }[]
    expect(entries.filter((p) => p.organization_slug === FIXTURE_INVITATIONS.valid.slug)).toHaveLength(1)
    // Nothing else changes: the organization record is as it was.
    expect(platform.mock.platform.db.organizations.findFirst((q) => q.where({ slug: organization.slug }))).toEqual(organization)

    expect(await (await read(FIXTURE_INVITATIONS.valid)).json()).toMatchObject({ token_does_not_exist: true })
    const again = await accept(FIXTURE_INVITATIONS.valid)
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ message: INVITATION_ERROR.alreadyMember })
  })
})
