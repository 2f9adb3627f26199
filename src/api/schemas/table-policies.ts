import * as v from 'valibot'
import { POLICY_COMMANDS } from '../../lib/sql/table-policies'
import { catalogAnswer } from './catalog-answer'

/** Row level security of a schema's tables, as src/lib/sql/table-policies.ts reads it. */

export const TablePolicySchema = v.object({
  name: v.string(),
  command: v.picklist(POLICY_COMMANDS),
  roles: v.array(v.string()),
  permissive: v.boolean(),
  using: v.nullable(v.string()),
  check: v.nullable(v.string()),
})
export type TablePolicy = v.InferOutput<typeof TablePolicySchema>

export const PolicyTableSchema = v.object({
  id: v.number(),
  name: v.string(),
  partitioned: v.boolean(),
  rls_enabled: v.boolean(),
  rls_forced: v.boolean(),
  columns: v.array(v.object({ name: v.string(), type: v.string(), updatable: v.boolean() })),
  policies: v.array(TablePolicySchema),
})
export type PolicyTable = v.InferOutput<typeof PolicyTableSchema>
export const PolicyTablesAnswerSchema = catalogAnswer('tables', v.array(PolicyTableSchema))

/** One viewer's answer to one measure: how many rows and the first of them, or why Postgres refused. */
const MeasureAnswerSchema = v.nullable(v.union([v.object({ count: v.number(), rows: v.array(v.record(v.string(), v.unknown())) }), v.object({ error: v.string() })]))
export type MeasureAnswer = v.InferOutput<typeof MeasureAnswerSchema>
const ViewerAnswerSchema = v.object({ read: v.optional(MeasureAnswerSchema), insert: v.optional(MeasureAnswerSchema), update: v.optional(MeasureAnswerSchema), delete: v.optional(MeasureAnswerSchema) })
export type ViewerAnswer = v.InferOutput<typeof ViewerAnswerSchema>
export const PolicyEffectAnswerSchema = catalogAnswer('effect', v.object({ before: v.array(ViewerAnswerSchema), after: v.array(ViewerAnswerSchema) }))
export type PolicyEffect = v.InferOutput<typeof PolicyEffectAnswerSchema>
