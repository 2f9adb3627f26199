import * as v from 'valibot'
import { readStored, writeStored } from '../../src/lib/storage'
import type { ContentPersistence, PlatformContext } from '../context'
import { MockFolderSchema, MockSnippetSchema } from '../records/db'

/**
 * The browser mock platform lives in each tab's page, so its records vanish on reload. Snippets and
 * folders are the user's work: they are kept in local storage, re-read when another tab wrote them,
 * and checked on the way in like any other stored value.
 */
const PersistedContentSchema = v.object({
  revision: v.string(),
  snippets: v.array(MockSnippetSchema),
  folders: v.array(MockFolderSchema),
})

function storedRevision(persistence: ContentPersistence): string | null {
  try {
    const raw = persistence.storage.getItem(persistence.key)
    // The revision leads the JSON, so a cheap look tells whether the records changed.
    return raw === null ? null : /^\{"revision":"([^"]*)"/.exec(raw)?.[1] ?? ''
  } catch {
    return null
  }
}

/** Brings the records up to what local storage holds, when a write (here or in another tab) changed it. */
export async function restoreContent(ctx: PlatformContext): Promise<void> {
  const persistence = ctx.contentPersistence
  if (!persistence) return
  const revision = storedRevision(persistence)
  if (revision === null || revision === persistence.revision) return
  const stored = readStored(persistence.storage, persistence.key, PersistedContentSchema)
  persistence.revision = stored?.revision ?? null
  if (!stored) return
  ctx.db.snippets.clear()
  ctx.db.folders.clear()
  for (const snippet of stored.snippets) await ctx.db.snippets.create(snippet)
  for (const folder of stored.folders) await ctx.db.folders.create(folder)
}

/** Writes the records after a change; a full or blocked storage only costs persistence, never the answer. */
export function persistContent(ctx: PlatformContext): void {
  const persistence = ctx.contentPersistence
  if (!persistence) return
  const revision = crypto.randomUUID()
  const written = writeStored(persistence.storage, persistence.key, { revision, snippets: ctx.db.snippets.all(), folders: ctx.db.folders.all() })
  if (written) persistence.revision = revision
}
