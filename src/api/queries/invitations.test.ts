import { describe, expect, it } from 'vitest'
import { createPlatformFixtures, FIXTURE_INVITATIONS } from '../../../fixtures/platform'
import { useNodeMockPlatform } from '../../../mock-platform/testing'
import { signedInTestClient } from '../../test/signed-in-client'
import { ApiError } from '../errors'
import { createQueryClient } from '../query-client'
import { acceptInvitation, invitationQuery } from './invitations'
import { queryKeys } from './keys'

const demo = createPlatformFixtures().users[0]!
useNodeMockPlatform()
const client = signedInTestClient(demo.id)

describe('invitation queries', () => {
  it('reads an invitation under its key, parsed', async () => {
    const { slug, token } = FIXTURE_INVITATIONS.valid
    const options = invitationQuery(slug, token, client)
    expect(options.queryKey).toEqual(queryKeys.invitation(slug, token))
    expect(options.queryKey).toEqual(['invitations', slug, token])
    const invitation = await createQueryClient().fetchQuery(options)
    expect(invitation).toMatchObject({ organization_name: 'Umbrella Labs', email_match: true, expired_token: false, token_does_not_exist: false })
  })

  it('turns a refused acceptance into an ApiError with the platform message and status', async () => {
    const { slug, token } = FIXTURE_INVITATIONS.alreadyMember
    const error = await acceptInvitation(slug, token, { client }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 409, message: 'User is already a member of this organization' })
  })

  it('accepts a valid invitation', async () => {
    const { slug, token } = FIXTURE_INVITATIONS.valid
    await expect(acceptInvitation(slug, token, { client })).resolves.toBeUndefined()
  })
})
