import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { sampleOrganization } from '../../test/sample-records'
import { render, renderHook, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import type { Organization, Permission } from '../../api/schemas'
import { setSession } from '../../api/session'
import { BILLING_BANNER, BILLING_ADDRESS_MESSAGE, PERMISSION_MESSAGE } from '../../constants'
import { AddressSection } from './AddressSection'
import { BillingWarningBanners, useBillingWarnings, type BillingWarningPlace } from './BillingBanners'

/** The banners for a place, as the layout shows them. */
function Banners(place: BillingWarningPlace) {
  return <BillingWarningBanners warnings={useBillingWarnings(place)} />
}

const organization = sampleOrganization
const permission = (slug: string, actions: string[]): Permission =>
  ({ organization_slug: slug, actions, resources: ['%'], condition: null, project_refs: null, restrictive: false }) as Permission

const CUSTOMER = {
  email: 'billing@acme-corp.example.com',
  billing_name: 'Acme Corporation',
  address: { line1: '500 Market Street', line2: 'Suite 400', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' },
  additional_emails: [],
  balance: 0,
  billing_via_partner: false,
}

/** Answers the platform calls a billing screen makes, and records them. */
function stubPlatform(answers: { overdue?: unknown; customer?: unknown } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    if (path.endsWith('/customer')) return json(answers.customer ?? CUSTOMER)
    if (path.endsWith('/tax-ids')) return json({ tax_id: { type: 'us_ein', value: '12-3456789', country: 'US' } })
    if (path.endsWith('/invoices/overdue')) return json(answers.overdue ?? [])
    return new Response(JSON.stringify({ message: `unexpected ${path}` }), { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  const paths = () => fetchMock.mock.calls.map(([input]) => new URL(String(input)).pathname)
  return { paths }
}

function withPermissions(permissions: Permission[], organizations: Organization[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(queryKeys.permissions(), permissions)
  client.setQueryData(queryKeys.organizations(), organizations)
  client.setQueryData(queryKeys.profile(), { disabled_features: [] })
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
}

beforeEach(() => setSession({ accessToken: 'token', expiresAt: Math.floor(Date.now() / 1000) + 3600, user: { id: 'u1', email: 'demo@example.com' } }))
afterEach(() => vi.unstubAllGlobals())

describe('billing address permissions', () => {
  it('without billing read the customer profile is never fetched, and the reason shows', async () => {
    const { paths } = stubPlatform()
    render(<AddressSection organization={organization()} />, { wrapper: withPermissions([permission('acme-corp', ['read:Read'])]) })
    expect(await screen.findByText(PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.readBilling))).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Billing address' })).toBeNull()
    expect(paths().filter((p) => p.endsWith('/customer') || p.endsWith('/tax-ids'))).toEqual([])
  })

  it('with billing read only, the form shows the saved address read-only with the reason', async () => {
    const { paths } = stubPlatform()
    render(<AddressSection organization={organization()} />, { wrapper: withPermissions([permission('acme-corp', ['read:Read', 'billing:Read'])]) })
    const form = await screen.findByRole('form', { name: 'Billing address' })
    expect(paths()).toContain('/api/platform/organizations/acme-corp/customer')
    expect(within(form).getByRole('alert', { name: 'Read-only' }).textContent).toContain(PERMISSION_MESSAGE.denied(BILLING_ADDRESS_MESSAGE.updateDenied))
    const line1 = within(form).getByLabelText('Address line 1') as HTMLInputElement
    expect(line1.value).toBe('500 Market Street')
    expect(line1.readOnly).toBe(true)
    expect((within(form).getByLabelText('Country') as HTMLSelectElement).disabled).toBe(true)
    expect((within(form).getByLabelText('Tax ID') as HTMLInputElement).value).toBe('12-3456789')
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull()
  })

  it('with billing write the form can be changed and saved', async () => {
    stubPlatform()
    render(<AddressSection organization={organization()} />, { wrapper: withPermissions([permission('acme-corp', ['%'])]) })
    const form = await screen.findByRole('form', { name: 'Billing address' })
    expect((within(form).getByLabelText('Address line 1') as HTMLInputElement).readOnly).toBe(false)
    expect(within(form).queryByRole('alert', { name: 'Read-only' })).toBeNull()
    within(form).getByRole('button', { name: 'Save' })
  })

  it("shows a missing billing email as 'Unknown'", async () => {
    stubPlatform()
    render(<AddressSection organization={organization({ billing_email: null })} />, { wrapper: withPermissions([permission('acme-corp', ['%'])]) })
    expect(screen.getByTestId('billing-email').textContent).toBe('Unknown')
  })

  it('a partner-billed organization shows who manages billing and fetches nothing the partner owns', async () => {
    const { paths } = stubPlatform()
    render(<AddressSection organization={organization({ slug: 'vercel_harbor', billing_partner: 'vercel_marketplace' })} />, {
      wrapper: withPermissions([permission('vercel_harbor', ['%'])]),
    })
    expect(screen.getByRole('note', { name: 'Billing for this organization is managed by Vercel Marketplace' }).textContent).toContain(
      'partner organization harbor',
    )
    expect(screen.queryByRole('form', { name: 'Billing address' })).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(paths()).toEqual([])
  })
})

describe('billing warning banners', () => {
  const restricted = organization({
    id: 7,
    slug: 'restricted-inc',
    name: 'Restricted Inc',
    restriction_status: 'restricted',
    restriction_data: { grace_period_end: '2026-10-29T12:00:00.000Z' },
  })
  const graceOver = organization({ id: 6, slug: 'grace-over', name: 'Grace Over Ltd', plan: { id: 'free', name: 'Free' } })
  const overdue = [
    { organization_id: 7, overdue_invoice_count: 2 },
    { organization_id: 6, overdue_invoice_count: 1 },
  ]

  it('show to a user with billing:all: the restriction, the outstanding invoices here and elsewhere, missing billing information', async () => {
    stubPlatform({ overdue, customer: { ...CUSTOMER, address: null } })
    const permissions = [permission('restricted-inc', ['%']), permission('grace-over', ['%'])]
    render(<Banners organization={restricted} organizations={[restricted, graceOver]} />, {
      wrapper: withPermissions(permissions, [restricted, graceOver]),
    })
    expect(await screen.findByRole('alert', { name: BILLING_BANNER.restricted.title })).toBeTruthy()
    expect(await screen.findByRole('alert', { name: BILLING_BANNER.overdueInvoices.title })).toBeTruthy()
    const elsewhere = await screen.findByRole('alert', { name: BILLING_BANNER.overdueInvoicesElsewhere.title })
    expect(within(elsewhere).getByRole('link').getAttribute('href')).toBe('/org/grace-over/billing#invoices')
    expect(await screen.findByRole('alert', { name: BILLING_BANNER.missingBillingInfo.title })).toBeTruthy()
    // In display order: the organization's own state first, its missing details last.
    expect(screen.getAllByRole('alert').map((banner) => banner.getAttribute('aria-label'))).toEqual([
      BILLING_BANNER.restricted.title,
      BILLING_BANNER.overdueInvoices.title,
      BILLING_BANNER.overdueInvoicesElsewhere.title,
      BILLING_BANNER.missingBillingInfo.title,
    ])
  })

  it('outside any organization, the other banner names every organization with outstanding invoices, each linked to its invoices', async () => {
    stubPlatform({ overdue })
    const acme = organization({ id: 1, slug: 'acme-corp', name: 'Acme Corp' })
    const all = [acme, graceOver, restricted]
    const permissions = all.map((org) => permission(org.slug, ['%']))
    render(<Banners organization={undefined} organizations={all} />, { wrapper: withPermissions(permissions, all) })
    const elsewhere = await screen.findByRole('alert', { name: BILLING_BANNER.overdueInvoicesElsewhere.title })
    expect(elsewhere.textContent).toBe(
      `${BILLING_BANNER.overdueInvoicesElsewhere.title}. Grace Over Ltd and Restricted Inc ${BILLING_BANNER.overdueInvoicesElsewhere.message(2)}`,
    )
    const links = within(elsewhere).getAllByRole('link')
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      [BILLING_BANNER.overdueInvoicesElsewhere.link('Grace Over Ltd'), '/org/grace-over/billing#invoices'],
      [BILLING_BANNER.overdueInvoicesElsewhere.link('Restricted Inc'), '/org/restricted-inc/billing#invoices'],
    ])
    // Nothing about a current organization: no restriction, no own invoices, no billing details.
    expect(screen.getAllByRole('alert')).toHaveLength(1)
  })

  it('names only the organizations where the user has billing:all, and waits while the screen’s organization is loading', async () => {
    stubPlatform({ overdue })
    const acme = organization({ id: 1, slug: 'acme-corp', name: 'Acme Corp' })
    const all = [acme, graceOver, restricted]
    const permissions = [permission('acme-corp', ['%']), permission('grace-over', ['%']), permission('restricted-inc', ['read:Read', 'billing:Read'])]
    const wrapper = withPermissions(permissions, all)
    const view = render(<Banners organization={undefined} organizations={all} organizationPending />, { wrapper })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryAllByRole('alert')).toHaveLength(0)
    view.rerender(<Banners organization={acme} organizations={all} />)
    const elsewhere = await screen.findByRole('alert', { name: BILLING_BANNER.overdueInvoicesElsewhere.title })
    expect(within(elsewhere).getAllByRole('link').map((link) => link.textContent)).toEqual(['Grace Over Ltd'])
    expect(elsewhere.textContent).toContain(`Grace Over Ltd ${BILLING_BANNER.overdueInvoicesElsewhere.message(1)}`)
  })

  it('are settled only once every answer a banner needs is in: the organizations, the overdue invoices, the customer profile', async () => {
    let answerOverdue: (() => void) | undefined
    const overdueAnswered = new Promise<void>((resolve) => (answerOverdue = resolve))
    const { paths } = stubPlatform({ overdue, customer: { ...CUSTOMER, address: null } })
    const answering = vi.mocked(fetch).getMockImplementation()!
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (String(input).endsWith('/invoices/overdue')) await overdueAnswered
      return answering(input, init)
    })
    const permissions = [permission('restricted-inc', ['%']), permission('grace-over', ['%'])]
    const place: BillingWarningPlace = { organization: restricted, organizations: [restricted, graceOver] }
    const loading: BillingWarningPlace = { ...place, organizationsPending: true }
    const { result, rerender } = renderHook((props: BillingWarningPlace) => useBillingWarnings(props), {
      initialProps: loading,
      wrapper: withPermissions(permissions, [restricted, graceOver]),
    })
    expect(result.current.settled).toBe(false)
    rerender(place)
    // The customer profile answers at once; the overdue invoices are still on their way.
    await waitFor(() => expect(paths().some((path) => path.endsWith('/restricted-inc/customer'))).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(result.current.settled).toBe(false)
    answerOverdue!()
    await waitFor(() => expect(result.current.settled).toBe(true))
    expect(result.current).toMatchObject({ ownOverdue: true, missingInfo: true, elsewhere: [graceOver] })
  })

  it('are settled at once where no banner can show: without billing:all, nothing is awaited', () => {
    stubPlatform({ overdue })
    const permissions = [permission('restricted-inc', ['read:Read', 'billing:Read'])]
    const { result } = renderHook(() => useBillingWarnings({ organization: restricted, organizations: [restricted] }), { wrapper: withPermissions(permissions, [restricted]) })
    expect(result.current.settled).toBe(true)
  })

  it('a member without billing:all in the organization on screen still sees the other organizations they manage', async () => {
    const { paths } = stubPlatform({ overdue, customer: { ...CUSTOMER, address: null } })
    const permissions = [permission('restricted-inc', ['read:Read', 'billing:Read']), permission('grace-over', ['%'])]
    render(<Banners organization={restricted} organizations={[restricted, graceOver]} />, {
      wrapper: withPermissions(permissions, [restricted, graceOver]),
    })
    const elsewhere = await screen.findByRole('alert', { name: BILLING_BANNER.overdueInvoicesElsewhere.title })
    expect(within(elsewhere).getAllByRole('link').map((link) => link.textContent)).toEqual(['Grace Over Ltd'])
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(paths().filter((p) => p.endsWith('/customer'))).toEqual([])
  })

  it('are hidden, and nothing is fetched for them, without billing:all (billing read only)', async () => {
    const { paths } = stubPlatform({ overdue, customer: { ...CUSTOMER, address: null } })
    const permissions = [permission('restricted-inc', ['read:Read', 'billing:Read']), permission('grace-over', ['read:Read', 'billing:Read'])]
    const { container } = render(<Banners organization={restricted} organizations={[restricted, graceOver]} />, {
      wrapper: withPermissions(permissions, [restricted, graceOver]),
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(container.innerHTML).toBe('')
    expect(paths()).toEqual([])
  })

  it("are hidden when the 'billing:all' feature is disabled for the user", async () => {
    const { paths } = stubPlatform({ overdue })
    const client = new QueryClient()
    client.setQueryData(queryKeys.permissions(), [permission('restricted-inc', ['%'])])
    client.setQueryData(queryKeys.profile(), { disabled_features: ['billing:all'] })
    const { container } = render(
      <QueryClientProvider client={client}>
        <Banners organization={restricted} organizations={[restricted]} />
      </QueryClientProvider>,
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(container.innerHTML).toBe('')
    expect(paths()).toEqual([])
  })

  it('each restriction state has its banner and type: warning, danger, incident', async () => {
    stubPlatform()
    const states = [
      {
        status: 'grace_period' as const,
        end: '2099-01-15T00:00:00.000Z',
        banner: BILLING_BANNER.gracePeriod,
        text: 'You have been given a grace period until 15 Jan, 2099.',
      },
      {
        status: 'grace_period_over' as const,
        end: '2026-10-29T12:00:00.000Z',
        banner: BILLING_BANNER.gracePeriodOver,
        text: BILLING_BANNER.gracePeriodOver.message,
      },
      { status: 'restricted' as const, end: null, banner: BILLING_BANNER.restricted, text: BILLING_BANNER.restricted.message },
    ]
    expect(states.map((s) => s.banner.tone)).toEqual(['warning', 'danger', 'incident'])
    for (const state of states) {
      const org = organization({
        plan: { id: 'free', name: 'Free' },
        restriction_status: state.status,
        restriction_data: state.end ? { grace_period_end: state.end } : null,
      })
      const view = render(<Banners organization={org} organizations={[org]} />, {
        wrapper: withPermissions([permission('acme-corp', ['%'])], [org]),
      })
      const banner = await screen.findByRole('alert', { name: state.banner.title })
      expect(banner.textContent).toContain(state.text)
      view.unmount()
    }
    await waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0))
  })
})
