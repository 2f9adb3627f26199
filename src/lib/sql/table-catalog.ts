import { sqlLiteral } from './quote'

/**
 * The table editor's catalog reads (SPEC §3 "Table schema"). Plain pg_catalog SQL that runs the
 * same on PGlite and on a PostgreSQL 15+ server; each answers one JSON value so the shape is
 * checked once, at the boundary.
 */

const RELKIND_TYPE = `case c.relkind when 'r' then 'table' when 'p' then 'table' when 'v' then 'view' when 'm' then 'materialized_view' else 'foreign_table' end`

/** `n.nspname` (a pg_namespace aliased n) is none of `excluded` and not Postgres's own (`pg_*`). */
export const excludedSchemasSql = (excluded: readonly string[]) =>
  `n.nspname not in (${excluded.map((s) => sqlLiteral(s)).join(', ')}) and n.nspname not like 'pg\\_%'`

/** Every table, view and materialized view outside the excluded schemas, with the planner's row estimate. */
export function tableEntitiesSql(excludedSchemas: readonly string[]): string {
  return `select coalesce(json_agg(e order by e.schema, e.name), '[]') as entities from (
  select c.oid::int8 as id, n.nspname as schema, c.relname as name, ${RELKIND_TYPE} as type,
         obj_description(c.oid, 'pg_class') as comment, greatest(c.reltuples, 0)::int8 as estimated_rows,
         c.relrowsecurity as rls_enabled
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition and ${excludedSchemasSql(excludedSchemas)}
) e`
}

/**
 * The database's own types a column can take (its enums and domains, outside the excluded schemas),
 * each as it is written in a column definition: schema-qualified outside public.
 */
export function columnTypesSql(excludedSchemas: readonly string[]): string {
  return `select coalesce(json_agg(t order by t.name), '[]') as types from (
  select case when n.nspname = 'public' then pg_catalog.quote_ident(t.typname) else pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(t.typname) end as name,
         case t.typtype when 'e' then 'enum' else 'domain' end as kind
    from pg_catalog.pg_type t
    join pg_catalog.pg_namespace n on n.oid = t.typnamespace
   where t.typtype in ('e', 'd') and ${excludedSchemasSql(excludedSchemas)}
) t`
}

/** One relation's schema by its id (the relation's oid): columns, primary key and relationships both ways. */
export function tableSchemaSql(id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`tableSchemaSql: not a relation id: ${id}`)
  return `with rel as (
  select c.oid, n.nspname as schema, c.relname as name, ${RELKIND_TYPE} as type
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where c.oid = ${id} and c.relkind in ('r', 'p', 'v', 'm', 'f')
)
select json_build_object(
  'id', rel.oid::int8,
  'name', rel.name,
  'schema', rel.schema,
  'type', rel.type,
  'columns', coalesce((
    select json_agg(json_build_object(
      'name', a.attname,
      'data_type', pg_catalog.format_type(a.atttypid, a.atttypmod),
      'base_type', t.typname,
      'type_category', t.typcategory,
      'is_identity', a.attidentity <> '',
      'is_generated', a.attgenerated <> '',
      'is_nullable', not a.attnotnull,
      'default_value', pg_catalog.pg_get_expr(d.adbin, d.adrelid),
      'is_unique', exists (
        select 1 from pg_catalog.pg_index i
         where i.indrelid = rel.oid and i.indisunique and i.indnatts = 1 and i.indkey[0] = a.attnum),
      'check', (
        select string_agg(pg_catalog.pg_get_constraintdef(k.oid), ' and ' order by k.conname)
          from pg_catalog.pg_constraint k
         where k.conrelid = rel.oid and k.contype = 'c' and k.conkey = array[a.attnum]),
      -- The names alter column needs to drop them; a unique index without a constraint has none.
      'unique_constraint', (
        select k.conname from pg_catalog.pg_constraint k
         where k.conrelid = rel.oid and k.contype = 'u' and k.conkey = array[a.attnum] order by k.conname limit 1),
      'check_constraint', (
        select k.conname from pg_catalog.pg_constraint k
         where k.conrelid = rel.oid and k.contype = 'c' and k.conkey = array[a.attnum] order by k.conname limit 1),
      'enums', case when et.typtype = 'e' then (
        select json_agg(e.enumlabel order by e.enumsortorder) from pg_catalog.pg_enum e where e.enumtypid = et.oid) end
    ) order by a.attnum)
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_type t on t.oid = a.atttypid
      left join pg_catalog.pg_type et on et.oid = case when t.typcategory = 'A' then t.typelem else t.oid end
      left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where a.attrelid = rel.oid and a.attnum > 0 and not a.attisdropped), '[]'),
  'primary_keys', coalesce((
    select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
      from pg_catalog.pg_index i
      join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey::int2[])
     where i.indrelid = rel.oid and i.indisprimary), '[]'),
  'relationships', coalesce((
    select json_agg(json_build_object(
      'constraint_name', k.conname,
      'source_schema', sn.nspname, 'source_table_name', s.relname, 'source_column_name', sa.attname,
      'target_table_schema', tn.nspname, 'target_table_name', tt.relname, 'target_column_name', ta.attname
    ) order by k.conname, pair.ord)
      from pg_catalog.pg_constraint k
      cross join lateral unnest(k.conkey, k.confkey) with ordinality as pair(source_attnum, target_attnum, ord)
      join pg_catalog.pg_class s on s.oid = k.conrelid join pg_catalog.pg_namespace sn on sn.oid = s.relnamespace
      join pg_catalog.pg_class tt on tt.oid = k.confrelid join pg_catalog.pg_namespace tn on tn.oid = tt.relnamespace
      join pg_catalog.pg_attribute sa on sa.attrelid = k.conrelid and sa.attnum = pair.source_attnum
      join pg_catalog.pg_attribute ta on ta.attrelid = k.confrelid and ta.attnum = pair.target_attnum
     where k.contype = 'f' and (k.conrelid = rel.oid or k.confrelid = rel.oid)), '[]')
) as "table"
from rel`
}
