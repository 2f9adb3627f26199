import { http, HttpResponse } from 'msw'
import { BILLING_RESOURCES, MANAGED_BY, PERMISSION_MESSAGE, UPCOMING_INVOICE_API_VERSION } from '../../src/constants'
import { validateBillingForm, validateTaxId } from '../../src/lib/billing-address'
import { can, PermissionAction } from '../../src/lib/permissions'
import { platformNow } from '../auth/auth-sessions'
import { readCustomer, updateCustomer } from '../billing/billing-account-store'
import { invoicePeriodEnd } from '../billing/billing-cycle'
import type { PlatformContext } from '../context'
import { organizationProjects } from '../billing/organization-billing'
import { upcomingInvoiceFor } from '../billing/upcoming-invoice'
import { authorizeOrganization, errorResponse, readJson, signedIn } from './util'

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * The organization's customer profile, tax ID and invoices (PLATFORM-API §11), and the overdue
 * invoices of the user's organizations. Reads need billing read permission, changes billing write.
 */
export function billingAccountHandlers(ctx: PlatformContext) {
  async function authorize(request: Request, slug: string, action: string, resource: string) {
    const { user, organization, denied } = await authorizeOrganization(ctx, request, slug)
    if (denied) return { denied }
    const permissions = ctx.db.permissions.findMany((q) => q.where({ gotrue_id: user.id }))
    if (!ctx.selfHosted && !can(permissions, action, resource, { organizationSlug: slug })) {
      const what = action === PermissionAction.BILLING_READ ? PERMISSION_MESSAGE.readBilling : 'change this organization’s billing'
      return { denied: errorResponse(403, PERMISSION_MESSAGE.denied(what)) }
    }
    return { organization, denied: undefined }
  }

  /** A partner's organization keeps its billing details with the partner. */
  function partnerOwned(organization: { billing_partner?: keyof typeof MANAGED_BY | null }) {
    if (!organization.billing_partner) return undefined
    return errorResponse(400, `Billing for this organization is managed by ${MANAGED_BY[organization.billing_partner].label}`)
  }

  /** The organization's invoices, newest first, each dated by the platform's clock at the end of its cycle. */
  function invoicesOf(organization: { id: number; slug: string }) {
    const now = platformNow(ctx)
    return ctx.db.invoices
      .findMany((q) => q.where({ organization_slug: organization.slug }))
      .sort((a, b) => a.cycles_ago - b.cycles_ago)
      .map(({ organization_slug: _slug, cycles_ago, ...invoice }) => ({ ...invoice, period_end: invoicePeriodEnd(organization.id, cycles_ago, now) }))
  }

  return [
    http.get('*/platform/organizations/:slug/customer', async ({ request, params }) => {
      const { organization, denied } = await authorize(request, String(params.slug), PermissionAction.BILLING_READ, BILLING_RESOURCES.customer)
      if (denied) return denied
      const customer = readCustomer(ctx, organization)
      return HttpResponse.json({
        email: organization.billing_email ?? null,
        billing_name: customer.billing_name,
        address: customer.address,
        additional_emails: [],
        balance: 0,
        billing_via_partner: Boolean(organization.billing_partner),
      })
    }),
    http.put('*/platform/organizations/:slug/customer', async ({ request, params }) => {
      const { organization, denied } = await authorize(request, String(params.slug), PermissionAction.BILLING_WRITE, BILLING_RESOURCES.customer)
      if (denied) return denied
      const refused = partnerOwned(organization)
      if (refused) return refused
      const body = await readJson(request)
      const address = typeof body.address === 'object' && body.address !== null ? (body.address as Record<string, unknown>) : null
      if (address) {
        const errors = validateBillingForm({
          billingName: text(body.billing_name),
          country: text(address.country),
          line1: text(address.line1),
          line2: text(address.line2),
          city: text(address.city),
          state: text(address.state),
          postalCode: text(address.postal_code),
          business: false,
          taxIdType: '',
          taxIdValue: '',
        })
        const first = Object.values(errors)[0]
        if (first) return errorResponse(400, first)
      }
      updateCustomer(ctx, organization, (customer) => {
        if (typeof body.billing_name === 'string' && body.billing_name.trim()) customer.billing_name = body.billing_name.trim()
        if (address) {
          const optional = (value: unknown) => (text(value).trim() ? text(value).trim() : null)
          customer.address = {
            line1: text(address.line1).trim(),
            line2: optional(address.line2),
            city: optional(address.city),
            state: optional(address.state),
            postal_code: optional(address.postal_code),
            country: text(address.country),
          }
        }
      })
      return new HttpResponse(null, { status: 204 })
    }),
    http.get('*/platform/organizations/:slug/tax-ids', async ({ request, params }) => {
      const { organization, denied } = await authorize(request, String(params.slug), PermissionAction.BILLING_READ, BILLING_RESOURCES.taxIds)
      if (denied) return denied
      return HttpResponse.json({ tax_id: readCustomer(ctx, organization).tax_id })
    }),
    http.put('*/platform/organizations/:slug/tax-ids', async ({ request, params }) => {
      const { organization, denied } = await authorize(request, String(params.slug), PermissionAction.BILLING_WRITE, BILLING_RESOURCES.taxIds)
      if (denied) return denied
      const refused = partnerOwned(organization)
      if (refused) return refused
      const body = await readJson(request)
      const country = text(body.country) || readCustomer(ctx, organization).address?.country || ''
      const problem = validateTaxId(text(body.type), country, text(body.value))
      if (problem) return errorResponse(400, problem)
      const saved = updateCustomer(ctx, organization, (customer) => {
        customer.tax_id = { type: text(body.type), value: text(body.value).replace(/\s+/g, '').toUpperCase(), country }
      })
      return HttpResponse.json({ tax_id: saved.tax_id })
    }),
    http.delete('*/platform/organizations/:slug/tax-ids', async ({ request, params }) => {
      const { organization, denied } = await authorize(request, String(params.slug), PermissionAction.BILLING_WRITE, BILLING_RESOURCES.taxIds)
      if (denied) return denied
      updateCustomer(ctx, organization, (customer) => {
        customer.tax_id = null
      })
      return HttpResponse.json({ tax_id: null })
    }),
    http.get('*/platform/organizations/:slug/billing/invoices/upcoming', async ({ request, params }) => {
      const { organization, denied } = await authorize(request, String(params.slug), PermissionAction.BILLING_READ, BILLING_RESOURCES.invoices)
      if (denied) return denied
      // The answer's shape is the one of API version 2 (amounts in dollars); older clients are refused, not misled.
      if (request.headers.get('version') !== UPCOMING_INVOICE_API_VERSION) {
        return errorResponse(400, `The upcoming invoice needs the header Version: ${UPCOMING_INVOICE_API_VERSION}`)
      }
      return HttpResponse.json(upcomingInvoiceFor(organization, organizationProjects(ctx, organization.slug), platformNow(ctx)))
    }),
    http.all('*/platform/organizations/:slug/billing/invoices', async ({ request, params }) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
      const { organization, denied } = await authorize(request, String(params.slug), PermissionAction.BILLING_READ, BILLING_RESOURCES.invoices)
      if (denied) return denied
      const all = invoicesOf(organization)
      const headers = { 'X-Total-Count': String(all.length) }
      if (request.method === 'HEAD') return new HttpResponse(null, { headers })
      const url = new URL(request.url)
      const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0) || 0)
      const limit = Math.max(1, Number(url.searchParams.get('limit') ?? 10) || 10)
      return HttpResponse.json(all.slice(offset, offset + limit), { headers })
    }),
    http.get('*/platform/organizations/:slug/billing/invoices/:invoiceId', async ({ request, params }) => {
      const { organization, denied } = await authorize(request, String(params.slug), PermissionAction.BILLING_READ, BILLING_RESOURCES.invoices)
      if (denied) return denied
      const invoice = invoicesOf(organization).find((i) => i.id === params.invoiceId)
      return invoice ? HttpResponse.json(invoice) : errorResponse(404, 'Invoice not found')
    }),
    http.get('*/platform/stripe/invoices/overdue', async ({ request }) => {
      const { user, denied } = await signedIn(ctx, request)
      if (denied) return denied
      const slugs = new Set(ctx.db.permissions.findMany((q) => q.where({ gotrue_id: user.id })).map((p) => p.organization_slug))
      const ids = new Set(ctx.db.organizations.findMany((q) => q.where({ slug: (s) => slugs.has(s) })).map((o) => o.id))
      return HttpResponse.json(ctx.db.overdueInvoices.findMany((q) => q.where({ organization_id: (id) => ids.has(id) })))
    }),
  ]
}
