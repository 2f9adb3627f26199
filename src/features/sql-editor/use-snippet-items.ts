import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { snippetListQuery } from '../../api/queries/content'
import { listDrafts } from './draft-store'
import type { SnippetItem } from './use-snippet-actions'

/**
 * The project's snippets by name: the server's, and the drafts it never confirmed (work from a
 * crash or an outage, listed so it can be found). `draftsVersion` is the drafts' version in local
 * storage: the editor created or saved a draft.
 */
export function useSnippetItems(projectRef: string, draftsVersion: number) {
  const snippets = useQuery(snippetListQuery(projectRef))
  const items = useMemo<SnippetItem[]>(() => {
    const saved = (snippets.data ?? []).map((s) => ({ id: s.id, name: s.name, folderId: s.folder_id, favorite: s.favorite, localOnly: false }))
    const known = new Set(saved.map((s) => s.id))
    const local = listDrafts(projectRef)
      .filter((d) => !known.has(d.id) && !d.knownToServer)
      .map((d) => ({ id: d.id, name: d.name, folderId: d.folderId, favorite: d.favorite, localOnly: true }))
    return [...saved, ...local].sort((a, b) => a.name.localeCompare(b.name))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- listDrafts reads local storage, which React cannot see change: draftsVersion says when
  }, [snippets.data, projectRef, draftsVersion])
  return { snippets, items }
}
