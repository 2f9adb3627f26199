import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { TableSchema } from '../api/schemas'
import { TableDataView } from '../features/table-editor/TableDataView'
import { ITEMS_TABLE } from './items-table'

export const ITEMS_REF = 'abcdefghijklmnopqrst'

/** The table editor's rows of a table (the items stand-in unless told), as the page shows them. */
export function renderItemsView(table: TableSchema = ITEMS_TABLE) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Router hook={memoryLocation({ path: `/project/${ITEMS_REF}/editor/${table.id}` }).hook}>
        <TableDataView projectRef={ITEMS_REF} connectionString="encrypted:abc" table={table} entity={undefined} entities={[]} />
      </Router>
    </QueryClientProvider>,
  )
}

export const rowsGrid = () => screen.getByRole('grid', { name: 'Rows' })
/** A data cell: `row` counts the header as 1, as aria-rowindex does; `col` from 1. */
export const gridCell = (row: number, col: number) =>
  rowsGrid().querySelector<HTMLElement>(`[role=row][aria-rowindex="${row + 1}"] [role=gridcell][aria-colindex="${col}"]`)
