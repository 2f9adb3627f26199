/**
 * Which role and relation the column privileges screen shows: the user's choice while it still
 * exists, else the defaults (SPEC §2 screen; the first role, which is `anon`, and `public`'s first
 * table, else the first schema's; a view only where the schema has no table).
 */
import type { PrivilegeRelation } from '../../../api/schemas'
import type { PrivilegeTarget } from '../../../lib/sql/column-privileges'

export const DEFAULT_PRIVILEGE_SCHEMA = 'public'

/** The schemas that hold relations, in the order the database answered (the user's first). */
export function relationSchemas(relations: readonly PrivilegeRelation[]): string[] {
  return [...new Set(relations.map((relation) => relation.schema))]
}

export function relationsIn(relations: readonly PrivilegeRelation[], schema: string | null): PrivilegeRelation[] {
  return relations.filter((relation) => relation.schema === schema)
}

export interface TargetChoice {
  role: string | null
  schema: string | null
  table: string | null
}

/** The target to show: each choice kept while it exists, else its default; null where there is nothing to choose. */
export function chooseTarget(roles: readonly string[], relations: readonly PrivilegeRelation[], chosen: TargetChoice): TargetChoice {
  const role = chosen.role !== null && roles.includes(chosen.role) ? chosen.role : (roles[0] ?? null)
  const schemas = relationSchemas(relations)
  const schema =
    chosen.schema !== null && schemas.includes(chosen.schema) ? chosen.schema : schemas.includes(DEFAULT_PRIVILEGE_SCHEMA) ? DEFAULT_PRIVILEGE_SCHEMA : (schemas[0] ?? null)
  const tables = relationsIn(relations, schema)
  const first = tables.find((relation) => relation.kind === 'table') ?? tables[0]
  const table = chosen.table !== null && tables.some((relation) => relation.name === chosen.table) ? chosen.table : (first?.name ?? null)
  return { role, schema, table }
}

/** The complete target, or null while a part is missing. */
export function completeTarget({ role, schema, table }: TargetChoice): PrivilegeTarget | null {
  return role !== null && schema !== null && table !== null ? { role, schema, table } : null
}

/** One key per target for the unapplied changes kept per role and relation (names may hold any character but NUL). */
export const targetKey = ({ role, schema, table }: PrivilegeTarget) => JSON.stringify([role, schema, table])
