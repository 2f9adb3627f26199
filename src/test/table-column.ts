import type { TableColumn } from '../api/schemas'

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
