import type { QueryClient } from '@tanstack/react-query'
import { snippetWriteOf, type SnippetWrite } from '../../api/queries/content'
import { queryKeys } from '../../api/queries/keys'
import type { SqlSnippet } from '../../api/schemas'
import { readDraft } from './draft-store'

/** Puts a snippet the server just answered with into the list and item caches, so every view agrees at once. */
export function storeSnippet(queryClient: QueryClient, ref: string, snippet: SqlSnippet): void {
  queryClient.setQueryData<SqlSnippet[]>(queryKeys.snippetList(ref), (list) =>
    list ? [...list.filter((s) => s.id !== snippet.id), snippet].sort((a, b) => a.name.localeCompare(b.name)) : list,
  )
  queryClient.setQueryData(queryKeys.snippet(ref, snippet.id), snippet)
}

export function forgetSnippets(queryClient: QueryClient, ref: string, ids: readonly string[]): void {
  queryClient.setQueryData<SqlSnippet[]>(queryKeys.snippetList(ref), (list) => list?.filter((s) => !ids.includes(s.id)))
  for (const id of ids) queryClient.removeQueries({ queryKey: queryKeys.snippet(ref, id), exact: true })
}

export function cachedSnippet(queryClient: QueryClient, ref: string, id: string): SqlSnippet | undefined {
  return (
    queryClient.getQueryData<SqlSnippet[]>(queryKeys.snippetList(ref))?.find((s) => s.id === id) ??
    queryClient.getQueryData<SqlSnippet>(queryKeys.snippet(ref, id))
  )
}

/**
 * The newest this browser knows of a snippet: the server's copy with the draft's text when a draft
 * is pending, else the draft alone (never saved), else null.
 */
export function newestSnippet(queryClient: QueryClient, ref: string, id: string): SnippetWrite | null {
  const saved = cachedSnippet(queryClient, ref, id)
  const draft = readDraft(ref, id)
  if (saved) return { ...snippetWriteOf(saved), ...(draft ? { sql: draft.sql } : {}) }
  return draft ? { id, name: draft.name, sql: draft.sql, folderId: draft.folderId, favorite: draft.favorite } : null
}

/** 'Untitled query', or 'Untitled query 2', 3… when the name is taken. */
export function untitledName(taken: Iterable<string>): string {
  const names = new Set(taken)
  const base = 'Untitled query'
  if (!names.has(base)) return base
  let n = 2
  while (names.has(`${base} ${n}`)) n++
  return `${base} ${n}`
}
