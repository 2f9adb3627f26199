import { excludedSchemasSql } from './table-catalog'

/**
 * The Database area's Tables: every table (and materialized view) outside the excluded schemas with
 * what the table editor's list lacks: its size on disk (with indexes and TOAST) and the publications
 * that send its changes (realtime's among them).
 */
export function databaseTablesSql(excludedSchemas: readonly string[]): string {
  return `select coalesce(json_agg(t order by t.schema, t.name), '[]') as tables from (
  select c.oid::int8 as id, n.nspname as schema, c.relname as name,
         case c.relkind when 'm' then 'materialized_view' else 'table' end as type,
         greatest(c.reltuples, 0)::int8 as estimated_rows,
         pg_catalog.pg_total_relation_size(c.oid)::int8 as size_bytes,
         c.relrowsecurity as rls_enabled,
         pg_catalog.obj_description(c.oid, 'pg_class') as comment,
         (select count(*) from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped)::int as columns,
         coalesce((select json_agg(pt.pubname order by pt.pubname) from pg_catalog.pg_publication_tables pt where pt.schemaname = n.nspname and pt.tablename = c.relname), '[]') as publications
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p', 'm') and not c.relispartition
     and ${excludedSchemasSql(excludedSchemas)}
) t`
}
