/** The grid's columns and cells, shared by the grid, its header and its rows. */
export const MIN_COLUMN_WIDTH = 60

export interface GridColumn {
  name: string
  /** format_type text, shown under the name. */
  type: string
  width: number
  isKey: boolean
  /** An outgoing foreign key: its cells can open the referenced row. */
  references: string | null
}

export interface CellPosition {
  row: number
  col: number
}

/** An edit that has not reached the database (failed, or on its way); the grid shows it instead of the row's value. */
export interface PendingCell {
  text: string
  error: string | null
}
