import * as v from 'valibot'
import { PG_META_ROW_PARTS, PG_META_TIMING, SAMPLE_ROWS_HEADER } from '../../constants'
import { ownKeyedObjectSchema } from '../../lib/own-record'
import { fromRowColumns, RowColumnsSchema } from '../../lib/row-columns'
import { parseServerTiming } from '../../lib/server-timing'
import { api, type ApiClient } from '../client'
import { ApiError } from '../errors'

// Keyed by column names, which are the user's: every column kept (even `constructor`), read by own keys.
const RowsSchema = v.array(ownKeyedObjectSchema)
/** A part of an answer in parts is rows in columns; a plain JSON answer, rows. */
const RowsPartSchema = v.union([RowsSchema, RowColumnsSchema])
const CatalogSchema = v.array(v.object({ schema: v.string(), table: v.string(), column: v.string(), type: v.string() }))
const EnabledAnswerSchema = v.array(v.object({ enabled: v.boolean() }))

export interface QueryParams {
  ref: string
  connectionString: string | null | undefined
  query: string
  signal?: AbortSignal
  applicationName?: string
}

const queryPath = (ref: string) => `/platform/pg-meta/${encodeURIComponent(ref)}/query`

/** POST /platform/pg-meta/{ref}/query, answer checked against `schema` (PLATFORM-API §5). */
export function postQuery<S extends v.GenericSchema>(params: QueryParams, schema: S, client: ApiClient, onHeaders?: (headers: Headers) => void) {
  return client.post(queryPath(params.ref), {
    body: { query: params.query },
    schema,
    signal: params.signal,
    pgMeta: { connectionString: params.connectionString, applicationName: params.applicationName },
    onHeaders,
  })
}

/**
 * A read of the project's database for a query's cache: `query`'s rows as `schema` reads them, kept under
 * `queryKey`. A statement built from arguments is given as a function: it is built only when the query
 * runs (not at each render, and not for a query that is not enabled, whose arguments may not be valid yet).
 */
export function databaseQuery<K extends readonly unknown[], S extends v.GenericSchema>(queryKey: K, params: Omit<QueryParams, 'signal' | 'query'> & { query: string | (() => string) }, schema: S, client: ApiClient) {
  const { query, ...target } = params
  return { queryKey, queryFn: ({ signal }: { signal?: AbortSignal }) => postQuery({ ...target, query: typeof query === 'string' ? query : query(), signal }, schema, client) }
}

/** Whether something the project turns on (database webhooks, vault) is on: `query` answers one row, `enabled`. */
export async function readEnabled(params: QueryParams, client: ApiClient): Promise<boolean> {
  return (await postQuery(params, EnabledAnswerSchema, client))[0]?.enabled === true
}

/** Runs SQL on the project's database; rows come back as JSON objects. */
export function executeSql(params: QueryParams, client: ApiClient = api) {
  return postQuery(params, RowsSchema, client)
}

export interface TimedRows {
  rows: Record<string, unknown>[]
  /** The statement's own time on the database, as the server measured it; null when it does not say. */
  executionMs: number | null
  /** How long the project's database took to start, when this answer had to wait for it; else null. */
  startupMs: number | null
  /** Foreign tables answered with sample rows instead of their service (the mock platform's note); usually none. */
  sampled: string[]
}

/** The end line of an answer in parts (PG_META_ROW_PARTS): its row count, and the server's timing, known only at the end. */
const PartsEndSchema = v.object({ rowCount: v.number(), serverTiming: v.optional(v.string()) })

/**
 * What the answer says about itself: the server's timing (`Server-Timing`, or the end line's for an
 * answer in parts: the header left before the statement had finished) and the sampled foreign tables.
 */
function answerNotes(headers: Headers | null, serverTiming?: string): Omit<TimedRows, 'rows'> {
  const timing = parseServerTiming(serverTiming ?? headers?.get(PG_META_TIMING.header) ?? null)
  const sampled = (headers?.get(SAMPLE_ROWS_HEADER) ?? '').split(',').filter(Boolean)
  return { executionMs: timing.get(PG_META_TIMING.execution) ?? null, startupMs: timing.get(PG_META_TIMING.startup) ?? null, sampled }
}

/**
 * `executeSql` with the server's timing of the answer beside its rows, for results that may be big:
 * the server may answer in parts (PG_META_ROW_PARTS), and `onRows` gets the rows so far after each,
 * so the first can be shown before the last arrive (the array grows with each part). An answer with
 * fewer rows than its end line counts is an error, never a smaller result.
 */
export async function executeTimedSql(
  params: QueryParams,
  { onRows, client = api }: { onRows?: (rows: readonly Record<string, unknown>[]) => void; client?: ApiClient } = {},
): Promise<TimedRows> {
  let headers: Headers | null = null
  const rows: Record<string, unknown>[] = []
  const ended = await client.parts(queryPath(params.ref), {
    body: { query: params.query },
    schema: RowsPartSchema,
    contentType: PG_META_ROW_PARTS.contentType,
    signal: params.signal,
    pgMeta: { connectionString: params.connectionString, applicationName: params.applicationName },
    onHeaders: (answered) => (headers = answered),
    onPart: (part) => {
      // One at a time: spreading a part's tens of thousands of rows into push's arguments would strain the stack.
      for (const row of Array.isArray(part) ? part : fromRowColumns(part)) rows.push(row)
      onRows?.(rows)
    },
  })
  if (ended === null) return { rows, ...answerNotes(headers) }
  const end = v.safeParse(PartsEndSchema, ended)
  if (!end.success) throw new ApiError({ message: 'Unexpected answer from the server: its last line is not an end.' })
  if (end.output.rowCount !== rows.length) {
    throw new ApiError({ message: `The answer was cut off: ${rows.length.toLocaleString()} of its ${end.output.rowCount.toLocaleString()} rows arrived.` })
  }
  return { rows, ...answerNotes(headers, end.output.serverTiming) }
}

/** The project's user columns, for editor completion (checked, never trusted). */
export function readCatalog(params: QueryParams, client: ApiClient = api) {
  return postQuery(params, CatalogSchema, client)
}
