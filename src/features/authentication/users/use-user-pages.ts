import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { authUserPageQuery, type AuthUserFilters } from '../../../api/queries/auth-users'
import type { AuthUserRow } from '../../../api/schemas'
import { AUTH_USERS_PAGE_SIZE } from '../../../constants'

/**
 * The users matching the filters as one list of `total` rows, read a page at a time where the reader
 * looks: the first page says how many there are, and a jump to the end reads the end, not every page
 * before it. The pages are the query cache's (so a change that invalidates the users reads them
 * again); a page read for an older answer (the first page read again after a change) is not shown.
 */
export function useUserPages(ref: string, connectionString: string | null | undefined, filters: AuthUserFilters) {
  const queryClient = useQueryClient()
  const first = useQuery({ ...authUserPageQuery(ref, connectionString, filters, 0), enabled: Boolean(connectionString) })
  const total = first.data?.[0]?.total ?? 0
  const generation = first.dataUpdatedAt
  const [, setArrived] = useState(0)
  const asked = useRef(new Set<string>())
  useEffect(() => asked.current.clear(), [generation])

  const pageRows = useCallback(
    (page: number): AuthUserRow[] | undefined => {
      if (page === 0) return first.data
      const state = queryClient.getQueryState(authUserPageQuery(ref, connectionString, filters, page).queryKey)
      // Read before the first page's answer (a change since): a row could be another user's now.
      return state && state.dataUpdatedAt >= generation && !state.isInvalidated ? (state.data as AuthUserRow[] | undefined) : undefined
    },
    [queryClient, ref, connectionString, filters, first.data, generation],
  )
  const rowAt = useCallback((index: number) => pageRows(Math.floor(index / AUTH_USERS_PAGE_SIZE))?.[index % AUTH_USERS_PAGE_SIZE], [pageRows])

  /**
   * Reads the pages holding rows `from`…`to`, and half a page either side (the next page is read
   * before its first row comes into view), that are not in hand. A page asked for that has left
   * that reach before it came is cancelled (its statement too, or at least its turn at the
   * database): a fling through 25,000 rows would otherwise queue a hundred reads ahead of the rows
   * now in view.
   */
  const want = useCallback(
    (from: number, to: number) => {
      if (!first.data || !connectionString) return
      const ahead = AUTH_USERS_PAGE_SIZE / 2
      const firstPage = Math.floor(Math.max(0, from - ahead) / AUTH_USERS_PAGE_SIZE)
      const lastPage = Math.floor(Math.min(Math.max(0, total - 1), to + ahead) / AUTH_USERS_PAGE_SIZE)
      for (const key of [...asked.current]) {
        const [askedFor, page] = key.split(':').map(Number) as [number, number]
        if (askedFor === generation && (page < firstPage || page > lastPage) && !pageRows(page)) {
          asked.current.delete(key)
          void queryClient.cancelQueries({ queryKey: authUserPageQuery(ref, connectionString, filters, page).queryKey })
        }
      }
      for (let page = firstPage; page <= lastPage; page++) {
        const key = `${generation}:${page}`
        if (page === 0 || pageRows(page) || asked.current.has(key)) continue
        asked.current.add(key)
        void queryClient
          .fetchQuery({ ...authUserPageQuery(ref, connectionString, filters, page), staleTime: 0 })
          .then(() => setArrived((n) => n + 1))
          .catch(() => asked.current.delete(key))
      }
    },
    [first.data, connectionString, generation, pageRows, queryClient, ref, filters, total],
  )

  /** A user in the pages read, by id (the panel opened from the address): only the pages in the cache are looked in, not every page index. */
  const findLoaded = useCallback(
    (id: string | null) => {
      if (!id) return null
      const pages = queryClient.getQueriesData<AuthUserRow[]>({ queryKey: authUserPageQuery(ref, connectionString, filters, 0).queryKey.slice(0, -1) })
      for (const [key] of pages) {
        const found = pageRows(Number(key.at(-1)))?.find((user) => user.id === id)
        if (found) return found
      }
      return null
    },
    [queryClient, ref, connectionString, filters, pageRows],
  )

  return { first, total, rowAt, want, findLoaded }
}
