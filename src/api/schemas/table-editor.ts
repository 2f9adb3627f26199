import * as v from 'valibot'
import { catalogAnswer } from './catalog-answer'

/** The table editor's catalog answers (SPEC §3 "Table schema"), as `src/lib/sql/table-catalog.ts` asks for them. */
export const TABLE_ENTITY_TYPES = ['table', 'view', 'materialized_view', 'foreign_table'] as const
export type TableEntityType = (typeof TABLE_ENTITY_TYPES)[number]

/** An oid or other id Postgres may send as a number or as digits (int8 comes as text): a number. */
export const IdSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/))]),
  v.transform((id) => Number(id)),
)

export const TableEntitySchema = v.object({
  id: IdSchema,
  schema: v.string(),
  name: v.string(),
  type: v.picklist(TABLE_ENTITY_TYPES),
  comment: v.nullable(v.string()),
  estimated_rows: IdSchema,
  /** pg_class.relrowsecurity: row level security is on (a view has none of its own). */
  rls_enabled: v.optional(v.boolean(), false),
})
export type TableEntity = v.InferOutput<typeof TableEntitySchema>

export const TableColumnSchema = v.object({
  name: v.string(),
  data_type: v.string(),
  /** pg_type.typname: int4, text, _text (arrays lead with _), an enum's own name… */
  base_type: v.string(),
  /** pg_type.typcategory: N numeric, S string, B boolean, D date/time, A array, E enum, U user (json, uuid…). */
  type_category: v.string(),
  is_identity: v.boolean(),
  is_generated: v.boolean(),
  is_nullable: v.boolean(),
  default_value: v.nullable(v.string()),
  is_unique: v.boolean(),
  /** The checks on this column alone, as pg_get_constraintdef writes them, joined with ' and ' in name order. */
  check: v.nullable(v.string()),
  /** Name of the single-column UNIQUE constraint; null when there is none (a unique index alone has no constraint). */
  unique_constraint: v.nullable(v.string()),
  /** Name of the first (by name) single-column CHECK constraint, the one `check` starts with. */
  check_constraint: v.nullable(v.string()),
  enums: v.nullable(v.array(v.string())),
})
export type TableColumn = v.InferOutput<typeof TableColumnSchema>

export const TableRelationshipSchema = v.object({
  constraint_name: v.string(),
  source_schema: v.string(),
  source_table_name: v.string(),
  source_column_name: v.string(),
  target_table_schema: v.string(),
  target_table_name: v.string(),
  target_column_name: v.string(),
})
export type TableRelationship = v.InferOutput<typeof TableRelationshipSchema>

export const TableSchemaSchema = v.object({
  id: IdSchema,
  name: v.string(),
  schema: v.string(),
  type: v.picklist(TABLE_ENTITY_TYPES),
  columns: v.array(TableColumnSchema),
  primary_keys: v.array(v.string()),
  relationships: v.array(TableRelationshipSchema),
})
export type TableSchema = v.InferOutput<typeof TableSchemaSchema>

/** The pg-meta answers: one row holding the JSON value. */
export const TableEntitiesAnswerSchema = catalogAnswer('entities', v.array(TableEntitySchema))
/** A type of the database's own (enum or domain) as a column definition writes it. */
export const ColumnTypeSchema = v.object({ name: v.string(), kind: v.picklist(['enum', 'domain']) })
export type ColumnType = v.InferOutput<typeof ColumnTypeSchema>
export const ColumnTypesAnswerSchema = catalogAnswer('types', v.array(ColumnTypeSchema))
export const TableSchemaAnswerSchema = v.pipe(
  v.array(v.object({ table: TableSchemaSchema })),
  v.transform((rows) => rows[0]?.table ?? null),
)
