import { QueryClient } from '@tanstack/query-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { TEST_API_BASE, useNodeMockPlatform } from '../../../mock-platform/testing'
import { signedInTestClient } from '../../test/signed-in-client'
import { issueAccessToken } from '../../../mock-platform/auth/access-tokens'
import { createPlatformFixtures } from '../../../fixtures/platform'
import { FIXTURE_CUSTOMERS } from '../../../fixtures/billing-account'
import { BILLING_ADDRESS_MESSAGE, INVOICE_PAGE_SIZE, PLAN_COMPUTE_CREDITS_MONTHLY } from '../../constants'
import { ApiError } from '../errors'
import { createQueryClient } from '../query-client'
import {
  deleteOrganizationTaxId,
  organizationInvoiceCountQuery,
  organizationInvoicePageQuery,
  organizationInvoiceQuery,
  organizationTaxIdQuery,
  organizationUpcomingInvoiceQuery,
  saveOrganizationTaxId,
  updateOrganizationCustomer,
} from './billing-account'
import { queryKeys } from './keys'
import { organizationCustomerQuery } from './organizations'

const fixtures = createPlatformFixtures()
const demo = fixtures.users[0]!
const platform = useNodeMockPlatform()
const client = signedInTestClient(demo.id)
let queries: QueryClient

beforeEach(() => {
  platform.mock.setScenario(null)
  queries = createQueryClient()
  queries.setDefaultOptions({ queries: { ...queries.getDefaultOptions().queries, retry: false } })
})

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as ApiError,
  )

describe('customer profile and tax ID', () => {
  it("reads the seeded address; a missing one is null and so is a missing billing email; 'slug is required' without a slug", async () => {
    const acme = await queries.fetchQuery(organizationCustomerQuery('acme-corp', client))
    expect(acme.address).toEqual(FIXTURE_CUSTOMERS['acme-corp']!.address)
    expect(acme.email).toBe('billing@acme-corp.example.com')
    const venture = await queries.fetchQuery(organizationCustomerQuery('new-venture', client))
    expect(venture).toMatchObject({ address: null, email: null, billing_name: 'New Venture', billing_via_partner: false })
    expect((await queries.fetchQuery(organizationCustomerQuery('vercel_harbor', client))).billing_via_partner).toBe(true)
    expect((await failure(queries.fetchQuery(organizationTaxIdQuery(undefined, client))))?.message).toBe('slug is required')
  })

  it('saves an address and reads it back; an invalid one is refused with the form message', async () => {
    const address = { line1: '1 Rue de Rivoli', city: 'Paris', postal_code: '75001', country: 'FR' }
    expect((await failure(updateOrganizationCustomer('new-venture', { address: { ...address, postal_code: '7500' } }, client)))?.message).toBe(
      BILLING_ADDRESS_MESSAGE.postalCodeInvalid('75001'),
    )
    expect((await failure(updateOrganizationCustomer('new-venture', { address: { ...address, country: 'XX' } }, client)))?.code).toBe(400)
    await updateOrganizationCustomer('new-venture', { billing_name: 'New Venture SAS', address }, client)
    const saved = await queries.fetchQuery(organizationCustomerQuery('new-venture', client))
    expect(saved).toMatchObject({ billing_name: 'New Venture SAS', address: { ...address, line2: null, state: null } })
  })

  it('saves, validates and deletes a tax ID', async () => {
    expect(await queries.fetchQuery(organizationTaxIdQuery('globex', client))).toEqual({ type: 'gb_vat', value: 'GB123456789', country: 'GB' })
    expect((await failure(saveOrganizationTaxId('globex', { type: 'gb_vat', value: 'GB1', country: 'GB' }, client)))?.message).toBe(
      BILLING_ADDRESS_MESSAGE.taxIdInvalid('UK VAT number', 'GB123456789'),
    )
    expect((await saveOrganizationTaxId('globex', { type: 'gb_vat', value: 'gb 987 654 321', country: 'GB' }, client)).tax_id?.value).toBe('GB987654321')
    expect((await deleteOrganizationTaxId('globex', client)).tax_id).toBeNull()
    expect(await queries.fetchQuery({ ...organizationTaxIdQuery('globex', client), staleTime: 0 })).toBeNull()
  })

  it('billing read lets a read-only member see the profile; changes need billing write; partners own theirs', async () => {
    expect((await queries.fetchQuery(organizationCustomerQuery('readonly-co', client))).address?.country).toBe('CA')
    const denied = await failure(
      updateOrganizationCustomer('readonly-co', { address: { line1: 'x', city: 'Toronto', postal_code: 'M5H 2N2', country: 'CA', state: 'ON' } }, client),
    )
    expect(denied?.code).toBe(403)
    const partner = await failure(saveOrganizationTaxId('vercel_harbor', { type: 'us_ein', value: '12-3456789', country: 'US' }, client))
    expect(partner?.message).toBe('Billing for this organization is managed by Vercel Marketplace')
    expect((await failure(queries.fetchQuery(organizationCustomerQuery('umbrella-labs', client))))?.code).toBe(404)
  })
})

describe('invoices', () => {
  it('pages newest first and counts with HEAD', async () => {
    const total = fixtures.invoices.filter((i) => i.organization_slug === 'acme-corp').length
    expect(await queries.fetchQuery(organizationInvoiceCountQuery('acme-corp', client))).toBe(total)
    const first = await queries.fetchQuery(organizationInvoicePageQuery('acme-corp', 0, INVOICE_PAGE_SIZE, client))
    const second = await queries.fetchQuery(organizationInvoicePageQuery('acme-corp', INVOICE_PAGE_SIZE, INVOICE_PAGE_SIZE, client))
    expect(first).toHaveLength(INVOICE_PAGE_SIZE)
    expect(second).toHaveLength(total - INVOICE_PAGE_SIZE)
    const ends = [...first, ...second].map((i) => i.period_end)
    expect(ends).toEqual([...ends].sort((a, b) => b - a))
    const invoices = queryKeys.organizationInvoices('acme-corp')
    expect(queryKeys.organizationInvoicePage('acme-corp', 5, 5).slice(0, invoices.length)).toEqual(invoices)
    // A plan change invalidates the organization's billing: the invoices (the upcoming one above all) follow.
    expect(invoices.slice(0, 3)).toEqual(queryKeys.organizationBilling('acme-corp'))
  })

  it('reads one invoice; an unknown id is 404', async () => {
    const [latest] = await queries.fetchQuery(organizationInvoicePageQuery('restricted-inc', 0, 1, client))
    expect(await queries.fetchQuery(organizationInvoiceQuery('restricted-inc', latest!.id, client))).toEqual(latest)
    expect((await failure(queries.fetchQuery(organizationInvoiceQuery('restricted-inc', 'in_nope', client))))?.code).toBe(404)
  })

  it('previews the upcoming invoice with the Version 2 header: lines add up, Pro compute credits are taken off', async () => {
    const upcoming = await queries.fetchQuery(organizationUpcomingInvoiceQuery('acme-corp', client))
    expect(upcoming.lines[0]).toMatchObject({ description: 'Pro Plan', amount: 25, usage_based: false })
    const credits = upcoming.lines.find((l) => l.description === 'Compute credits')!
    expect(credits.amount).toBeLessThan(0)
    expect(-credits.amount).toBeLessThanOrEqual(PLAN_COMPUTE_CREDITS_MONTHLY.pro)
    const cents = upcoming.lines.reduce((sum, l) => sum + Math.round(l.amount * 100), 0)
    expect(Math.round(upcoming.amount_total * 100)).toBe(cents)
    // The same usage as the usage section: egress $1.08, MAUs $13.00, invocations $0.70 (fixtures/billing.ts).
    const usage = upcoming.lines.filter((l) => l.usage_based)
    expect(usage.map((l) => [l.usage_metric, l.amount])).toEqual([
      ['EGRESS', 1.08],
      ['MONTHLY_ACTIVE_USERS', 13],
      ['FUNCTION_INVOCATIONS', 0.7],
    ])
    expect(usage.every((l) => l.breakdown.length > 0)).toBe(true)
    const free = await queries.fetchQuery(organizationUpcomingInvoiceQuery('demo-free', client))
    expect(free.amount_total).toBe(0)
    // Without the header the platform refuses rather than answering another shape.
    const answer = await fetch(`${TEST_API_BASE}/platform/organizations/acme-corp/billing/invoices/upcoming`, {
      headers: { authorization: `Bearer ${issueAccessToken(demo.id, 3600)}` },
    })
    expect(answer.status).toBe(400)
  })
})
