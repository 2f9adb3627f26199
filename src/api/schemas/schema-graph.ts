import * as v from 'valibot'
import { catalogAnswer } from './catalog-answer'
import { IdSchema, TABLE_ENTITY_TYPES } from './table-editor'

/** The schema diagram's catalog answers, as `src/lib/sql/schema-graph.ts` asks for them. */

export const SchemaListItemSchema = v.object({ name: v.string(), relations: v.number() })
export type SchemaListItem = v.InferOutput<typeof SchemaListItemSchema>
export const SchemaListAnswerSchema = catalogAnswer('schemas', v.array(SchemaListItemSchema))

export const GraphColumnSchema = v.object({
  name: v.string(),
  /** As format_type writes it: `character varying(40)`, `integer[]`, an enum's name. */
  type: v.string(),
  nullable: v.boolean(),
  default: v.nullable(v.string()),
  /** A generated column's expression. */
  generated: v.nullable(v.string()),
  identity: v.nullable(v.picklist(['always', 'by default'])),
  comment: v.nullable(v.string()),
})
export type GraphColumn = v.InferOutput<typeof GraphColumnSchema>

export const GraphConstraintSchema = v.object({
  name: v.string(),
  kind: v.picklist(['unique', 'check']),
  /** As pg_get_constraintdef writes it: `UNIQUE (email)`, `CHECK ((price > 0))`. */
  definition: v.string(),
  columns: v.array(v.string()),
})

export const GraphTableSchema = v.object({
  id: IdSchema,
  name: v.string(),
  type: v.picklist(TABLE_ENTITY_TYPES),
  comment: v.nullable(v.string()),
  /** A view's query (pg_get_viewdef). */
  definition: v.nullable(v.string()),
  columns: v.array(GraphColumnSchema),
  primary_key: v.array(v.string()),
  constraints: v.array(GraphConstraintSchema),
})
export type GraphTable = v.InferOutput<typeof GraphTableSchema>

const FK_ACTIONS = ['no action', 'restrict', 'cascade', 'set null', 'set default'] as const
export const GraphForeignKeySchema = v.object({
  name: v.string(),
  source_id: IdSchema,
  source_columns: v.array(v.string()),
  target_id: IdSchema,
  target_schema: v.string(),
  target_name: v.string(),
  target_columns: v.array(v.string()),
  on_delete: v.picklist(FK_ACTIONS),
  on_update: v.picklist(FK_ACTIONS),
})
export type GraphForeignKey = v.InferOutput<typeof GraphForeignKeySchema>

export const SchemaGraphSchema = v.object({
  schema: v.string(),
  exists: v.boolean(),
  tables: v.array(GraphTableSchema),
  foreign_keys: v.array(GraphForeignKeySchema),
  enums: v.array(v.object({ name: v.string(), values: v.array(v.string()) })),
})
export type SchemaGraph = v.InferOutput<typeof SchemaGraphSchema>
export const SchemaGraphAnswerSchema = catalogAnswer('graph', SchemaGraphSchema)
