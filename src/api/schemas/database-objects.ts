import * as v from 'valibot'
import { catalogAnswer } from './catalog-answer'
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
export const EnumTypesAnswerSchema = catalogAnswer('types', v.array(EnumTypeSchema))

export const DatabaseIndexSchema = v.object({
  id: IdSchema,
  schema: v.string(),
  table: v.string(),
  table_id: IdSchema,
  name: v.string(),
  method: v.string(),
  is_unique: v.boolean(),
  is_primary: v.boolean(),
  is_valid: v.boolean(),
  /** The primary key, unique or exclusion constraint this index backs: dropped with it, not alone. */
  constraint_name: v.nullable(v.string()),
  /** Key columns or expressions, as pg_get_indexdef writes them. */
  columns: v.array(v.string()),
  predicate: v.nullable(v.string()),
  definition: v.string(),
  size_bytes: IdSchema,
  /** Index scans the statistics counted since they were last reset. */
  scans: IdSchema,
})
export type DatabaseIndex = v.InferOutput<typeof DatabaseIndexSchema>
export const DatabaseIndexesAnswerSchema = catalogAnswer('indexes', v.array(DatabaseIndexSchema))

export const DatabaseFunctionSchema = v.object({
  id: IdSchema,
  schema: v.string(),
  name: v.string(),
  kind: v.picklist(['function', 'procedure']),
  arguments: v.string(),
  /** What drop needs to name this overload: the argument types alone. */
  identity_arguments: v.string(),
  /** null for a procedure. */
  return_type: v.nullable(v.string()),
  language: v.string(),
  security_definer: v.boolean(),
  volatility: v.picklist(['volatile', 'stable', 'immutable']),
  body: v.string(),
  /** proconfig: `search_path=public, extensions`… */
  settings: v.array(v.string()),
  comment: v.nullable(v.string()),
  /** What uses it, as pg_describe_object names them: `trigger orders_audit on table orders`. */
  dependents: v.array(v.string()),
})
export type DatabaseFunction = v.InferOutput<typeof DatabaseFunctionSchema>
export const DatabaseFunctionsAnswerSchema = catalogAnswer('functions', v.array(DatabaseFunctionSchema))

/** What depends on a column (views, other tables' foreign keys, policies), as pg_describe_object names them. */
export const ColumnDependentsAnswerSchema = catalogAnswer('dependents', v.array(v.string()))

export const DatabaseTriggerSchema = v.object({
  id: IdSchema,
  schema: v.string(),
  table: v.string(),
  table_id: IdSchema,
  name: v.string(),
  timing: v.picklist(['before', 'after', 'instead of']),
  events: v.array(v.picklist(['insert', 'update', 'delete', 'truncate'])),
  level: v.picklist(['row', 'statement']),
  function_schema: v.string(),
  function_name: v.string(),
  enabled: v.boolean(),
  definition: v.string(),
})
export type DatabaseTrigger = v.InferOutput<typeof DatabaseTriggerSchema>
export const DatabaseTriggersAnswerSchema = catalogAnswer('triggers', v.array(DatabaseTriggerSchema))

export const DatabaseRoleSchema = v.object({
  id: IdSchema,
  name: v.string(),
  superuser: v.boolean(),
  inherit: v.boolean(),
  create_role: v.boolean(),
  create_db: v.boolean(),
  can_login: v.boolean(),
  replication: v.boolean(),
  bypass_rls: v.boolean(),
  /** -1: no limit. */
  connection_limit: v.number(),
  valid_until: v.nullable(v.string()),
  member_of: v.array(v.string()),
  /** The role this connection runs as. */
  is_current: v.boolean(),
  /** One of a served project's own roles (its owner and its read-only role): the platform's. */
  is_project_role: v.optional(v.boolean(), false),
  comment: v.nullable(v.string()),
})
export type DatabaseRole = v.InferOutput<typeof DatabaseRoleSchema>
export const DatabaseRolesAnswerSchema = catalogAnswer('roles', v.array(DatabaseRoleSchema))

export const PublicationSchema = v.object({
  id: IdSchema,
  name: v.string(),
  all_tables: v.boolean(),
  operations: v.array(v.picklist(['insert', 'update', 'delete', 'truncate'])),
  tables: v.array(v.object({ schema: v.string(), table: v.string() })),
})
export type Publication = v.InferOutput<typeof PublicationSchema>
export const PublicationsAnswerSchema = catalogAnswer('publications', v.array(PublicationSchema))

export const MigrationSchema = v.object({ version: v.string(), name: v.nullable(v.string()), statements: v.array(v.string()) })
export type Migration = v.InferOutput<typeof MigrationSchema>
export const MigrationsAnswerSchema = catalogAnswer('migrations', v.array(MigrationSchema))

export const DatabaseTableSchema = v.object({
  id: IdSchema,
  schema: v.string(),
  name: v.string(),
  type: v.picklist(['table', 'materialized_view']),
  estimated_rows: IdSchema,
  size_bytes: IdSchema,
  rls_enabled: v.boolean(),
  comment: v.nullable(v.string()),
  columns: v.number(),
  /** The publications that send its changes (realtime's is supabase_realtime). */
  publications: v.array(v.string()),
})
export type DatabaseTable = v.InferOutput<typeof DatabaseTableSchema>
export const DatabaseTablesAnswerSchema = catalogAnswer('tables', v.array(DatabaseTableSchema))
