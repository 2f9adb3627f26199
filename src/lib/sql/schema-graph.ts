import { sqlLiteral } from './quote'
import { excludedSchemasSql } from './table-catalog'

/**
 * The schema diagram's catalog reads: the schemas a user may draw, and one schema as a graph (its
 * tables and views with their columns and keys, the foreign keys between them, its enums), with
 * what the SQL export needs to make it again (defaults, identity, checks, view definitions).
 * Plain pg_catalog SQL, the same on PGlite and on a PostgreSQL 15+ server; one JSON value each.
 */

/** The schemas of the database outside the excluded ones, each with how many relations it holds. */
export function schemaListSql(excludedSchemas: readonly string[]): string {
  return `select coalesce(json_agg(s order by s.name), '[]') as schemas from (
  select n.nspname as name,
         (select count(*) from pg_catalog.pg_class c where c.relnamespace = n.oid and c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition)::int as relations
    from pg_catalog.pg_namespace n
   where ${excludedSchemasSql(excludedSchemas)}
) s`
}

/** A foreign key's action letter (pg_constraint.confdeltype / confupdtype) as the words SQL writes. */
const FK_ACTION = `case %s when 'r' then 'restrict' when 'c' then 'cascade' when 'n' then 'set null' when 'd' then 'set default' else 'no action' end`
const fkAction = (column: string) => FK_ACTION.replace('%s', column)

/** The names of a constraint's columns (`keys` an int2[] of attnums of `relation`), in the constraint's order. */
const constraintColumns = (keys: string, relation: string) =>
  `(select json_agg(a.attname order by u.ord) from unnest(${keys}) with ordinality as u(attnum, ord)
     join pg_catalog.pg_attribute a on a.attrelid = ${relation} and a.attnum = u.attnum)`

/** One schema as a graph; relations and foreign keys ordered so that the same catalog reads the same. */
export function schemaGraphSql(schema: string): string {
  return `with ns as (select oid from pg_catalog.pg_namespace where nspname = ${sqlLiteral(schema)})
select json_build_object(
  'schema', ${sqlLiteral(schema)},
  'exists', exists (select 1 from ns),
  'tables', coalesce((
    select json_agg(json_build_object(
      'id', c.oid::int8,
      'name', c.relname,
      'type', case c.relkind when 'r' then 'table' when 'p' then 'table' when 'v' then 'view' when 'm' then 'materialized_view' else 'foreign_table' end,
      'comment', pg_catalog.obj_description(c.oid, 'pg_class'),
      'definition', case when c.relkind in ('v', 'm') then pg_catalog.pg_get_viewdef(c.oid, true) end,
      'columns', coalesce((
        select json_agg(json_build_object(
          'name', a.attname,
          'type', pg_catalog.format_type(a.atttypid, a.atttypmod),
          'nullable', not a.attnotnull,
          'default', case when a.attgenerated = '' then pg_catalog.pg_get_expr(d.adbin, d.adrelid) end,
          'generated', case when a.attgenerated <> '' then pg_catalog.pg_get_expr(d.adbin, d.adrelid) end,
          'identity', case a.attidentity when 'a' then 'always' when 'd' then 'by default' end,
          'comment', pg_catalog.col_description(c.oid, a.attnum)
        ) order by a.attnum)
          from pg_catalog.pg_attribute a
          left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
         where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'),
      'primary_key', coalesce((
        select ${constraintColumns('k.conkey', 'c.oid')} from pg_catalog.pg_constraint k where k.conrelid = c.oid and k.contype = 'p'), '[]'),
      'constraints', coalesce((
        select json_agg(json_build_object('name', k.conname, 'kind', case k.contype when 'u' then 'unique' else 'check' end, 'definition', pg_catalog.pg_get_constraintdef(k.oid), 'columns', coalesce(${constraintColumns('k.conkey', 'c.oid')}, '[]')) order by k.conname)
          from pg_catalog.pg_constraint k where k.conrelid = c.oid and k.contype in ('u', 'c')), '[]')
    ) order by c.relname, c.oid)
      from pg_catalog.pg_class c
     where c.relnamespace = (select oid from ns) and c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition), '[]'),
  'foreign_keys', coalesce((
    select json_agg(json_build_object(
      'name', k.conname,
      'source_id', k.conrelid::int8,
      'source_columns', ${constraintColumns('k.conkey', 'k.conrelid')},
      'target_id', k.confrelid::int8,
      'target_schema', tn.nspname,
      'target_name', t.relname,
      'target_columns', ${constraintColumns('k.confkey', 'k.confrelid')},
      'on_delete', ${fkAction('k.confdeltype')},
      'on_update', ${fkAction('k.confupdtype')}
    ) order by s.relname, k.conname)
      from pg_catalog.pg_constraint k
      join pg_catalog.pg_class s on s.oid = k.conrelid
      join pg_catalog.pg_class t on t.oid = k.confrelid
      join pg_catalog.pg_namespace tn on tn.oid = t.relnamespace
     where k.contype = 'f' and s.relnamespace = (select oid from ns) and not s.relispartition), '[]'),
  'enums', coalesce((
    select json_agg(json_build_object('name', t.typname, 'values', coalesce((select json_agg(e.enumlabel order by e.enumsortorder) from pg_catalog.pg_enum e where e.enumtypid = t.oid), '[]')) order by t.typname)
      from pg_catalog.pg_type t where t.typnamespace = (select oid from ns) and t.typtype = 'e'), '[]')
) as graph`
}
