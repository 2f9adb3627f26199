import * as v from 'valibot'
import { ownRecord, ownRecordSchema } from '../src/lib/own-record'
import { MOCK_CODE_HOSTING_STORAGE_KEY } from '../src/constants'
import { readStored, writeStored } from '../src/lib/storage'
import type { PlatformContext } from './context'

/**
 * Code-hosting connections and app installations. The provider's pages and the dashboard's
 * callback run in a popup, a separate page with its own mock platform, so these records live in
 * the browser's local storage (the storage that keeps snippets) and every request reads them
 * afresh: what the popup wrote, the opener sees. Without browser storage (node) they stay in memory.
 * Both records are keyed by data (slugs, ids): prototype-free, read by own keys.
 */
const StoreSchema = v.object({
  /** By organization slug: the provider account the organization is connected to. */
  connections: ownRecordSchema(v.object({ account_id: v.number(), connected_at: v.string() })),
  /** By provider account id: the app's installation on that account. */
  installations: ownRecordSchema(v.object({ id: v.number(), account_id: v.number(), created_at: v.string() })),
})
export type CodeHostingStore = v.InferOutput<typeof StoreSchema>

const inMemory = new WeakMap<PlatformContext, CodeHostingStore>()

function emptyStore(): CodeHostingStore {
  return { connections: ownRecord(), installations: ownRecord() }
}

export function readCodeHostingStore(ctx: PlatformContext): CodeHostingStore {
  const storage = ctx.contentPersistence?.storage
  // A structured clone has plain objects again: parsing makes the records prototype-free.
  if (!storage) return v.parse(StoreSchema, structuredClone(inMemory.get(ctx) ?? emptyStore()))
  return readStored(storage, MOCK_CODE_HOSTING_STORAGE_KEY, StoreSchema) ?? emptyStore()
}

export function writeCodeHostingStore(ctx: PlatformContext, store: CodeHostingStore): void {
  const storage = ctx.contentPersistence?.storage
  if (!storage) inMemory.set(ctx, structuredClone(store))
  else writeStored(storage, MOCK_CODE_HOSTING_STORAGE_KEY, store)
}

/** Changes the records in one read-modify-write. */
export function updateCodeHostingStore(ctx: PlatformContext, change: (store: CodeHostingStore) => void): CodeHostingStore {
  const store = readCodeHostingStore(ctx)
  change(store)
  writeCodeHostingStore(ctx, store)
  return store
}
