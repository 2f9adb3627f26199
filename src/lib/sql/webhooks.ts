/**
 * Database webhooks (SPEC §2 /database/hooks; PLATFORM-API §6): a webhook is an AFTER … FOR EACH
 * ROW trigger that calls `supabase_functions.http_request(url, method, headers, params, timeout_ms)`.
 * The trigger's own arguments are the webhook's settings, so reading them back from `pg_trigger` is
 * the whole truth: nothing is kept anywhere else. Every name is quoted, every argument a literal.
 */
import { sqlIdent, sqlLiteral } from './quote'
import { USER_TRIGGERS_FROM } from './triggers'

export const WEBHOOK_FUNCTION = { schema: 'supabase_functions', name: 'http_request' } as const
export const WEBHOOK_METHODS = ['POST', 'GET'] as const
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number]
export const WEBHOOK_EVENTS = ['insert', 'update', 'delete'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** Whether webhooks are turned on (the platform's function exists). One row, `enabled`. */
export const webhooksEnabledSql = `select to_regprocedure('supabase_functions.http_request()') is not null as enabled;`

/**
 * Every webhook: `id` (the trigger's oid), `name`, `schema`, `table`, `table_id`, `enabled`, the
 * events, and `args`, the trigger's arguments (split on the NUL bytes Postgres stores between them).
 */
export const webhooksSql = `select t.oid::int8 as id,
       t.tgname as name,
       n.nspname as schema,
       c.relname as table,
       c.oid::int8 as table_id,
       t.tgenabled <> 'D' as enabled,
       (t.tgtype & 4) <> 0 as on_insert,
       (t.tgtype & 16) <> 0 as on_update,
       (t.tgtype & 8) <> 0 as on_delete,
       coalesce((
         select array_agg(convert_from(substring(t.tgargs from part.start + 1 for part.stop - part.start), 'UTF8') order by part.stop)
           from (select i as stop, coalesce(lag(i) over (order by i) + 1, 0) as start
                   from generate_series(0, length(t.tgargs) - 1) as i
                  where get_byte(t.tgargs, i) = 0) as part
       ), '{}') as args
  ${USER_TRIGGERS_FROM}
   and pn.nspname = '${WEBHOOK_FUNCTION.schema}' and p.proname = '${WEBHOOK_FUNCTION.name}'
 order by n.nspname, c.relname, t.tgname;`

/** The latest calls of one webhook, newest first, with the answer when there is one yet. */
export function webhookCallsSql(tableId: number, name: string, limit = 20): string {
  return `select h.id::int8 as id,
       h.created_at,
       r.status_code,
       r.content_type,
       r.content,
       r.error_msg,
       coalesce(r.timed_out, false) as timed_out,
       r.created as answered_at
  from supabase_functions.hooks h
  left join net._http_response r on r.id = h.request_id
 where h.hook_table_id = ${Number(tableId)} and h.hook_name = ${sqlLiteral(name)}
 order by h.id desc
 limit ${Number(limit)};`
}

export interface WebhookDefinition {
  name: string
  schema: string
  table: string
  events: readonly WebhookEvent[]
  method: WebhookMethod
  url: string
  headers: Readonly<Record<string, string>>
  params: Readonly<Record<string, string>>
  timeoutMs: number
}

const target = (schema: string, table: string) => `${sqlIdent(schema)}.${sqlIdent(table)}`

export function createWebhookSql(hook: WebhookDefinition): string {
  if (hook.events.length === 0) throw new Error('A webhook needs at least one event.')
  const events = WEBHOOK_EVENTS.filter((event) => hook.events.includes(event))
    .map((event) => event.toUpperCase())
    .join(' or ')
  const args = [hook.url, hook.method, JSON.stringify(hook.headers), JSON.stringify(hook.params), String(hook.timeoutMs)].map((arg) => sqlLiteral(arg)).join(', ')
  return `create trigger ${sqlIdent(hook.name)}
  after ${events} on ${target(hook.schema, hook.table)}
  for each row
  execute function ${WEBHOOK_FUNCTION.schema}.${WEBHOOK_FUNCTION.name}(${args});`
}

/** Replaces a webhook (a trigger cannot be altered): in one run, so a refused new definition leaves the old one. */
export function updateWebhookSql(previous: { name: string; schema: string; table: string; enabled: boolean }, hook: WebhookDefinition): string {
  const parts = [`drop trigger ${sqlIdent(previous.name)} on ${target(previous.schema, previous.table)};`, createWebhookSql(hook)]
  if (!previous.enabled) parts.push(setWebhookEnabledSql(hook, false))
  return parts.join('\n')
}

export function setWebhookEnabledSql(hook: { name: string; schema: string; table: string }, enabled: boolean): string {
  return `alter table ${target(hook.schema, hook.table)} ${enabled ? 'enable' : 'disable'} trigger ${sqlIdent(hook.name)};`
}

export function deleteWebhookSql(hook: { name: string; schema: string; table: string }): string {
  return `drop trigger ${sqlIdent(hook.name)} on ${target(hook.schema, hook.table)};`
}
