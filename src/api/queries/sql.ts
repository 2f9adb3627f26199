import * as v from 'valibot'
import { api, type ApiClient } from '../client'

const RowsSchema = v.array(v.record(v.string(), v.unknown()))

/** POST /platform/pg-meta/{ref}/query: runs SQL on the project's database (PLATFORM-API §5). */
export function executeSql(
  params: { ref: string; connectionString: string | null | undefined; query: string; signal?: AbortSignal; applicationName?: string },
  client: ApiClient = api,
) {
  return client.post(`/platform/pg-meta/${encodeURIComponent(params.ref)}/query`, {
    body: { query: params.query },
    schema: RowsSchema,
    signal: params.signal,
    pgMeta: { connectionString: params.connectionString, applicationName: params.applicationName },
  })
}
