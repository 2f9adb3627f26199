import * as v from 'valibot'
import { UPCOMING_INVOICE_API_VERSION } from '../../constants'
import { api, type ApiClient } from '../client'
import { ApiError } from '../errors'
import { InvoiceSchema, InvoicesSchema, TaxIdResponseSchema, UpcomingInvoiceSchema } from '../schemas'
import { queryKeys } from './keys'
import { organizationPath } from './organizations'

// The organization's billing details and invoices (PLATFORM-API §11). The customer profile query is
// organizationCustomerQuery in organizations.ts; overdue invoices are overdueInvoicesQuery there.

export function organizationTaxIdQuery(slug: string | undefined, client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizationTaxId(slug),
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      (await client.get(`${organizationPath(slug)}/tax-ids`, { schema: TaxIdResponseSchema, signal })).tax_id,
  }
}

/** One page of invoices, newest first. */
export function organizationInvoicePageQuery(slug: string | undefined, offset: number, limit: number, client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizationInvoicePage(slug, offset, limit),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      client.get(`${organizationPath(slug)}/billing/invoices`, { query: { offset, limit }, schema: InvoicesSchema, signal }),
  }
}

const CountSchema = v.pipe(v.string(), v.regex(/^\d+$/, 'X-Total-Count must be a whole number'), v.transform(Number))

/** How many invoices there are: HEAD answers the count in X-Total-Count (PLATFORM-API §11). */
export function organizationInvoiceCountQuery(slug: string | undefined, client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizationInvoiceCount(slug),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const headers = await client.head(`${organizationPath(slug)}/billing/invoices`, { signal })
      const parsed = v.safeParse(CountSchema, headers.get('X-Total-Count') ?? '')
      if (!parsed.success) throw new ApiError({ message: `Unexpected invoice count from the server: ${v.summarize(parsed.issues)}` })
      return parsed.output
    },
  }
}

export function organizationInvoiceQuery(slug: string | undefined, invoiceId: string | undefined, client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizationInvoice(slug, invoiceId),
    queryFn: ({ signal }: { signal?: AbortSignal }) => {
      if (!invoiceId) throw new ApiError({ message: 'Invoice id is required' })
      return client.get(`${organizationPath(slug)}/billing/invoices/${encodeURIComponent(invoiceId)}`, { schema: InvoiceSchema, signal })
    },
  }
}

/** The invoice of the running billing cycle so far (Version 2: amounts in dollars). */
export function organizationUpcomingInvoiceQuery(slug: string | undefined, client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizationUpcomingInvoice(slug),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      client.get(`${organizationPath(slug)}/billing/invoices/upcoming`, {
        headers: { Version: UPCOMING_INVOICE_API_VERSION },
        schema: UpcomingInvoiceSchema,
        signal,
      }),
  }
}

/** PUT …/customer with the address and billing name (answers 204). */
export function updateOrganizationCustomer(
  slug: string,
  body: { billing_name?: string; address: { line1: string; line2?: string; city?: string; state?: string; postal_code?: string; country: string } },
  client: ApiClient = api,
) {
  return client.put(`${organizationPath(slug)}/customer`, { body })
}

export function saveOrganizationTaxId(slug: string, body: { type: string; value: string; country: string }, client: ApiClient = api) {
  return client.put(`${organizationPath(slug)}/tax-ids`, { body, schema: TaxIdResponseSchema })
}

export function deleteOrganizationTaxId(slug: string, client: ApiClient = api) {
  return client.delete(`${organizationPath(slug)}/tax-ids`, { schema: TaxIdResponseSchema })
}
