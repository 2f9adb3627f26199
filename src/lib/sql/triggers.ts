import { sqlIdent } from './quote'
import { excludedSchemasSql } from './table-catalog'
import { qualifiedName } from './table-rows'

/**
 * The triggers a user made (`t`), with their table (`c`, in `n`) and function (`p`, in `pn`): Postgres's own
 * internal ones (behind foreign keys) left out. A query goes on with `and …`.
 */
export const USER_TRIGGERS_FROM = `from pg_catalog.pg_trigger t
  join pg_catalog.pg_class c on c.oid = t.tgrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_proc p on p.oid = t.tgfoid
  join pg_catalog.pg_namespace pn on pn.oid = p.pronamespace
 where not t.tgisinternal`

/**
 * Triggers (the Database area's Triggers screen): each with its table, timing, events, level, the
 * function it runs and whether it is enabled; Postgres's own internal triggers (those behind foreign
 * keys) left out. Every name we write goes through sqlIdent.
 */
export function triggersSql(excludedSchemas: readonly string[]): string {
  return `select coalesce(json_agg(t order by t.schema, t.table, t.name), '[]') as triggers from (
  select t.oid::int8 as id, n.nspname as schema, c.relname as table, c.oid::int8 as table_id, t.tgname as name,
         case when t.tgtype & 2 <> 0 then 'before' when t.tgtype & 64 <> 0 then 'instead of' else 'after' end as timing,
         to_json(array_remove(array[
           case when t.tgtype & 4 <> 0 then 'insert' end, case when t.tgtype & 16 <> 0 then 'update' end,
           case when t.tgtype & 8 <> 0 then 'delete' end, case when t.tgtype & 32 <> 0 then 'truncate' end], null)) as events,
         case when t.tgtype & 1 <> 0 then 'row' else 'statement' end as level,
         pn.nspname as function_schema, p.proname as function_name,
         t.tgenabled <> 'D' as enabled,
         pg_catalog.pg_get_triggerdef(t.oid, true) as definition
    ${USER_TRIGGERS_FROM}
     and ${excludedSchemasSql(excludedSchemas)}
) t`
}

export const TRIGGER_EVENTS = ['insert', 'update', 'delete', 'truncate'] as const
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number]
export const TRIGGER_TIMINGS = ['before', 'after', 'instead of'] as const
export type TriggerTiming = (typeof TRIGGER_TIMINGS)[number]

export interface TriggerDefinition {
  name: string
  schema: string
  table: string
  /** A view takes `instead of` row triggers; a table `before`/`after`. */
  tableIsView: boolean
  timing: TriggerTiming
  events: readonly TriggerEvent[]
  level: 'row' | 'statement'
  /** Only rows where this holds fire it (row level): `new.status is distinct from old.status`. */
  condition: string
  functionSchema: string
  functionName: string
}

export function createTriggerSql(trigger: TriggerDefinition): string {
  if (trigger.name.trim() === '') throw new Error('Name the trigger.')
  if (trigger.table === '') throw new Error('Choose the table the trigger watches.')
  if (trigger.events.length === 0) throw new Error('Choose at least one event: insert, update, delete or truncate.')
  if (trigger.functionName === '') throw new Error('Choose the function the trigger runs.')
  if (trigger.events.includes('truncate') && trigger.level === 'row') throw new Error('Truncate fires once per statement: choose “for each statement”.')
  if (trigger.tableIsView !== (trigger.timing === 'instead of')) throw new Error(trigger.tableIsView ? 'A view’s triggers run instead of the change.' : 'Only a view’s triggers run instead of the change: choose before or after.')
  if (trigger.timing === 'instead of' && trigger.level !== 'row') throw new Error('An instead-of trigger fires for each row.')
  const events = TRIGGER_EVENTS.filter((event) => trigger.events.includes(event)).join(' or ')
  const condition = trigger.condition.trim() && trigger.level === 'row' ? `\nwhen (${trigger.condition.trim()})` : ''
  return `create trigger ${sqlIdent(trigger.name.trim())}\n${trigger.timing} ${events} on ${qualifiedName(trigger.schema, trigger.table)}\nfor each ${trigger.level}${condition}\nexecute function ${qualifiedName(trigger.functionSchema, trigger.functionName)}();`
}

export function setTriggerEnabledSql(schema: string, table: string, name: string, enabled: boolean): string {
  return `alter table ${qualifiedName(schema, table)} ${enabled ? 'enable' : 'disable'} trigger ${sqlIdent(name)};`
}

export function dropTriggerSql(schema: string, table: string, name: string): string {
  return `drop trigger ${sqlIdent(name)} on ${qualifiedName(schema, table)};`
}
