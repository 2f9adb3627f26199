import * as v from 'valibot'
import { SQL_EDITOR_TAB_LIMIT, SQL_EDITOR_TABS_KEY_PREFIX } from '../../constants'
import { browserStorage, readStored, writeStored } from '../../lib/storage'

/**
 * The snippets open as tabs in a project's SQL editor, in the order they were opened, kept in
 * local storage so a reload finds them. Opening one more than SQL_EDITOR_TAB_LIMIT closes the
 * oldest that is not the one being opened.
 */
const TabsSchema = v.object({ ids: v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(100))) })

export const tabsKey = (ref: string) => `${SQL_EDITOR_TABS_KEY_PREFIX}${ref}`

export function readOpenTabs(ref: string, storage = browserStorage('local')): string[] {
  const stored = readStored(storage, tabsKey(ref), TabsSchema)
  return stored ? [...new Set(stored.ids)].slice(-SQL_EDITOR_TAB_LIMIT) : []
}

export function writeOpenTabs(ref: string, ids: readonly string[], storage = browserStorage('local')): boolean {
  return writeStored(storage, tabsKey(ref), { ids })
}

/** The tabs with `id` open (at the end when it was not), the oldest closed past the limit. */
export function withTabOpened(ids: readonly string[], id: string): string[] {
  if (ids.includes(id)) return [...ids]
  return [...ids, id].slice(-SQL_EDITOR_TAB_LIMIT)
}

/** The tabs without `id`, and the tab to show when it was the one shown: the one after it, else before, else none. */
export function withTabClosed(ids: readonly string[], id: string): { ids: string[]; next: string | null } {
  const at = ids.indexOf(id)
  const rest = ids.filter((other) => other !== id)
  return { ids: rest, next: at === -1 ? null : (rest[at] ?? rest[at - 1] ?? null) }
}
