import { webhookCallsSql, webhooksEnabledSql, webhooksSql } from '../../lib/sql/webhooks'
import { api, type ApiClient } from '../client'
import { DatabaseWebhooksAnswerSchema, WebhookCallsAnswerSchema } from '../schemas'
import { queryKeys } from './keys'
import { databaseQuery, postQuery, readEnabled } from './sql'

type ConnectionString = string | null | undefined

/** Whether the project has database webhooks turned on. */
export function webhooksEnabledQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return {
    queryKey: queryKeys.databaseWebhooksEnabled(ref),
    queryFn: ({ signal }: { signal?: AbortSignal }) => readEnabled({ ref, connectionString, query: webhooksEnabledSql, signal }, client),
  }
}

export function databaseWebhooksQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.databaseWebhooks(ref), { ref, connectionString, query: webhooksSql }, DatabaseWebhooksAnswerSchema, client)
}

export function webhookCallsQuery(ref: string, connectionString: ConnectionString, hook: { table_id: number; name: string }, client: ApiClient = api) {
  return {
    queryKey: queryKeys.databaseWebhookCalls(ref, hook.table_id, hook.name),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      postQuery({ ref, connectionString, query: webhookCallsSql(hook.table_id, hook.name), signal }, WebhookCallsAnswerSchema, client),
  }
}

/** POST /platform/database/{ref}/hook-enable: turns database webhooks on (PLATFORM-API §6). */
export async function enableWebhooks(ref: string, client: ApiClient = api): Promise<void> {
  await client.post(`/platform/database/${encodeURIComponent(ref)}/hook-enable`)
}
