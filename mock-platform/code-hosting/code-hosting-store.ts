import * as v from 'valibot'
import { MOCK_CODE_HOSTING_STORAGE_KEY } from '../../src/constants'
import { ownRecord, ownRecordSchema } from '../../src/lib/own-record'
import type { PlatformContext } from '../context'
import { keptRecord } from '../records/kept-record'

/**
 * Code-hosting connections and app installations. The provider's pages and the dashboard's
 * callback run in a popup, a separate page with its own mock platform, so these records live in
 * the browser's local storage and every request reads them afresh: what the popup wrote, the opener
 * sees (kept-record.ts). Both records are keyed by data (slugs, ids): prototype-free, read by own keys.
 */
const StoreSchema = v.object({
  /** By organization slug: the provider account the organization is connected to. */
  connections: ownRecordSchema(v.object({ account_id: v.number(), connected_at: v.string() })),
  /** By provider account id: the app's installation on that account. */
  installations: ownRecordSchema(v.object({ id: v.number(), account_id: v.number(), created_at: v.string() })),
})
export type CodeHostingStore = v.InferOutput<typeof StoreSchema>

const store = keptRecord(MOCK_CODE_HOSTING_STORAGE_KEY, StoreSchema, (): CodeHostingStore => ({ connections: ownRecord(), installations: ownRecord() }))

export function readCodeHostingStore(ctx: PlatformContext): CodeHostingStore {
  return store.read(ctx)
}

/** Changes the records in one read-modify-write. */
export function updateCodeHostingStore(ctx: PlatformContext, change: (store: CodeHostingStore) => void): CodeHostingStore {
  return store.update(ctx, change)
}
