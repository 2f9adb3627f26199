import * as v from 'valibot'
import { DRAFT_KEY_PREFIX } from '../../constants'
import { browserStorage, readStored, removeStored, storedKeysWithPrefix, writeStored } from '../../lib/storage'

// The local copy of every snippet's text until the server confirms it, so nothing typed is lost.
// One storage entry per snippet (draftKey), so a keystroke rewrites one snippet, not all of them.

const DraftSchema = v.object({
  ref: v.string(),
  id: v.pipe(v.string(), v.uuid()),
  name: v.string(),
  sql: v.string(),
  folderId: v.nullable(v.string()),
  favorite: v.boolean(),
  /** When the text last changed here, ms since the epoch. */
  updatedAt: v.number(),
  /** Whether the server has ever held this snippet: a draft of a new one keeps saving, a deleted one does not. */
  knownToServer: v.boolean(),
})
export type SnippetDraft = v.InferOutput<typeof DraftSchema>

export function draftKey(ref: string, id: string): string {
  return `${DRAFT_KEY_PREFIX}${ref}.${id}`
}

/** A draft stored under another snippet's key would be saved over that snippet: it is removed, with a warning. */
export function readDraft(ref: string, id: string, storage = browserStorage('local')): SnippetDraft | null {
  return readStored(storage, draftKey(ref, id), DraftSchema, {
    makeSense: (draft) =>
      draft.ref === ref && draft.id === id
        ? { value: draft }
        : { discard: `it is the draft of ${JSON.stringify(`${draft.ref}.${draft.id}`.slice(0, 120))}, not of its key's snippet` },
  })
}

/** False when the browser refused (storage full or blocked): the caller tells the user. */
export function writeDraft(draft: SnippetDraft, storage = browserStorage('local')): boolean {
  return writeStored(storage, draftKey(draft.ref, draft.id), draft)
}

export function removeDraft(ref: string, id: string, storage = browserStorage('local')): void {
  removeStored(storage, draftKey(ref, id))
}

/**
 * The server confirmed `sql`: the draft goes when it still holds that text; a draft edited since
 * stays (now known to the server) for the next save.
 */
export function confirmDraft(ref: string, id: string, sql: string, storage = browserStorage('local')): void {
  const draft = readDraft(ref, id, storage)
  if (!draft) return
  if (draft.sql === sql) removeDraft(ref, id, storage)
  else if (!draft.knownToServer) writeDraft({ ...draft, knownToServer: true }, storage)
}

/** Every draft of a project, newest first; entries that fail to parse are discarded with a warning. */
export function listDrafts(ref: string, storage = browserStorage('local')): SnippetDraft[] {
  const prefix = `${DRAFT_KEY_PREFIX}${ref}.`
  return storedKeysWithPrefix(storage, prefix)
    .map((key) => readDraft(ref, key.slice(prefix.length), storage))
    .filter((draft): draft is SnippetDraft => draft !== null)
    .sort((a, b) => b.updatedAt - a.updatedAt)
}
