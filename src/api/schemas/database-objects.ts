import * as v from 'valibot'
import { IdSchema } from './table-editor'

/** The Database area's object screens' catalog answers (types, indexes, functions, triggers, roles…), as `src/lib/sql/` asks for them. */

export const ColumnRefSchema = v.object({ schema: v.string(), table: v.string(), table_id: IdSchema, column: v.string() })

export const EnumTypeSchema = v.object({
  id: IdSchema,
  schema: v.string(),
  name: v.string(),
  comment: v.nullable(v.string()),
  values: v.array(v.string()),
  /** The columns of this type or an array of it. */
  used_by: v.array(ColumnRefSchema),
})
export type EnumType = v.InferOutput<typeof EnumTypeSchema>
export const EnumTypesAnswerSchema = v.pipe(
  v.tuple([v.object({ types: v.array(EnumTypeSchema) })]),
  v.transform(([row]) => row.types),
)
