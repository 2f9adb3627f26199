/**
 * The extensions screen's SQL (SPEC §3 "Extension catalogue entry"; PLATFORM-API §5 `…/extensions`
 * answers the same fields): what the database can install, what it has installed and where, and
 * the statements that enable and disable one. Every name is quoted; versions are literals.
 */
import { PLATFORM_INSTALLED_EXTENSIONS } from '../../constants/extensions'
import { sqlIdent, sqlLiteral } from './quote'

/**
 * One row per extension the database can install: `name, default_version, installed_version,
 * schema` (where it is installed), `comment`, `fixed_schema` (the only schema it may go in, from its
 * control file), `requires` (what CASCADE also installs) and `installable`: whether this user may
 * have it (a superuser any; anyone one that is trusted or needs no superuser; on a shared server the
 * platform installs those of its list for the project's role, the rest it refuses).
 */
export const availableExtensionsSql = `select a.name,
       a.default_version,
       a.installed_version,
       n.nspname as schema,
       a.comment,
       v.schema as fixed_schema,
       coalesce(v.requires::text[], '{}') as requires,
       coalesce(v.trusted or not v.superuser, false)
         or a.name = any(array[${PLATFORM_INSTALLED_EXTENSIONS.map(sqlLiteral).join(', ')}]::text[])
         or coalesce((select r.rolsuper from pg_catalog.pg_roles r where r.rolname = current_user), false) as installable
  from pg_catalog.pg_available_extensions a
  left join pg_catalog.pg_extension e on e.extname = a.name
  left join pg_catalog.pg_namespace n on n.oid = e.extnamespace
  left join pg_catalog.pg_available_extension_versions v on v.name = a.name and v.version = coalesce(a.installed_version, a.default_version)
 order by a.name;`

/** The schemas an extension may be enabled in (the user's and the platform's, not Postgres's own). */
export const extensionSchemasSql = `select nspname as name
  from pg_catalog.pg_namespace
 where nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
   and nspname not like 'pg\\_temp\\_%' and nspname not like 'pg\\_toast\\_temp\\_%'
 order by nspname;`

export interface EnableExtension {
  name: string
  /** null: the extension's control file fixes its schema. */
  schema: string | null
  version?: string | null
  /** Also install what it requires. */
  cascade: boolean
}

/** Creates the schema when missing, then the extension. */
export function enableExtensionSql({ name, schema, version, cascade }: EnableExtension): string {
  const parts = [`create extension if not exists ${sqlIdent(name)}`]
  if (schema !== null) parts.push(`with schema ${sqlIdent(schema)}`)
  if (version) parts.push(`version ${sqlLiteral(version)}`)
  if (cascade) parts.push('cascade')
  const create = `${parts.join(' ')};`
  return schema === null ? create : `create schema if not exists ${sqlIdent(schema)};\n${create}`
}

/** Drops the extension; `cascade` drops what depends on it too (the confirmation lists it first). */
export function disableExtensionSql(name: string, cascade: boolean): string {
  return `drop extension if exists ${sqlIdent(name)}${cascade ? ' cascade' : ''};`
}

/**
 * What Postgres would refuse to drop the extension for: objects outside it that depend on the
 * extension or on one of its members (an index using its operator class, a column of its type, a
 * function calling through it, another extension requiring it), described as Postgres describes
 * them in its own refusal. One row per object, `object`.
 */
export function extensionDependentsSql(name: string): string {
  return `with extension as (
  select oid from pg_catalog.pg_extension where extname = ${sqlLiteral(name)}
), member as (
  select 'pg_catalog.pg_extension'::regclass as classid, oid as objid from extension
  union all
  select d.classid, d.objid
    from pg_catalog.pg_depend d, extension
   where d.refclassid = 'pg_catalog.pg_extension'::regclass and d.refobjid = extension.oid and d.deptype = 'e'
), dependent as (
  select distinct d.classid, d.objid, d.objsubid
    from pg_catalog.pg_depend d
    join member m on m.classid = d.refclassid and m.objid = d.refobjid
   where d.deptype = 'n'
     -- A member of any extension goes with its extension (which is listed itself when it depends on this one),
     and not exists (select 1 from pg_catalog.pg_depend own where own.classid = d.classid and own.objid = d.objid and own.deptype = 'e')
     -- and so do the parts of such a member (an operator family's operators, a domain's constraints).
     and not exists (
       select 1
         from pg_catalog.pg_depend part
         join pg_catalog.pg_depend owner on owner.classid = part.refclassid and owner.objid = part.refobjid and owner.deptype = 'e'
        where part.classid = d.classid and part.objid = d.objid and part.deptype in ('a', 'i')
     )
)
select object
  from (select distinct pg_catalog.pg_describe_object(classid, objid, objsubid) as object from dependent) described
 where object is not null
 order by object;`
}
