import * as v from 'valibot'
import { LOG_SOURCES, UNIFIED_LOG_FACETS } from '../../constants'
import { ownKeyedObjectSchema } from '../../lib/own-record'

// The logs endpoint's answers (PLATFORM-API analytics `logs.all`): `{ result: [row, …] }`, a row per
// event or per group the statement made. Up to 100,000 rows must parse fast: a row is checked for
// what the screens read from it and otherwise taken as it is (its keys are column names, read with
// ownValue where they may be the user's own, as in query mode).

/** Any statement's answer (query mode): rows keyed by whatever columns it selected. */
export const LogsAnswerSchema = v.object({ result: v.array(ownKeyedObjectSchema) })

/** A log event: the common columns the list reads, then the source's own (and whatever the statement added). */
export type LogEventRow = Record<string, unknown> & {
  id: string
  timestamp: string
  event_message?: string | null
  level?: string | null
  request_id?: string | null
}

const isEventRow = (input: unknown): input is LogEventRow => {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false
  const row = input as Record<string, unknown>
  return typeof row['id'] === 'string' && typeof row['timestamp'] === 'string'
}

export const LogEventsAnswerSchema = v.object({
  result: v.array(v.custom<LogEventRow>(isEventRow, 'Invalid log event: a row needs a text id and an ISO timestamp')),
})

/** Postgres's count as JSON: a number, or its text when it would not fit one. */
const CountSchema = v.union([v.number(), v.pipe(v.string(), v.transform(Number), v.number())])

export const LogHistogramAnswerSchema = v.object({
  result: v.array(v.object({ bucket: v.string(), count: CountSchema, errors: CountSchema })),
})
export type LogHistogramRow = v.InferOutput<typeof LogHistogramAnswerSchema>['result'][number]

const SourceIdSchema = v.picklist(LOG_SOURCES.map((source) => source.id))

export const LogTraceAnswerSchema = v.object({
  result: v.array(
    v.object({
      source: SourceIdSchema,
      id: v.string(),
      timestamp: v.string(),
      event_message: v.nullable(v.string()),
      level: v.nullable(v.string()),
      request_id: v.nullable(v.string()),
    }),
  ),
})
export type LogTraceRow = v.InferOutput<typeof LogTraceAnswerSchema>['result'][number]

export const LogFacetCountsAnswerSchema = v.object({
  result: v.array(v.object({ facet: v.picklist(UNIFIED_LOG_FACETS), value: v.string(), count: CountSchema })),
})
export type LogFacetCountRow = v.InferOutput<typeof LogFacetCountsAnswerSchema>['result'][number]
