import * as v from 'valibot'
import { DATABASE_START_POLL_INTERVAL, PROJECT_STATUSES, STALE_TIME } from '../../constants'
import { api, type ApiClient } from '../client'
import { queryKeys } from './keys'

const DatabaseStatusSchema = v.object({
  identifier: v.string(),
  status: v.picklist(PROJECT_STATUSES),
  /** The mock platform's own: how long the database took to start in this page (it boots on first need). */
  started_in_ms: v.optional(v.number()),
  /** The mock platform's own: why the database did not start. */
  error: v.optional(v.string()),
})
export type DatabaseStatus = v.InferOutput<typeof DatabaseStatusSchema>

/**
 * GET /platform/projects/{ref}/databases-statuses, the project's own database (its identifier is
 * the ref). Polled while it is COMING_UP, so a start shows as it happens and ends when it does.
 */
export function databaseStatusQuery(ref: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.projectDatabaseStatus(ref),
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<DatabaseStatus | null> => {
      const databases = await client.get(`/platform/projects/${encodeURIComponent(ref)}/databases-statuses`, {
        schema: v.array(DatabaseStatusSchema),
        signal,
      })
      return databases.find((database) => database.identifier === ref) ?? null
    },
    staleTime: STALE_TIME.default,
    refetchInterval: (query: { state: { data?: DatabaseStatus | null } }) =>
      query.state.data?.status === 'COMING_UP' ? DATABASE_START_POLL_INTERVAL : false,
  }
}
