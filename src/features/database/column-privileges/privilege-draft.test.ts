import { describe, expect, it } from 'vitest'
import type { ColumnGrants, RelationPrivileges } from '../../../api/schemas'
import {
  EMPTY_DRAFT,
  cellSource,
  cellWanted,
  changeCount,
  draftChanges,
  resolveShadow,
  shadowedColumns,
  tableWanted,
  toggleCell,
  toggleTable,
  type PrivilegeDraft,
} from './privilege-draft'

const ALL = ['SELECT', 'INSERT', 'UPDATE', 'REFERENCES'] as const
const col = (name: string, column_privileges: ColumnGrants['column_privileges'] = [], effective: ColumnGrants['effective'] = column_privileges): ColumnGrants => ({
  name,
  type: 'text',
  column_privileges,
  effective,
})

// The platform's default on a public table: everything granted on the whole table, nothing per column.
const platformDefault: RelationPrivileges = {
  kind: 'table',
  schema_usage: true,
  table_privileges: ['DELETE', 'INSERT', 'REFERENCES', 'SELECT', 'TRIGGER', 'TRUNCATE', 'UPDATE'],
  columns: [col('id', [], [...ALL]), col('email', [], [...ALL]), col('full_name', [], [...ALL])],
}

const ticked = (current: RelationPrivileges, draft: PrivilegeDraft, privilege: (typeof ALL)[number]) =>
  current.columns.filter((c) => cellWanted(current, draft, c, privilege)).map((c) => c.name)

describe('a draft of column privileges', () => {
  it('starts from the database: a table grant ticks every column, and says it comes from the table', () => {
    expect(ticked(platformDefault, EMPTY_DRAFT, 'SELECT')).toEqual(['id', 'email', 'full_name'])
    expect(cellSource(platformDefault, EMPTY_DRAFT, platformDefault.columns[1]!, 'SELECT')).toBe('table')
    expect(changeCount(platformDefault, EMPTY_DRAFT)).toBe(0)
    expect(draftChanges(platformDefault, EMPTY_DRAFT)).toEqual([])
  })

  it('unticking a column the table grants is shadowed: no statement, a warning, then the fix keeps every other column', () => {
    const unticked = toggleCell(platformDefault, EMPTY_DRAFT, 'email', 'SELECT')
    expect(changeCount(platformDefault, unticked)).toBe(1)
    expect(shadowedColumns(platformDefault, unticked, 'SELECT')).toEqual(['email'])
    expect(draftChanges(platformDefault, unticked)).toEqual([])

    const fixed = resolveShadow(platformDefault, unticked, 'SELECT')
    expect(shadowedColumns(platformDefault, fixed, 'SELECT')).toEqual([])
    expect(tableWanted(platformDefault, fixed, 'SELECT')).toBe(false)
    expect(ticked(platformDefault, fixed, 'SELECT')).toEqual(['id', 'full_name'])
    expect(cellSource(platformDefault, fixed, platformDefault.columns[0]!, 'SELECT')).toBe('column')
    expect(changeCount(platformDefault, fixed)).toBe(2)
    expect(draftChanges(platformDefault, fixed)).toEqual([
      { level: 'table', privilege: 'SELECT', grant: false },
      { level: 'column', privilege: 'SELECT', grant: true, columns: ['id', 'full_name'] },
    ])
    // The other privileges are untouched.
    expect(tableWanted(platformDefault, fixed, 'UPDATE')).toBe(true)
  })

  it('ticking a box back undoes its change', () => {
    const twice = toggleCell(platformDefault, toggleCell(platformDefault, EMPTY_DRAFT, 'email', 'SELECT'), 'email', 'SELECT')
    expect(changeCount(platformDefault, twice)).toBe(0)
    expect(twice.cells.size).toBe(0)
  })

  it('switching a table-level privilege off leaves the columns their own grants, and on again is no change', () => {
    const current: RelationPrivileges = { ...platformDefault, columns: [col('id', ['SELECT'], [...ALL]), col('email', [], [...ALL])] }
    const off = toggleTable(current, EMPTY_DRAFT, 'SELECT')
    expect(ticked(current, off, 'SELECT')).toEqual(['id'])
    expect(cellSource(current, off, current.columns[0]!, 'SELECT')).toBe('column')
    expect(changeCount(current, off)).toBe(2)
    expect(draftChanges(current, off)).toEqual([{ level: 'table', privilege: 'SELECT', grant: false }])
    expect(changeCount(current, toggleTable(current, off, 'SELECT'))).toBe(0)
    // With the table grant kept, the column's own grant is there as well.
    expect(cellSource(current, EMPTY_DRAFT, current.columns[0]!, 'SELECT')).toBe('both')
  })

  it('grants and revokes per column where no table grant covers them, grouped per privilege', () => {
    const current: RelationPrivileges = { kind: 'view', schema_usage: true, table_privileges: [], columns: [col('a', ['UPDATE']), col('b'), col('c', [], ['SELECT'])] }
    let draft = toggleCell(current, EMPTY_DRAFT, 'a', 'SELECT')
    draft = toggleCell(current, draft, 'b', 'SELECT')
    draft = toggleCell(current, draft, 'a', 'UPDATE')
    draft = toggleCell(current, draft, 'no longer there', 'UPDATE')
    expect(draftChanges(current, draft)).toEqual([
      { level: 'column', privilege: 'SELECT', grant: true, columns: ['a', 'b'] },
      { level: 'column', privilege: 'UPDATE', grant: false, columns: ['a'] },
    ])
    // What PUBLIC or a parent role gives is shown apart: it is not this role's grant to change.
    expect(cellSource(current, draft, current.columns[2]!, 'SELECT')).toBe('inherited')
    expect(cellSource(current, draft, current.columns[1]!, 'INSERT')).toBeNull()
  })

  it('switching a table-level privilege on ticks every column without a statement per column', () => {
    const current: RelationPrivileges = { kind: 'table', schema_usage: true, table_privileges: [], columns: [col('a', ['INSERT']), col('b')] }
    const on = toggleTable(current, EMPTY_DRAFT, 'INSERT')
    expect(ticked(current, on, 'INSERT')).toEqual(['a', 'b'])
    expect(draftChanges(current, on)).toEqual([{ level: 'table', privilege: 'INSERT', grant: true }])
    expect(cellSource(current, on, current.columns[0]!, 'INSERT')).toBe('both')
  })
})
