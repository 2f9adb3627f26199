import * as v from 'valibot'
import { LINT_CATEGORIES, LINT_EXCEPTION_NOTE_MAX, LINT_FACINGS, LINT_LEVELS } from '../../constants'

/**
 * One finding of GET /platform/projects/{ref}/run-lints (PLATFORM-API §9). `name` stays a string:
 * a platform newer than this dashboard may report lints it does not know, shown by their own title.
 * `metadata` names the object (schema, name, type) and carries what the lint's fix reads; its other
 * members are read one by one, checked (src/lib/sql/lints/metadata.ts).
 */
export const LintSchema = v.object({
  name: v.string(),
  title: v.string(),
  level: v.picklist(LINT_LEVELS),
  facing: v.picklist(LINT_FACINGS),
  categories: v.array(v.picklist(LINT_CATEGORIES)),
  description: v.string(),
  detail: v.string(),
  remediation: v.nullable(v.string()),
  metadata: v.nullable(
    v.looseObject({
      schema: v.optional(v.nullable(v.string())),
      name: v.optional(v.nullable(v.string())),
      type: v.optional(v.nullable(v.string())),
    }),
  ),
  cache_key: v.string(),
})
export type Lint = v.InferOutput<typeof LintSchema>
export const LintsAnswerSchema = v.array(LintSchema)

/**
 * A rule of the advisors (PLATFORM-API §9 `…/notifications/advisor/exceptions`): the platform's
 * exception, a lint disabled for the project (`is_disabled`, no `cache_key`), and ours beside it,
 * one finding dismissed by its cache key with the reason in `note`.
 */
export const LintExceptionSchema = v.object({
  id: v.string(),
  lint_name: v.string(),
  lint_category: v.nullable(v.picklist(LINT_CATEGORIES)),
  is_disabled: v.boolean(),
  cache_key: v.nullable(v.string()),
  note: v.nullable(v.string()),
  assigned_to: v.nullable(v.string()),
  created_at: v.string(),
  created_by: v.nullable(v.string()),
})
export type LintException = v.InferOutput<typeof LintExceptionSchema>
export const LintExceptionsAnswerSchema = v.object({ exceptions: v.array(LintExceptionSchema) })

/** What POST …/exceptions takes for one rule: a lint disabled, or one finding dismissed with a reason. */
export const NewLintExceptionSchema = v.union([
  v.object({ lint_name: v.string(), is_disabled: v.literal(true), note: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(LINT_EXCEPTION_NOTE_MAX))), null) }),
  v.object({
    lint_name: v.string(),
    is_disabled: v.literal(false),
    cache_key: v.pipe(v.string(), v.minLength(1)),
    note: v.pipe(v.string(), v.trim(), v.minLength(1, 'Say why this finding is dismissed.'), v.maxLength(LINT_EXCEPTION_NOTE_MAX)),
  }),
])
export type NewLintException = v.InferInput<typeof NewLintExceptionSchema>

/** GET/PATCH /platform/projects/{ref}/config/postgrest: the schemas the API serves, comma-separated as PostgREST reads them. */
export const PostgrestConfigSchema = v.object({ db_schema: v.string() })

/** Query performance (src/lib/sql/query-performance.ts): whether pg_stat_statements is there, and the server's version. */
export const QueryStatisticsStatusAnswerSchema = v.array(v.object({ installed: v.boolean(), version_num: v.number() }))

const finite = v.pipe(v.number(), v.finite())
/** One statement pg_stat_statements counted (`queryStatisticsSql`). */
export const StatementStatisticsSchema = v.object({
  id: v.string(),
  role: v.nullable(v.string()),
  query: v.string(),
  calls: finite,
  total_time: finite,
  mean_time: finite,
  min_time: finite,
  max_time: finite,
  rows: finite,
  cache_hit_rate: v.nullable(finite),
})
export const StatementStatisticsAnswerSchema = v.array(StatementStatisticsSchema)
/** EXPLAIN (FORMAT JSON): one row, its plan read member by member (src/lib/query-plan.ts). */
export const PlanAnswerSchema = v.array(v.object({ 'QUERY PLAN': v.unknown() }))
export const IndexLeadingColumnsAnswerSchema = v.array(v.object({ schema: v.string(), table: v.string(), column: v.string() }))
