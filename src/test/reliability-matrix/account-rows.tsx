import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Route } from 'wouter'
import { expect } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import AccessTokensPage from '../../features/account/AccessTokensPage'
import ProfilePage from '../../features/account/ProfilePage'
import SecurityPage from '../../features/account/SecurityPage'
import TeamPage from '../../features/organization-settings/TeamPage'
import { Providers, jsonResponse, testClient, type WriteRow } from './harness'
import { ORGANIZATION } from './screens'
import type { XssPlace } from './xss-places'

/** The reliability matrix's rows of the account pages and the organization's team: their writes under each fault, and what members typed in each place it shows. */

const PROFILE = { id: 1, auth0_id: 'a', gotrue_id: 'me', username: 'demo', primary_email: 'demo@example.com', first_name: 'Dana', last_name: 'Demo' }

function accountClient(tokens: { id: number; name: string }[] = []) {
  const client = testClient()
  client.setQueryData(queryKeys.profile(), PROFILE)
  client.setQueryData(
    queryKeys.accessTokens(),
    tokens.map((token) => ({ ...token, token_alias: `sbp_1234…abcd`, created_at: '2026-11-29T10:00:00.000Z', expires_at: null, last_used_at: null })),
  )
  return client
}

/** The security page of a member whose verified factors are named `names`. */
function securityClient(names: readonly string[] = []) {
  const client = accountClient()
  const factors = names.map((name, i) => ({ id: `f${i}`, factor_type: 'totp', status: 'verified', friendly_name: name, created_at: '2026-11-29T10:00:00.000Z' }))
  client.setQueryData(queryKeys.authUser(), { id: 'me', email: PROFILE.primary_email, identities: [], factors })
  return client
}

/** The team of an organization whose members and invitations carry `names`, as its owner sees it. */
function team(names: readonly string[]) {
  const client = testClient()
  client.setQueryData(queryKeys.profile(), PROFILE)
  client.setQueryData(queryKeys.organizations(), [ORGANIZATION])
  client.setQueryData(queryKeys.organizationRoles(ORGANIZATION.slug), { org_scoped_roles: [{ id: 1, name: 'Owner', description: '' }, { id: 3, name: 'Developer', description: '' }] })
  client.setQueryData(queryKeys.organizationMembers(ORGANIZATION.slug), [
    { gotrue_id: 'me', primary_email: PROFILE.primary_email, username: 'demo', role_ids: [1], mfa_enabled: false },
    ...names.map((name, i) => ({ gotrue_id: `m${i}`, primary_email: name, username: name, role_ids: [3], mfa_enabled: false })),
  ])
  client.setQueryData(queryKeys.organizationInvitations(ORGANIZATION.slug), {
    invitations: names.map((name, i) => ({ id: i + 1, invited_email: name, role_id: 3, invited_at: null, expires_at: '2099-01-01T00:00:00.000Z', expired: false })),
  })
  return (
    <Providers client={client} path={`/org/${ORGANIZATION.slug}/team`}>
      <Route path="/org/:slug/team" component={TeamPage} />
    </Providers>
  )
}

export const ACCOUNT_WRITE_ROWS: WriteRow[] = [
  {
    // The typed username is the member's: saved, or kept in the field with the refusal beside it.
    write: 'profile (account)',
    run: async (fault, stub) => {
      let saved: unknown = null
      stub(fault, (request, body) => {
        if (request.method !== 'PATCH' || !request.url.endsWith('/platform/profile')) return undefined
        saved = body
        return jsonResponse({ ...PROFILE, ...(body as object) })
      })
      render(
        <Providers client={accountClient()}>
          <ProfilePage />
        </Providers>,
      )
      const form = await screen.findByRole('form', { name: 'Profile' })
      fireEvent.change(within(form).getByRole('textbox', { name: 'Username' }), { target: { value: 'typed-username' } })
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
      await waitFor(() => expect(saved !== null || within(form).queryByRole('alert') !== null).toBe(true))
      if (saved && within(form).queryByRole('alert') === null) return (saved as { username?: string }).username === 'typed-username'
      return (within(form).getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value === 'typed-username'
    },
  },
  {
    // The token's name is the member's: made, or kept in the form with the refusal beside it.
    write: 'access token (account)',
    run: async (fault, stub) => {
      let made: unknown = null
      stub(fault, (request, body) => {
        if (request.method !== 'POST' || !request.url.endsWith('/platform/profile/access-tokens')) return undefined
        made = body
        return jsonResponse({ id: 9, name: (body as { name: string }).name, token_alias: 'sbp_1234…abcd', created_at: '2026-11-29T10:00:00.000Z', expires_at: null, last_used_at: null, token: `sbp_${'a'.repeat(40)}` }, 201)
      })
      render(
        <Providers client={accountClient()}>
          <AccessTokensPage />
        </Providers>,
      )
      fireEvent.click(await screen.findByRole('button', { name: 'Generate new token' }))
      const dialog = await screen.findByRole('dialog')
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Typed token name' } })
      fireEvent.click(within(dialog).getByRole('button', { name: 'Generate token' }))
      await waitFor(() => expect(made !== null || within(dialog).queryByRole('alert') !== null).toBe(true))
      if (made && within(dialog).queryByRole('alert') === null) return (made as { name?: string }).name === 'Typed token name'
      return (within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value === 'Typed token name'
    },
  },
  {
    // The new factor's name is the member's: enrolled under it, or kept in the field with the refusal beside it.
    write: 'second factor enrolment (account)',
    run: async (fault, stub) => {
      let enrolled: unknown = null
      stub(fault, (request, body) => {
        if (request.method !== 'POST' || !request.url.endsWith('/factors')) return undefined
        enrolled = body
        const name = (body as { friendly_name: string }).friendly_name
        return jsonResponse({ id: 'f9', type: 'totp', friendly_name: name, totp: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Studio:demo?secret=JBSWY3DPEHPK3PXP' } })
      })
      render(
        <Providers client={securityClient()}>
          <SecurityPage />
        </Providers>,
      )
      const form = await screen.findByRole('form', { name: 'Add an authenticator app' })
      fireEvent.change(within(form).getByRole('textbox', { name: 'Name of the new factor' }), { target: { value: 'Typed factor name' } })
      fireEvent.click(within(form).getByRole('button', { name: 'Add authenticator app' }))
      await waitFor(() => expect(enrolled !== null || within(form).queryByRole('alert') !== null).toBe(true))
      if (enrolled && within(form).queryByRole('alert') === null) return (enrolled as { friendly_name?: string }).friendly_name === 'Typed factor name'
      return (within(form).getByRole('textbox', { name: 'Name of the new factor' }) as HTMLInputElement).value === 'Typed factor name'
    },
  },
]

export const ACCOUNT_XSS_PLACES: XssPlace[] = [
  {
    place: 'second factor names (account security)',
    render: (payloads) => (
      <Providers client={securityClient(payloads)}>
        <SecurityPage />
      </Providers>
    ),
  },
  {
    place: 'access token names (account)',
    render: (payloads) => (
      <Providers client={accountClient(payloads.map((name, i) => ({ id: i + 1, name })))}>
        <AccessTokensPage />
      </Providers>
    ),
  },
  { place: "members' and invitations' emails (organization team)", render: (payloads) => team(payloads) },
]
