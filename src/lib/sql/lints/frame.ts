/**
 * The frame every lint query shares (PLATFORM-API §9: one lint object per finding). A lint's own
 * SQL — its body — finds the objects and answers six columns: `schema`, `name` and `type` of the
 * object, a sentence of `detail`, the `key` that tells this finding from the lint's others, and
 * `extra` metadata its fix reads. The frame adds what the definition says (title, level,
 * categories, description, remediation) so a lint's wording is written once, in src/constants.
 *
 * Decisions:
 * - "Exposed in the API" means: in one of the schemas the project's API serves (its setting, passed
 *   in as `api`) and readable by `anon` or `authenticated`. The platform layer creates both roles.
 * - The platform's schemas (`PLATFORM_SCHEMAS`) and Postgres's own (`pg_*`) are never the user's;
 *   objects that belong to an extension are left alone too: the extension owns them.
 * - The cache key is the lint's name and the body's key, so it stays the same for as long as the
 *   object keeps its name: a dismissal made with it keeps applying across reruns.
 */
import { LINT_DEFINITIONS, PLATFORM_SCHEMAS, lintDocsUrl, type LintDefinition, type LintName } from '../../../constants/advisors'
import { sqlArray, sqlLiteral } from '../quote'

/** SQL array expressions a body splices in. */
export interface LintScope {
  /** `text[]` of the schemas the API exposes. */
  api: string
  /** `text[]` of the platform's schemas. */
  platform: string
}

export type LintBody = (scope: LintScope) => string

export interface LintQuery {
  name: LintName
  sql: string
}

export function lintScope(apiSchemas: readonly string[]): LintScope {
  return { api: sqlArray(apiSchemas, 'text'), platform: sqlArray(PLATFORM_SCHEMAS, 'text') }
}

export function lintDefinition(name: LintName): LintDefinition {
  const definition = LINT_DEFINITIONS.find((lint) => lint.name === name)
  if (!definition) throw new RangeError(`unknown lint ${name}`)
  return definition
}

/** One lint's whole query: the body's findings with the definition's words, ordered by cache key. */
export function framedLintSql(name: LintName, body: LintBody, apiSchemas: readonly string[]): string {
  const lint = lintDefinition(name)
  return `select ${sqlLiteral(lint.name)}::text as name,
       ${sqlLiteral(lint.title)}::text as title,
       ${sqlLiteral(lint.level)}::text as level,
       'EXTERNAL'::text as facing,
       ${sqlArray(lint.categories, 'text')} as categories,
       ${sqlLiteral(lint.description)}::text as description,
       f.detail::text as detail,
       ${sqlLiteral(lintDocsUrl(lint.id))}::text as remediation,
       pg_catalog.jsonb_build_object('schema', f.schema::text, 'name', f.name::text, 'type', f.type::text) || coalesce(f.extra, '{}'::jsonb) as metadata,
       ${sqlLiteral(`${lint.name}_`)} || f.key::text as cache_key
  from (${body(lintScope(apiSchemas))}) as f
 order by cache_key;`
}

// Fragments the bodies share. `n` is a pg_namespace alias, `c` a pg_class one.

/** The schema is the user's: neither the platform's nor Postgres's own. */
export const userSchema = (scope: LintScope, n = 'n') => `(${n}.nspname <> all(${scope.platform}) and ${n}.nspname !~ '^pg_')`

/** The schema is one the API exposes. */
export const apiSchema = (scope: LintScope, n = 'n') => `${n}.nspname = any(${scope.api})`

/** anon or authenticated may select from the relation. */
export const apiRolesCanSelect = (c = 'c') =>
  `(pg_catalog.has_table_privilege('anon', ${c}.oid, 'SELECT') or pg_catalog.has_table_privilege('authenticated', ${c}.oid, 'SELECT'))`

/** The object (of the catalogue `catalog`) is not a member of an extension. */
export const notFromExtension = (oid: string, catalog: 'pg_class' | 'pg_proc' = 'pg_class') =>
  `not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`

/** A view runs with its caller's rights (`security_invoker`, however it was spelled when set). */
export const securityInvoker = (c = 'c') =>
  `exists (select 1 from unnest(coalesce(${c}.reloptions, '{}')) as o(option) where lower(o.option) in ('security_invoker=true', 'security_invoker=on', 'security_invoker=1', 'security_invoker=yes'))`

/** A policy's command, as the platform writes it. */
export const policyCommand = (p = 'p') =>
  `case ${p}.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end`

/** The role names a policy applies to (`public` for every role). */
export const policyRoles = (p = 'p') =>
  `(select array_agg(case when r.oid = 0 then 'public' else pg_catalog.pg_get_userbyid(r.oid)::text end order by 1) from unnest(${p}.polroles) as r(oid))`

/** Policies on the platform's storage tables are the user's own, so policy lints read them too. */
export const policySchema = (scope: LintScope, n = 'n') => `(${userSchema(scope, n)} or ${n}.nspname = 'storage')`

/**
 * The body of a lint about relations: one finding per relation `c` (in namespace `n`) that every
 * condition keeps, keyed by schema and name. `detail` is a format() text whose first two
 * arguments are the schema and the name, then `detailArgs`.
 */
export function relationFindings({ type, detail, detailArgs = [], extra = 'null::jsonb', where }: { type: string; detail: string; detailArgs?: string[]; extra?: string; where: string[] }): string {
  return `
select n.nspname as schema, c.relname as name, ${type} as type,
       format(${sqlLiteral(detail)}, ${['n.nspname', 'c.relname', ...detailArgs].join(', ')}) as detail,
       format('%s_%s', n.nspname, c.relname) as key,
       ${extra} as extra
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
 where ${where.join('\n   and ')}`
}

/**
 * The body of a lint about functions and procedures: one finding per routine `p` (in namespace `n`)
 * that every condition keeps, keyed by schema, name and a digest of its arguments (overloads are
 * findings of their own). `detail` is a format() text of the schema, the name and the arguments.
 */
export function routineFindings({ detail, where, join = '' }: { detail: string; where: string[]; join?: string }): string {
  return `
select n.nspname as schema, p.proname as name, 'function' as type,
       format(${sqlLiteral(detail)}, n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)) as detail,
       format('%s_%s_%s', n.nspname, p.proname, md5(pg_catalog.pg_get_function_identity_arguments(p.oid))) as key,
       pg_catalog.jsonb_build_object('identity_arguments', pg_catalog.pg_get_function_identity_arguments(p.oid), 'kind', case p.prokind when 'p' then 'procedure' else 'function' end) as extra
  from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace${join}
 where ${where.join('\n   and ')}`
}
