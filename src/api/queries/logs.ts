import type * as v from 'valibot'
import { LOGS_ENDPOINT } from '../../constants'
import { api, type ApiClient } from '../client'
import { LogEventsAnswerSchema, LogFacetCountsAnswerSchema, LogHistogramAnswerSchema, LogsAnswerSchema, LogTraceAnswerSchema } from '../schemas'
import { queryKeys } from './keys'

/** One logs statement over one range (ISO instants: start inclusive, end exclusive). */
export interface LogsRequest {
  sql: string
  start: string
  end: string
}

type ResultSchema = v.GenericSchema<unknown, { result: unknown[] }>

/**
 * GET …/analytics/endpoints/logs.all (PLATFORM-API analytics): the rows of one SELECT over the
 * project's log tables. A refusal (not a single SELECT, past the plan's retention, a bad range) is
 * a 400 whose message the screen shows as it is.
 */
export async function readLogs<S extends ResultSchema>(ref: string, request: LogsRequest, schema: S, options: { signal?: AbortSignal; client?: ApiClient } = {}) {
  const client = options.client ?? api
  const answer = await client.get(LOGS_ENDPOINT(encodeURIComponent(ref)), {
    query: { sql: request.sql, iso_timestamp_start: request.start, iso_timestamp_end: request.end },
    schema,
    signal: options.signal,
  })
  return (answer as v.InferOutput<S>).result as v.InferOutput<S>['result']
}

function logsQuery<S extends ResultSchema>(kind: string, schema: S, ref: string, request: LogsRequest, client: ApiClient) {
  return {
    queryKey: queryKeys.logs(ref, kind, request.sql, request.start, request.end),
    queryFn: ({ signal }: { signal?: AbortSignal }) => readLogs(ref, request, schema, { signal, client }),
    // A range is absolute: its answer stays true, and a new "now" is a new key.
    staleTime: Infinity,
  }
}

/** Events (the explorer's and the unified list, an event by id). */
export const logEventsQuery = (ref: string, request: LogsRequest, client: ApiClient = api) => logsQuery('events', LogEventsAnswerSchema, ref, request, client)
/** Any statement of query mode. */
export const logRowsQuery = (ref: string, request: LogsRequest, client: ApiClient = api) => logsQuery('rows', LogsAnswerSchema, ref, request, client)
export const logHistogramQuery = (ref: string, request: LogsRequest, client: ApiClient = api) => logsQuery('histogram', LogHistogramAnswerSchema, ref, request, client)
export const logTraceQuery = (ref: string, request: LogsRequest, client: ApiClient = api) => logsQuery('trace', LogTraceAnswerSchema, ref, request, client)
export const logFacetCountsQuery = (ref: string, request: LogsRequest, client: ApiClient = api) => logsQuery('facets', LogFacetCountsAnswerSchema, ref, request, client)
