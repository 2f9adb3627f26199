/**
 * What the GraphQL schema is built from: the exposed schema's tables, their columns and types, primary
 * keys, unique column sets and the foreign keys between them, and what each API role may do with each
 * (pg_graphql shows a role only what it may select, insert, update or delete). One catalog query, the
 * same on PGlite and a real server; its md5 tells whether the schema must be built again.
 */
import { GRAPHQL_EXPOSED_SCHEMA, PLATFORM_API_ROLES } from '../../src/constants'
import type { ApiRole } from '../../src/lib/graphql-token.ts'
import { sqlLiteral } from '../../src/lib/sql/quote.ts'
import type { ProjectDatabase } from '../postgres/types.ts'

export type { ApiRole }

export interface TablePrivileges {
  select: boolean
  insert: boolean
  update: boolean
  delete: boolean
}

export interface ColumnPrivileges {
  select: boolean
  insert: boolean
  update: boolean
}

export interface CatalogColumn {
  name: string
  /** `format_type`: what a value is cast to (`numeric(10,2)`, `public.order_status`, `text[]`). */
  sqlType: string
  /** The base type's name (through a domain), or the element's for an array. */
  scalar: string
  isArray: boolean
  /** Set when the scalar is an enum. */
  enumOid: number | null
  notNull: boolean
  hasDefault: boolean
  /** 'a' always, 'd' by default, '' none. */
  identity: string
  /** 's' stored generated column, '' none. */
  generated: string
  comment: string | null
  privileges: Partial<Record<ApiRole, ColumnPrivileges>>
}

export interface CatalogTable {
  oid: number
  name: string
  comment: string | null
  columns: CatalogColumn[]
  primaryKey: string[]
  /** Column sets with a unique constraint or index (a foreign key over one of them is one-to-one). */
  uniques: string[][]
  privileges: Partial<Record<ApiRole, TablePrivileges>>
}

export interface CatalogForeignKey {
  name: string
  tableOid: number
  columns: string[]
  refTableOid: number
  refColumns: string[]
}

export interface CatalogEnum {
  oid: number
  name: string
  labels: string[]
}

export interface Catalog {
  schema: string
  tables: CatalogTable[]
  foreignKeys: CatalogForeignKey[]
  enums: CatalogEnum[]
}

const roles = `array[${PLATFORM_API_ROLES.map((role) => sqlLiteral(role)).join(', ')}]::text[]`

/** The catalog as one jsonb value, with its md5. Roles a database lacks are left out (has_*_privilege fails on them). */
export function catalogSql(schema: string = GRAPHQL_EXPOSED_SCHEMA): string {
  return `
with exposed as (
  select c.oid, c.relname::text as name, pg_catalog.obj_description(c.oid, 'pg_class') as comment
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where n.nspname = ${sqlLiteral(schema)} and c.relkind in ('r', 'p') and not c.relispartition
),
api_roles as (
  select rolname::text as role from pg_catalog.pg_roles where rolname = any(${roles})
),
columns as (
  select a.attrelid, a.attnum,
         jsonb_build_object(
           'name', a.attname::text,
           'sqlType', pg_catalog.format_type(a.atttypid, a.atttypmod),
           'scalar', coalesce(el.typname, bt.typname)::text,
           'isArray', el.oid is not null,
           'enumOid', case when coalesce(el.typtype, bt.typtype) = 'e' then coalesce(el.oid, bt.oid)::int8 end,
           'notNull', a.attnotnull,
           'hasDefault', a.atthasdef,
           'identity', a.attidentity::text,
           'generated', a.attgenerated::text,
           'comment', pg_catalog.col_description(a.attrelid, a.attnum),
           'privileges', coalesce((
             select jsonb_object_agg(r.role, jsonb_build_object(
               'select', pg_catalog.has_column_privilege(r.role, a.attrelid, a.attnum, 'SELECT'),
               'insert', pg_catalog.has_column_privilege(r.role, a.attrelid, a.attnum, 'INSERT'),
               'update', pg_catalog.has_column_privilege(r.role, a.attrelid, a.attnum, 'UPDATE')))
               from api_roles r), '{}'::jsonb)
         ) as body
    from pg_catalog.pg_attribute a
    join exposed e on e.oid = a.attrelid
    join pg_catalog.pg_type t on t.oid = a.atttypid
    join pg_catalog.pg_type bt on bt.oid = case when t.typtype = 'd' then t.typbasetype else t.oid end
    left join pg_catalog.pg_type el on bt.typcategory = 'A' and el.oid = bt.typelem
   where a.attnum > 0 and not a.attisdropped
),
key_sets as (
  select i.indrelid, i.indisprimary,
         (select jsonb_agg(a.attname::text order by k.ord)
            from unnest(i.indkey::int2[]) with ordinality as k(num, ord)
            join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.num) as names
    from pg_catalog.pg_index i
    join exposed e on e.oid = i.indrelid
   where i.indisunique and i.indpred is null and i.indexprs is null
),
catalog as (
  select jsonb_build_object(
    'schema', ${sqlLiteral(schema)},
    'tables', coalesce((
      select jsonb_agg(jsonb_build_object(
        'oid', e.oid::int8,
        'name', e.name,
        'comment', e.comment,
        'columns', coalesce((select jsonb_agg(c.body order by c.attnum) from columns c where c.attrelid = e.oid), '[]'::jsonb),
        'primaryKey', coalesce((select k.names from key_sets k where k.indrelid = e.oid and k.indisprimary limit 1), '[]'::jsonb),
        'uniques', coalesce((select jsonb_agg(k.names order by k.names::text) from key_sets k where k.indrelid = e.oid), '[]'::jsonb),
        'privileges', coalesce((
          select jsonb_object_agg(r.role, jsonb_build_object(
            'select', pg_catalog.has_table_privilege(r.role, e.oid, 'SELECT'),
            'insert', pg_catalog.has_table_privilege(r.role, e.oid, 'INSERT'),
            'update', pg_catalog.has_table_privilege(r.role, e.oid, 'UPDATE'),
            'delete', pg_catalog.has_table_privilege(r.role, e.oid, 'DELETE')))
            from api_roles r), '{}'::jsonb)
      ) order by e.name) from exposed e), '[]'::jsonb),
    'foreignKeys', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', k.conname::text,
        'tableOid', k.conrelid::int8,
        'columns', (select jsonb_agg(a.attname::text order by u.ord) from unnest(k.conkey) with ordinality as u(num, ord)
                      join pg_catalog.pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.num),
        'refTableOid', k.confrelid::int8,
        'refColumns', (select jsonb_agg(a.attname::text order by u.ord) from unnest(k.confkey) with ordinality as u(num, ord)
                      join pg_catalog.pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.num)
      ) order by k.conname, k.conrelid)
        from pg_catalog.pg_constraint k
       where k.contype = 'f' and k.conrelid in (select oid from exposed) and k.confrelid in (select oid from exposed)), '[]'::jsonb),
    'enums', coalesce((
      select jsonb_agg(jsonb_build_object(
        'oid', t.oid::int8,
        'name', t.typname::text,
        'labels', (select coalesce(jsonb_agg(v.enumlabel::text order by v.enumsortorder), '[]'::jsonb) from pg_catalog.pg_enum v where v.enumtypid = t.oid)
      ) order by t.typname, t.oid)
        from pg_catalog.pg_type t
       where t.oid in (select (c.body->>'enumOid')::oid from columns c where c.body->>'enumOid' is not null)), '[]'::jsonb)
  ) as body
)
select body as catalog, md5(body::text) as fingerprint from catalog`
}

export interface CatalogSnapshot {
  catalog: Catalog
  fingerprint: string
}

/** Reads the catalog as the database's owner (what the roles may do is part of what it reads). */
export async function readCatalog(database: ProjectDatabase, schema?: string): Promise<CatalogSnapshot> {
  const { rows } = await database.query(catalogSql(schema))
  const row = rows[0]
  if (!row) throw new Error('The catalog query answered no row')
  return { catalog: row['catalog'] as Catalog, fingerprint: String(row['fingerprint']) }
}
