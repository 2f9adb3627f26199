/** The assistant model's view of a project: the catalog query it runs and the rows it reads back. */
import type { Lint } from '../../src/api/schemas/advisors.ts'
import { EXCLUDED_SCHEMAS, PLATFORM_MANAGED_SCHEMAS } from '../../src/constants/platform.ts'
import { sqlLiteral } from '../../src/lib/sql/quote.ts'
import { sortTables } from './names.ts'

export interface CatalogColumn {
  name: string
  /** format_type() text, e.g. 'bigint', 'text', 'timestamp with time zone', 'numeric(10,2)', 'text[]', user enums by name. */
  type: string
  nullable: boolean
  hasDefault: boolean
  isIdentity: boolean
  isPrimaryKey: boolean
  /** Single-column foreign keys only. */
  references: { schema: string; table: string; column: string } | null
  /** Labels in sort order when the column's type is an enum (extra to the brief's shape; optional). */
  enumLabels?: string[]
}

export interface CatalogTable {
  schema: string
  name: string
  kind: 'table' | 'view' | 'materialized view'
  /** pg_class.reltuples clamped to >= 0. */
  rowEstimate: number
  rlsEnabled: boolean
  /** In attnum order. */
  columns: CatalogColumn[]
}

export interface ModelCatalog {
  tables: CatalogTable[]
}

/** Optional context the dashboard sends: the current snippet's SQL and tables the user picked ("schema.table"). */
export interface ModelContext {
  sql?: string
  tables?: string[]
  /** The project asked about (the advisors' links name it). */
  projectRef?: string
  /** The advisors' findings, when the question is about them (the handler runs the lints); null when they could not be read. */
  findings?: readonly Lint[] | null
}

// ---------------------------------------------------------------------------------------------
// Catalog
// ---------------------------------------------------------------------------------------------

/**
 * One row per relation (tables, partitioned and foreign tables, views, materialized views) with its
 * columns as a json array. Runs on PGlite and PostgreSQL 15+.
 */
export const MODEL_CATALOG_SQL = `
select n.nspname as schema,
       c.relname as name,
       case c.relkind when 'v' then 'view' when 'm' then 'materialized view' else 'table' end as kind,
       greatest(c.reltuples, 0)::float8 as row_estimate,
       c.relrowsecurity as rls_enabled,
       coalesce((
         select json_agg(json_build_object(
                  'name', a.attname,
                  'type', pg_catalog.format_type(a.atttypid, a.atttypmod),
                  'nullable', not a.attnotnull,
                  'has_default', a.atthasdef or a.attidentity <> '' or a.attgenerated <> '',
                  'is_identity', a.attidentity <> '',
                  'is_primary_key', exists (
                    select 1 from pg_catalog.pg_constraint p
                     where p.conrelid = c.oid and p.contype = 'p' and a.attnum = any (p.conkey)),
                  'references', (
                    select json_build_object('schema', fn.nspname, 'table', f.relname, 'column', fa.attname)
                      from pg_catalog.pg_constraint k
                      join pg_catalog.pg_class f on f.oid = k.confrelid
                      join pg_catalog.pg_namespace fn on fn.oid = f.relnamespace
                      join pg_catalog.pg_attribute fa on fa.attrelid = k.confrelid and fa.attnum = k.confkey[1]
                     where k.conrelid = c.oid and k.contype = 'f' and k.conkey = array[a.attnum]
                     order by k.conname
                     limit 1),
                  'enum_labels', (
                    select json_agg(e.enumlabel order by e.enumsortorder)
                      from pg_catalog.pg_enum e
                     where e.enumtypid = a.atttypid)
                ) order by a.attnum)
           from pg_catalog.pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       ), '[]'::json) as columns
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
 where c.relkind in ('r', 'p', 'f', 'v', 'm')
   and n.nspname not in (${[...EXCLUDED_SCHEMAS, ...PLATFORM_MANAGED_SCHEMAS].map((schema) => sqlLiteral(schema)).join(', ')})
   and n.nspname not like 'pg\\_temp%'
   and n.nspname not like 'pg\\_toast\\_temp%'
 order by n.nspname, c.relname
`

export function catalogFromRows(rows: Record<string, unknown>[]): ModelCatalog {
  const tables: CatalogTable[] = []
  for (const row of rows) {
    const schema = str(pick(row, 'schema', 'table_schema', 'nspname'))
    const name = str(pick(row, 'name', 'table_name', 'relname'))
    if (!schema || !name) continue
    const kindText = str(pick(row, 'kind'))
    const kind: CatalogTable['kind'] = kindText === 'view' || kindText === 'materialized view' ? kindText : 'table'
    const estimate = Number(pick(row, 'row_estimate', 'rowEstimate', 'reltuples'))
    const columnsValue = parseJsonish(pick(row, 'columns'))
    const columns = Array.isArray(columnsValue) ? columnsValue.flatMap((value) => columnFrom(value)) : []
    tables.push({
      schema,
      name,
      kind,
      rowEstimate: Number.isFinite(estimate) && estimate > 0 ? estimate : 0,
      rlsEnabled: bool(pick(row, 'rls_enabled', 'rlsEnabled', 'relrowsecurity')),
      columns,
    })
  }
  return { tables: sortTables(tables) }
}

function columnFrom(value: unknown): CatalogColumn[] {
  const raw = parseJsonish(value)
  if (!raw || typeof raw !== 'object') return []
  const record = raw as Record<string, unknown>
  const name = str(pick(record, 'name'))
  if (!name) return []
  const refValue = parseJsonish(pick(record, 'references'))
  let references: CatalogColumn['references'] = null
  if (refValue && typeof refValue === 'object') {
    const ref = refValue as Record<string, unknown>
    const schema = str(ref['schema'])
    const table = str(ref['table'])
    const column = str(ref['column'])
    if (schema && table && column) references = { schema, table, column }
  }
  const column: CatalogColumn = {
    name,
    type: str(pick(record, 'type')) || 'text',
    nullable: bool(pick(record, 'nullable')),
    hasDefault: bool(pick(record, 'has_default', 'hasDefault')),
    isIdentity: bool(pick(record, 'is_identity', 'isIdentity')),
    isPrimaryKey: bool(pick(record, 'is_primary_key', 'isPrimaryKey')),
    references,
  }
  const labels = parseJsonish(pick(record, 'enum_labels', 'enumLabels'))
  if (Array.isArray(labels) && labels.length > 0) column.enumLabels = labels.map((label) => String(label))
  return [column]
}

function pick(record: Record<string, unknown>, ...keys: string[]): unknown {
  for (const key of keys) if (record[key] !== undefined) return record[key]
  return undefined
}

function str(value: unknown): string {
  return value === null || value === undefined ? '' : String(value)
}

function bool(value: unknown): boolean {
  if (typeof value === 'string') return value === 't' || value === 'true' || value === '1'
  return Boolean(value)
}

function parseJsonish(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}
