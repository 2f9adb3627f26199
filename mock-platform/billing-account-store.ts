import * as v from 'valibot'
import { fixtureCustomer, type FixtureCustomer } from '../fixtures/billing-account'
import { ownRecord, ownRecordSchema, ownValue } from '../src/lib/own-record'
import { MOCK_BILLING_ACCOUNT_STORAGE_KEY } from '../src/constants'
import { readStored, writeStored } from '../src/lib/storage'
import type { PlatformContext } from './context'

/**
 * Billing addresses and tax IDs the user saved. The browser mock platform lives in the page, so
 * like snippets these are kept in local storage and survive a reload; in node they stay in memory.
 * Only changed profiles are stored; the others come from the fixtures.
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
type BillingAccountStore = v.InferOutput<typeof StoreSchema>

const inMemory = new WeakMap<PlatformContext, BillingAccountStore>()

function readStore(ctx: PlatformContext): BillingAccountStore {
  const storage = ctx.contentPersistence?.storage
  // A structured clone has plain objects again: parsing makes the records prototype-free.
  if (!storage) return v.parse(StoreSchema, structuredClone(inMemory.get(ctx) ?? { customers: ownRecord() }))
  return readStored(storage, MOCK_BILLING_ACCOUNT_STORAGE_KEY, StoreSchema) ?? { customers: ownRecord() }
}

function writeStore(ctx: PlatformContext, store: BillingAccountStore): void {
  const storage = ctx.contentPersistence?.storage
  if (!storage) inMemory.set(ctx, structuredClone(store))
  else writeStored(storage, MOCK_BILLING_ACCOUNT_STORAGE_KEY, store)
}

/** The organization's customer profile as last saved, or as the fixtures seed it. */
export function readCustomer(ctx: PlatformContext, organization: { slug: string; name: string }): FixtureCustomer {
  return ownValue(readStore(ctx).customers, organization.slug) ?? structuredClone(fixtureCustomer(organization.slug, organization.name))
}

/** Changes one organization's customer profile in one read-modify-write. */
export function updateCustomer(
  ctx: PlatformContext,
  organization: { slug: string; name: string },
  change: (customer: FixtureCustomer) => void,
): FixtureCustomer {
  const store = readStore(ctx)
  const customer = ownValue(store.customers, organization.slug) ?? structuredClone(fixtureCustomer(organization.slug, organization.name))
  change(customer)
  store.customers[organization.slug] = customer
  writeStore(ctx, store)
  return customer
}
