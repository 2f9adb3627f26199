import { useInfiniteQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { storageObjectPagesQuery, type StorageSort } from '../../api/queries/storage'
import { itemsFromPages } from './explorer-items'

/** Rows before the end of what is loaded at which the next page is asked for (a page is 200). */
const LOOKAHEAD_ROWS = 100

/**
 * One folder's entries, page after page as the reader scrolls. The key holds bucket, path, search and
 * sort: an answer for a folder left behind lands in its own cache entry and is never painted here, and
 * coming back to a folder shows what was read at once.
 */
export function useFolderListing(projectRef: string, bucket: string, folderPath: string, options: { search?: string; sort?: StorageSort; enabled?: boolean } = {}) {
  const query = useInfiniteQuery({ ...storageObjectPagesQuery(projectRef, bucket, { path: folderPath, search: options.search, sort: options.sort }), enabled: options.enabled ?? true })
  const items = useMemo(() => itemsFromPages(query.data?.pages ?? [], folderPath), [query.data, folderPath])
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query
  /** Called with the last row index painted: asks for the next page when it comes near. */
  const reached = useCallback(
    (lastIndex: number) => {
      if (hasNextPage && !isFetchingNextPage && !isError && lastIndex >= items.length - LOOKAHEAD_ROWS) void fetchNextPage()
    },
    [hasNextPage, isFetchingNextPage, isError, items.length, fetchNextPage],
  )
  return { query, items, reached }
}
