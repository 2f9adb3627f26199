import * as v from 'valibot'
import { COLUMN_PRIVILEGE_TYPES, RELATION_KINDS } from '../../constants'

/** A role one may grant to (`src/lib/sql/column-privileges.ts` asks for these fields). */
export const PrivilegeRolesAnswerSchema = v.array(v.object({ name: v.string() }))

const RelationKindSchema = v.picklist(RELATION_KINDS)

/** A relation one may grant on. */
export const PrivilegeRelationSchema = v.object({ schema: v.string(), name: v.string(), kind: RelationKindSchema })
export type PrivilegeRelation = v.InferOutput<typeof PrivilegeRelationSchema>
export const PrivilegeRelationsAnswerSchema = v.array(PrivilegeRelationSchema)

const ColumnPrivilegeListSchema = v.array(v.picklist(COLUMN_PRIVILEGE_TYPES))

/** One column: what the role was granted on it alone, and what it may do with it from any grant. */
export const ColumnGrantsSchema = v.object({
  name: v.string(),
  type: v.string(),
  column_privileges: ColumnPrivilegeListSchema,
  effective: ColumnPrivilegeListSchema,
})
export type ColumnGrants = v.InferOutput<typeof ColumnGrantsSchema>

/** One role's privileges on one relation; `table_privileges` are granted on the whole relation (DELETE, TRUNCATE… too). */
export const RelationPrivilegesSchema = v.object({
  kind: RelationKindSchema,
  /** Whether the role may use the relation's schema at all: without it no grant on the relation takes effect. */
  schema_usage: v.boolean(),
  table_privileges: v.array(v.string()),
  columns: v.array(ColumnGrantsSchema),
})
export type RelationPrivileges = v.InferOutput<typeof RelationPrivilegesSchema>

/** One row whose `privileges` is null when the role or the relation is gone. */
export const RelationPrivilegesAnswerSchema = v.pipe(
  v.array(v.object({ privileges: v.nullable(RelationPrivilegesSchema) })),
  v.length(1, 'The privileges answer must be one row.'),
)
