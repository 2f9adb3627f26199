import type { TableColumn } from '../api/schemas'
import type { ColumnDefinition } from '../lib/sql/table-structure'

/** A catalog column for tests: nullable text unless `more` says otherwise. */
export const tableColumn = (name: string, more: Partial<TableColumn> = {}): TableColumn => ({
  name,
  data_type: 'text',
  base_type: 'text',
  type_category: 'S',
  is_identity: false,
  is_generated: false,
  is_nullable: true,
  default_value: null,
  is_unique: false,
  check: null,
  unique_constraint: null,
  check_constraint: null,
  enums: null,
  ...more,
})

/** A column of a structure form (create table, add or alter column): nullable, no default, unless `more` says otherwise. */
export const columnDefinition = (name: string, type: string, more: Partial<ColumnDefinition> = {}): ColumnDefinition => ({
  name,
  type,
  defaultValue: null,
  nullable: true,
  unique: false,
  identity: null,
  check: null,
  ...more,
})
