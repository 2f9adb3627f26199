/**
 * The column privileges screen's SQL (SPEC §2 /project/{ref}/database/column-privileges;
 * PLATFORM-API §5 `…/column-privileges` answers privileges per column and grantee): the roles one
 * may grant to, the relations, one role's privileges on one relation, and the GRANT / REVOKE
 * statements. Every name is quoted.
 *
 * Decisions:
 * - `information_schema.column_privileges` lists a column privilege also when it comes from a
 *   TABLE-level grant, so it cannot tell the two apart. The privileges are read from the ACLs
 *   themselves instead: `pg_attribute.attacl` (granted on the column) and `pg_class.relacl`
 *   (granted on the whole table), each expanded with `aclexplode` and kept for the role itself.
 *   A NULL `relacl` means the defaults (`acldefault`: the owner has everything).
 * - What the role may really do is asked of Postgres (`has_column_privilege`), which also counts
 *   grants to PUBLIC and to roles it inherits from: shown apart, as neither can be changed here.
 * - The reads answer one JSON value each (like the table editor's catalog reads), so one relation's
 *   columns and table privileges come from one snapshot and their shape is checked once.
 */
import { COLUMN_PRIVILEGE_TYPES, EXCLUDED_SCHEMAS, PLATFORM_API_ROLES, PLATFORM_INTERNAL_ROLES, PLATFORM_MANAGED_SCHEMAS, type ColumnPrivilegeType } from '../../constants'
import { sqlIdent, sqlLiteral } from './quote'

const list = (values: readonly string[]) => values.map((value) => sqlLiteral(value)).join(', ')

/**
 * The roles one may grant column privileges to: the platform's API roles first, then the user's
 * roles by name. Never Postgres's own (`pg_*`), a superuser (whom no privilege limits) or the
 * platform's internal roles. One row per role: `name`.
 */
export const privilegeRolesSql = `select r.rolname as name
  from pg_catalog.pg_roles r
 where not r.rolsuper
   and r.rolname !~ '^pg_'
   and r.rolname not in (${list(PLATFORM_INTERNAL_ROLES)})
   -- Roles that own a database or were let into one are databases' own (on a shared server, every project's two).
   and not exists (select 1 from pg_catalog.pg_database d where d.datdba = r.oid)
   and not exists (select 1 from pg_catalog.pg_database d, pg_catalog.aclexplode(d.datacl) a where a.grantee = r.oid)
 order by coalesce(array_position(array[${list(PLATFORM_API_ROLES)}]::text[], r.rolname::text), ${PLATFORM_API_ROLES.length + 1}), r.rolname;`

/**
 * Every table, view, materialized view and foreign table one may grant on: the user's schemas
 * first (public before the others), then the platform's. One row per relation: `schema, name,
 * kind` ('table', 'view', 'materialized_view', 'foreign_table').
 */
export const privilegeRelationsSql = `select n.nspname as schema,
       c.relname as name,
       case c.relkind when 'v' then 'view' when 'm' then 'materialized_view' when 'f' then 'foreign_table' else 'table' end as kind
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
 where c.relkind in ('r', 'p', 'v', 'm', 'f')
   and not c.relispartition
   and n.nspname not in (${list(EXCLUDED_SCHEMAS)})
   and n.nspname !~ '^pg_'
 order by n.nspname::text = any(array[${list(PLATFORM_MANAGED_SCHEMAS)}]::text[]), n.nspname <> 'public', n.nspname, c.relname;`

/** Whose privileges on what. */
export interface PrivilegeTarget {
  role: string
  schema: string
  table: string
}

/**
 * One role's privileges on one relation, as one JSON value `privileges` (null when the role or the
 * relation is gone): `{kind, schema_usage, table_privileges, columns: [{name, type,
 * column_privileges, effective}]}`. Without `schema_usage` (USAGE on the schema, from any grant)
 * the role reaches none of the relation's columns, whatever they grant. `table_privileges` are granted to the role on the whole relation (every kind,
 * DELETE and TRUNCATE too); a column's `column_privileges` are granted to the role on that column
 * alone; `effective` is what the role may do with the column, from whatever grant.
 */
export function columnPrivilegesSql({ role, schema, table }: PrivilegeTarget): string {
  const privileges = `array[${list(COLUMN_PRIVILEGE_TYPES)}]::text[]`
  return `with rel as (
  select c.oid, c.relkind, c.relnamespace, coalesce(c.relacl, pg_catalog.acldefault('r', c.relowner)) as acl
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where n.nspname = ${sqlLiteral(schema)} and c.relname = ${sqlLiteral(table)} and c.relkind in ('r', 'p', 'v', 'm', 'f')
), grantee as (
  select oid from pg_catalog.pg_roles where rolname = ${sqlLiteral(role)}
)
select (
  select json_build_object(
    'kind', case rel.relkind when 'v' then 'view' when 'm' then 'materialized_view' when 'f' then 'foreign_table' else 'table' end,
    'schema_usage', pg_catalog.has_schema_privilege(grantee.oid, rel.relnamespace, 'USAGE'),
    'table_privileges', coalesce((
      select json_agg(distinct x.privilege_type)
        from pg_catalog.aclexplode(rel.acl) x
       where x.grantee = grantee.oid), '[]'),
    'columns', coalesce((
      select json_agg(json_build_object(
        'name', a.attname,
        'type', pg_catalog.format_type(a.atttypid, a.atttypmod),
        'column_privileges', coalesce((
          select json_agg(distinct x.privilege_type)
            from pg_catalog.aclexplode(a.attacl) x
           where x.grantee = grantee.oid), '[]'),
        'effective', (
          select coalesce(json_agg(p.privilege order by p.position), '[]')
            from unnest(${privileges}) with ordinality as p(privilege, position)
           where pg_catalog.has_column_privilege(grantee.oid, rel.oid, a.attnum, p.privilege))
      ) order by a.attnum)
        from pg_catalog.pg_attribute a
       where a.attrelid = rel.oid and a.attnum > 0 and not a.attisdropped), '[]'))
    from rel, grantee
) as privileges;`
}

/** One statement's worth of a batch: a privilege granted or revoked on the whole relation, or on some of its columns. */
export type PrivilegeChange =
  | { level: 'table'; privilege: ColumnPrivilegeType; grant: boolean }
  | { level: 'column'; privilege: ColumnPrivilegeType; grant: boolean; columns: readonly string[] }

const relation = ({ schema, table }: PrivilegeTarget) => `${sqlIdent(schema)}.${sqlIdent(table)}`

/** `grant select ("a", "b") on table "s"."t" to "role";`, or the revoke; on the whole relation without columns. */
export function privilegeChangeSql(target: PrivilegeTarget, change: PrivilegeChange): string {
  const privilege = change.privilege.toLowerCase()
  const what = change.level === 'column' ? `${privilege} (${change.columns.map(sqlIdent).join(', ')})` : privilege
  if (change.level === 'column' && change.columns.length === 0) throw new RangeError('privilegeChangeSql: a column change names no column')
  return change.grant
    ? `grant ${what} on table ${relation(target)} to ${sqlIdent(target.role)};`
    : `revoke ${what} on table ${relation(target)} from ${sqlIdent(target.role)};`
}

/**
 * A batch as one text (it runs as one implicit transaction: all of it or none): table-level
 * revokes and grants first, then the column ones, each privilege in the grid's order.
 */
export function privilegeChangesSql(target: PrivilegeTarget, changes: readonly PrivilegeChange[]): string {
  const rank = (change: PrivilegeChange) =>
    (change.level === 'table' ? 0 : 4) + (change.grant ? 2 : 0) + COLUMN_PRIVILEGE_TYPES.indexOf(change.privilege) / COLUMN_PRIVILEGE_TYPES.length
  return [...changes]
    .sort((a, b) => rank(a) - rank(b))
    .map((change) => privilegeChangeSql(target, change))
    .join('\n')
}
