import * as v from 'valibot'
import { fixtureCustomer, type FixtureCustomer } from '../../fixtures/billing-account'
import { MOCK_BILLING_ACCOUNT_STORAGE_KEY } from '../../src/constants'
import { ownRecord, ownRecordSchema, ownValue } from '../../src/lib/own-record'
import type { PlatformContext } from '../context'
import { keptRecord } from '../records/kept-record'

/**
 * Billing addresses and tax IDs the user saved. The browser mock platform lives in the page, so
 * like snippets these are kept in local storage and survive a reload; in node they stay in memory
 * (kept-record.ts). Only changed profiles are stored; the others come from the fixtures.
 */
const CustomerRecordSchema = v.object({
  billing_name: v.string(),
  address: v.nullable(
    v.object({
      line1: v.string(),
      line2: v.nullable(v.string()),
      city: v.nullable(v.string()),
      state: v.nullable(v.string()),
      postal_code: v.nullable(v.string()),
      country: v.string(),
    }),
  ),
  tax_id: v.nullable(v.object({ type: v.string(), value: v.string(), country: v.string() })),
})
// By organization slug: prototype-free, read by own keys (a slug is the user's).
const StoreSchema = v.object({ customers: ownRecordSchema(CustomerRecordSchema) })

const store = keptRecord(MOCK_BILLING_ACCOUNT_STORAGE_KEY, StoreSchema, (): v.InferOutput<typeof StoreSchema> => ({ customers: ownRecord() }))

/** The organization's customer profile as last saved, or as the fixtures seed it. */
export function readCustomer(ctx: PlatformContext, organization: { slug: string; name: string }): FixtureCustomer {
  return ownValue(store.read(ctx).customers, organization.slug) ?? structuredClone(fixtureCustomer(organization.slug, organization.name))
}

/** Changes one organization's customer profile in one read-modify-write. */
export function updateCustomer(
  ctx: PlatformContext,
  organization: { slug: string; name: string },
  change: (customer: FixtureCustomer) => void,
): FixtureCustomer {
  const { customers } = store.update(ctx, ({ customers }) => {
    const customer = ownValue(customers, organization.slug) ?? structuredClone(fixtureCustomer(organization.slug, organization.name))
    change(customer)
    customers[organization.slug] = customer
  })
  return ownValue(customers, organization.slug)!
}
