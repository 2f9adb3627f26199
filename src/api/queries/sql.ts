import * as v from 'valibot'
import { api, type ApiClient } from '../client'

const RowsSchema = v.array(v.record(v.string(), v.unknown()))
const CatalogSchema = v.array(v.object({ schema: v.string(), table: v.string(), column: v.string(), type: v.string() }))

export interface QueryParams {
  ref: string
  connectionString: string | null | undefined
  query: string
  signal?: AbortSignal
  applicationName?: string
}

/** POST /platform/pg-meta/{ref}/query, answer checked against `schema` (PLATFORM-API §5). */
export function postQuery<S extends v.GenericSchema>(params: QueryParams, schema: S, client: ApiClient) {
  return client.post(`/platform/pg-meta/${encodeURIComponent(params.ref)}/query`, {
    body: { query: params.query },
    schema,
    signal: params.signal,
    pgMeta: { connectionString: params.connectionString, applicationName: params.applicationName },
  })
}

/** Runs SQL on the project's database; rows come back as JSON objects. */
export function executeSql(params: QueryParams, client: ApiClient = api) {
  return postQuery(params, RowsSchema, client)
}

/** The project's user columns, for editor completion (checked, never trusted). */
export function readCatalog(params: QueryParams, client: ApiClient = api) {
  return postQuery(params, CatalogSchema, client)
}
