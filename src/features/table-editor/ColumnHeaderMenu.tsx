import { Menu, MenuItem, MenuSeparator } from '../../ui/menu'
import type { GridColumn } from './grid-types'

export type ColumnAction = 'asc' | 'desc' | 'filter' | 'hide'

/** A column header's menu: sort either way, filter by it, hide it. */
export function ColumnHeaderMenu({ column, onAction }: { column: GridColumn; onAction: (column: GridColumn, action: ColumnAction) => void }) {
  return (
    <Menu compact label={`${column.name} column`} triggerLabel="⋯" onSelect={(action) => onAction(column, action as ColumnAction)}>
      <MenuItem value="asc">Sort ascending</MenuItem>
      <MenuItem value="desc">Sort descending</MenuItem>
      <MenuItem value="filter">Filter by {column.name}</MenuItem>
      <MenuSeparator />
      <MenuItem value="hide">Hide column</MenuItem>
    </Menu>
  )
}
