/**
 * The column privileges screen's unapplied changes for one role and relation (SPEC §2
 * /project/{ref}/database/column-privileges), and the GRANT / REVOKE batch they stand for.
 *
 * Decisions:
 * - A column's box says whether the role is granted the privilege on that column, by a grant on
 *   the column or on the whole table: what the role may do, which is what a person asks. Where it
 *   comes from is shown beside it (see `cellSource`).
 * - A draft keeps only what differs from the database, so a refresh after someone else's change
 *   shows theirs, and the count of changes is the number of boxes that will flip.
 * - Switching a table-level privilege sets every column's box to what that alone gives (on: all;
 *   off: the columns' own grants), so the grid shows what will be true once it runs.
 * - Unticking a column while the table grants the privilege is allowed but shadowed: the table
 *   grant still gives it. The fix (`resolveShadow`) revokes the table-level privilege and keeps
 *   every box as it is, which grants it on every other ticked column.
 */
import { COLUMN_PRIVILEGE_TYPES, type ColumnPrivilegeType } from '../../../constants'
import type { ColumnGrants, RelationPrivileges } from '../../../api/schemas'
import type { PrivilegeChange } from '../../../lib/sql/column-privileges'

export interface PrivilegeDraft {
  /** Table-level privileges to grant (true) or revoke (false), where that differs from the database. */
  table: ReadonlyMap<ColumnPrivilegeType, boolean>
  /** Column boxes to tick (true) or untick (false), keyed by `cellKey`, where that differs from the database. */
  cells: ReadonlyMap<string, boolean>
}

export const EMPTY_DRAFT: PrivilegeDraft = { table: new Map(), cells: new Map() }

/** Postgres names cannot hold NUL, so it cannot occur in a column name. */
export const cellKey = (column: string, privilege: ColumnPrivilegeType) => `${privilege}\u0000${column}`

const tableGranted = (current: RelationPrivileges, privilege: ColumnPrivilegeType) => current.table_privileges.includes(privilege)
const cellGranted = (current: RelationPrivileges, column: ColumnGrants, privilege: ColumnPrivilegeType) =>
  column.column_privileges.includes(privilege) || tableGranted(current, privilege)

export function tableWanted(current: RelationPrivileges, draft: PrivilegeDraft, privilege: ColumnPrivilegeType): boolean {
  return draft.table.get(privilege) ?? tableGranted(current, privilege)
}

export function cellWanted(current: RelationPrivileges, draft: PrivilegeDraft, column: ColumnGrants, privilege: ColumnPrivilegeType): boolean {
  return draft.cells.get(cellKey(column.name, privilege)) ?? cellGranted(current, column, privilege)
}

export function isTableChanged(current: RelationPrivileges, draft: PrivilegeDraft, privilege: ColumnPrivilegeType): boolean {
  return tableWanted(current, draft, privilege) !== tableGranted(current, privilege)
}

export function isCellChanged(current: RelationPrivileges, draft: PrivilegeDraft, column: ColumnGrants, privilege: ColumnPrivilegeType): boolean {
  return cellWanted(current, draft, column, privilege) !== cellGranted(current, column, privilege)
}

/**
 * Where a ticked box's privilege comes from once the draft runs: 'column' (its own grant), 'table'
 * (the whole table's), 'both'; 'inherited' for an unticked box the role may still use through PUBLIC
 * or a role it belongs to (read from the database as it is now); null otherwise.
 */
export function cellSource(
  current: RelationPrivileges,
  draft: PrivilegeDraft,
  column: ColumnGrants,
  privilege: ColumnPrivilegeType,
): 'column' | 'table' | 'both' | 'inherited' | null {
  const table = tableWanted(current, draft, privilege)
  if (!cellWanted(current, draft, column, privilege)) {
    return !table && !cellGranted(current, column, privilege) && column.effective.includes(privilege) ? 'inherited' : null
  }
  // Ticked without a table grant, the column has (or is given) a grant of its own.
  if (!table) return 'column'
  return column.column_privileges.includes(privilege) ? 'both' : 'table'
}

function withCell(current: RelationPrivileges, cells: Map<string, boolean>, column: ColumnGrants, privilege: ColumnPrivilegeType, value: boolean) {
  if (value === cellGranted(current, column, privilege)) cells.delete(cellKey(column.name, privilege))
  else cells.set(cellKey(column.name, privilege), value)
}

export function toggleCell(current: RelationPrivileges, draft: PrivilegeDraft, columnName: string, privilege: ColumnPrivilegeType): PrivilegeDraft {
  const column = current.columns.find((c) => c.name === columnName)
  if (!column) return draft
  const cells = new Map(draft.cells)
  withCell(current, cells, column, privilege, !cellWanted(current, draft, column, privilege))
  return { table: draft.table, cells }
}

function withTable(current: RelationPrivileges, draft: PrivilegeDraft, privilege: ColumnPrivilegeType, value: boolean): Map<ColumnPrivilegeType, boolean> {
  const table = new Map(draft.table)
  if (value === tableGranted(current, privilege)) table.delete(privilege)
  else table.set(privilege, value)
  return table
}

/** Grants or revokes the privilege on the whole table; every column's box follows. */
export function toggleTable(current: RelationPrivileges, draft: PrivilegeDraft, privilege: ColumnPrivilegeType): PrivilegeDraft {
  const value = !tableWanted(current, draft, privilege)
  const cells = new Map(draft.cells)
  for (const column of current.columns) withCell(current, cells, column, privilege, value || column.column_privileges.includes(privilege))
  return { table: withTable(current, draft, privilege, value), cells }
}

/** Columns unticked while the table-level grant still gives them the privilege, in column order. */
export function shadowedColumns(current: RelationPrivileges, draft: PrivilegeDraft, privilege: ColumnPrivilegeType): string[] {
  if (!tableWanted(current, draft, privilege)) return []
  return current.columns.filter((column) => !cellWanted(current, draft, column, privilege)).map((column) => column.name)
}

/** The fix of a shadowed column: the table-level privilege revoked, every box kept as it is. */
export function resolveShadow(current: RelationPrivileges, draft: PrivilegeDraft, privilege: ColumnPrivilegeType): PrivilegeDraft {
  return { table: withTable(current, draft, privilege, false), cells: draft.cells }
}

/** How many boxes (table-level and column) the draft flips. */
export function changeCount(current: RelationPrivileges, draft: PrivilegeDraft): number {
  let count = 0
  for (const privilege of COLUMN_PRIVILEGE_TYPES) {
    if (isTableChanged(current, draft, privilege)) count += 1
    for (const column of current.columns) if (isCellChanged(current, draft, column, privilege)) count += 1
  }
  return count
}

/**
 * The statements the draft stands for: the table-level changes, then per privilege the columns to
 * grant on (ticked, without their own grant, and no table grant to cover them) and to revoke from
 * (unticked with their own grant). A shadowed box adds nothing: revoking what was never granted on
 * the column would change nothing.
 */
export function draftChanges(current: RelationPrivileges, draft: PrivilegeDraft): PrivilegeChange[] {
  const changes: PrivilegeChange[] = []
  for (const privilege of COLUMN_PRIVILEGE_TYPES) {
    const table = tableWanted(current, draft, privilege)
    if (table !== tableGranted(current, privilege)) changes.push({ level: 'table', privilege, grant: table })
    const grant: string[] = []
    const revoke: string[] = []
    for (const column of current.columns) {
      const own = column.column_privileges.includes(privilege)
      const wanted = cellWanted(current, draft, column, privilege)
      if (wanted && !own && !table) grant.push(column.name)
      if (!wanted && own) revoke.push(column.name)
    }
    if (revoke.length > 0) changes.push({ level: 'column', privilege, grant: false, columns: revoke })
    if (grant.length > 0) changes.push({ level: 'column', privilege, grant: true, columns: grant })
  }
  return changes
}
