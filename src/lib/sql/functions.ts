import { sqlIdent } from './quote'
import { excludedSchemasSql } from './table-catalog'
import { qualifiedName } from './table-rows'

/**
 * Functions and procedures (the Database area's Functions screen), as Postgres writes their parts:
 * arguments and result (pg_get_function_arguments/result), the body, language, volatility, security,
 * settings, and what depends on each (triggers, views, defaults). Those an extension made are left
 * out: they are the extension's, dropped with it.
 */
export function functionsSql(excludedSchemas: readonly string[]): string {
  return `select coalesce(json_agg(f order by f.schema, f.name, f.id), '[]') as functions from (
  select p.oid::int8 as id, n.nspname as schema, p.proname as name,
         case p.prokind when 'p' then 'procedure' else 'function' end as kind,
         pg_catalog.pg_get_function_arguments(p.oid) as arguments,
         pg_catalog.pg_get_function_identity_arguments(p.oid) as identity_arguments,
         pg_catalog.pg_get_function_result(p.oid) as return_type,
         l.lanname as language,
         p.prosecdef as security_definer,
         case p.provolatile when 'i' then 'immutable' when 's' then 'stable' else 'volatile' end as volatility,
         p.prosrc as body,
         coalesce(p.proconfig, '{}') as settings,
         pg_catalog.obj_description(p.oid, 'pg_proc') as comment,
         coalesce((select json_agg(pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid) order by 1)
                     from pg_catalog.pg_depend d
                    where d.refclassid = 'pg_catalog.pg_proc'::regclass and d.refobjid = p.oid and d.deptype = 'n'), '[]') as dependents
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    join pg_catalog.pg_language l on l.oid = p.prolang
   where p.prokind in ('f', 'p')
     and ${excludedSchemasSql(excludedSchemas)}
     and not exists (select 1 from pg_catalog.pg_depend e where e.classid = 'pg_catalog.pg_proc'::regclass and e.objid = p.oid and e.deptype = 'e')
) f`
}

export const FUNCTION_LANGUAGES = ['plpgsql', 'sql'] as const
export const VOLATILITIES = ['volatile', 'stable', 'immutable'] as const
export type Volatility = (typeof VOLATILITIES)[number]

export interface FunctionDefinition {
  schema: string
  name: string
  /** As a function's parentheses hold them: `customer_id bigint, since timestamptz default now()`. */
  arguments: string
  /** `void`, `trigger`, `integer`, `setof public.orders`, `table (id bigint, total numeric)`. */
  returns: string
  language: string
  volatility: Volatility
  securityDefiner: boolean
  /** The search_path the function runs with ('' for none set: the caller's). */
  searchPath: string
  body: string
}

/** A dollar-quote tag the body does not hold, so the body needs no escaping at all. */
export function dollarQuoteFor(body: string): string {
  for (let n = 0; ; n++) {
    const tag = n === 0 ? '$function$' : `$function_${n}$`
    if (!body.includes(tag)) return tag
  }
}

/** The `create or replace function` a definition stands for: names quoted, the body dollar-quoted as typed. */
export function createFunctionSql(fn: FunctionDefinition): string {
  if (fn.name.trim() === '') throw new Error('Name the function.')
  if (fn.returns.trim() === '') throw new Error('Say what the function returns (void when nothing).')
  if (fn.body.trim() === '') throw new Error('Write the function’s body.')
  const tag = dollarQuoteFor(fn.body)
  const lines = [
    `create or replace function ${qualifiedName(fn.schema, fn.name)}(${fn.arguments.trim()})`,
    `returns ${fn.returns.trim()}`,
    `language ${sqlIdent(fn.language)}`,
    fn.volatility,
  ]
  if (fn.securityDefiner) lines.push('security definer')
  if (fn.searchPath.trim() !== '') lines.push(`set search_path = ${fn.searchPath.trim()}`)
  lines.push(`as ${tag}\n${fn.body.replace(/^\n+|\s+$/g, '')}\n${tag};`)
  return lines.join('\n')
}

/** A function's parts as the catalog read them, for editing: the search_path taken from its settings. */
export function searchPathOf(settings: readonly string[]): string {
  const setting = settings.find((s) => s.startsWith('search_path='))
  if (setting === undefined) return ''
  const value = setting.slice('search_path='.length)
  return value === '""' ? "''" : value
}

export function dropFunctionSql(schema: string, name: string, identityArguments: string, kind: 'function' | 'procedure', cascade: boolean): string {
  return `drop ${kind} ${qualifiedName(schema, name)}(${identityArguments})${cascade ? ' cascade' : ''};`
}
