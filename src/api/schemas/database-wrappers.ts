import * as v from 'valibot'
import { IdSchema } from './table-editor'


/** A foreign table of a wrapper's server, with its options as Postgres keeps them ('name=value'). */
export const ForeignTableSchema = v.object({
  id: IdSchema,
  schema: v.string(),
  name: v.string(),
  options: v.array(v.string()),
  columns: v.array(v.object({ name: v.string(), type: v.string() })),
})

/** One wrapper as `src/lib/sql/wrappers.ts` reads it (PLATFORM-API §6 "FDW", grouped by server). */
export const DatabaseWrapperSchema = v.object({
  id: IdSchema,
  name: v.string(),
  /** null: made without one (the mock's databases have no `wrappers` handlers). */
  handler: v.nullable(v.string()),
  servers: v.array(v.object({ id: IdSchema, name: v.string(), options: v.array(v.string()), tables: v.array(ForeignTableSchema) })),
})
export type DatabaseWrapper = v.InferOutput<typeof DatabaseWrapperSchema>
export type ForeignTable = v.InferOutput<typeof ForeignTableSchema>
export const DatabaseWrappersAnswerSchema = v.array(DatabaseWrapperSchema)
