import * as v from 'valibot'
import { IdSchema } from './table-editor'


/** One webhook as `src/lib/sql/webhooks.ts` reads it: a trigger and its arguments. */
export const DatabaseWebhookSchema = v.object({
  id: IdSchema,
  name: v.string(),
  schema: v.string(),
  table: v.string(),
  table_id: IdSchema,
  enabled: v.boolean(),
  on_insert: v.boolean(),
  on_update: v.boolean(),
  on_delete: v.boolean(),
  args: v.array(v.string()),
})
export type DatabaseWebhook = v.InferOutput<typeof DatabaseWebhookSchema>

export const DatabaseWebhooksAnswerSchema = v.array(DatabaseWebhookSchema)

/** One call of a webhook: when it was made, and its answer once pg_net's worker has one. */
export const WebhookCallSchema = v.object({
  id: IdSchema,
  created_at: v.string(),
  status_code: v.nullable(v.number()),
  content_type: v.nullable(v.string()),
  content: v.nullable(v.string()),
  error_msg: v.nullable(v.string()),
  timed_out: v.boolean(),
  answered_at: v.nullable(v.string()),
})
export type WebhookCall = v.InferOutput<typeof WebhookCallSchema>
export const WebhookCallsAnswerSchema = v.array(WebhookCallSchema)
