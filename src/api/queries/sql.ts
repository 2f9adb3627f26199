import * as v from 'valibot'
import { PG_META_TIMING, SAMPLE_ROWS_HEADER } from '../../constants'
import { ownKeyedObjectSchema } from '../../lib/own-record'
import { parseServerTiming } from '../../lib/server-timing'
import { api, type ApiClient } from '../client'

// Keyed by column names, which are the user's: every column kept (even `constructor`), read by own keys.
const RowsSchema = v.array(ownKeyedObjectSchema)
const CatalogSchema = v.array(v.object({ schema: v.string(), table: v.string(), column: v.string(), type: v.string() }))
const EnabledAnswerSchema = v.array(v.object({ enabled: v.boolean() }))

export interface QueryParams {
  ref: string
  connectionString: string | null | undefined
  query: string
  signal?: AbortSignal
  applicationName?: string
}

/** POST /platform/pg-meta/{ref}/query, answer checked against `schema` (PLATFORM-API §5). */
export function postQuery<S extends v.GenericSchema>(params: QueryParams, schema: S, client: ApiClient, onHeaders?: (headers: Headers) => void) {
  return client.post(`/platform/pg-meta/${encodeURIComponent(params.ref)}/query`, {
    body: { query: params.query },
    schema,
    signal: params.signal,
    pgMeta: { connectionString: params.connectionString, applicationName: params.applicationName },
    onHeaders,
  })
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

/** `executeSql` with the server's timing of the answer (`Server-Timing`) beside its rows. */
export async function executeTimedSql(params: QueryParams, client: ApiClient = api): Promise<TimedRows> {
  let timing = new Map<string, number>()
  let sampled: string[] = []
  const rows = await postQuery(params, RowsSchema, client, (headers) => {
    timing = parseServerTiming(headers.get(PG_META_TIMING.header))
    sampled = (headers.get(SAMPLE_ROWS_HEADER) ?? '').split(',').filter(Boolean)
  })
  return { rows, executionMs: timing.get(PG_META_TIMING.execution) ?? null, startupMs: timing.get(PG_META_TIMING.startup) ?? null, sampled }
}

/** The project's user columns, for editor completion (checked, never trusted). */
export function readCatalog(params: QueryParams, client: ApiClient = api) {
  return postQuery(params, CatalogSchema, client)
}
