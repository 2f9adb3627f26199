import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { TableSchema } from '../../api/schemas'
import type { ReferenceTarget } from '../../lib/sql/table-rows'
import { tableColumn } from '../../test/table-column'
import { InsertRowDialog } from './InsertRowDialog'
import { REFERENCE_PICKER_ROWS } from './ReferencePicker'

const ORDERS: TableSchema = {
  id: 9,
  schema: 'public',
  name: 'orders',
  type: 'table',
  primary_keys: ['id'],
  relationships: [],
  columns: [
    tableColumn('id', { data_type: 'bigint', base_type: 'int8', type_category: 'N', is_nullable: false, is_identity: true }),
    tableColumn('customer_id', { data_type: 'bigint', base_type: 'int8', type_category: 'N', is_nullable: false }),
    tableColumn('note'),
  ],
}
const references = new Map<string, ReferenceTarget>([['customer_id', { schema: 'public', table: 'customers', column: 'id' }]])

function dialog(run: (sql: string) => Promise<Record<string, unknown>[]>, onInsert = vi.fn(async () => {})) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <InsertRowDialog table={ORDERS} picking={{ projectRef: 'ref', references, run }} onInsert={onInsert} onClose={vi.fn()} />
    </QueryClientProvider>,
  )
  return onInsert
}

describe('a foreign key value in a new row', () => {
  it('is picked from the target’s rows, shown with the rest of each row, searched in the database', async () => {
    const run = vi.fn(async (sql: string) => (sql.includes("'ada'") ? [{ id: 7, full_name: 'Ada Lovelace' }] : [{ id: 3, full_name: 'Grace Hopper' }, { id: 7, full_name: 'Ada Lovelace' }]))
    const onInsert = dialog(run)
    // Only the foreign key column offers it.
    expect(screen.getAllByRole('button', { name: /^Choose from/ })).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Choose from public.customers…' }))
    const picker = screen.getByRole('group', { name: 'Rows of public.customers for customer_id' })
    expect(await within(picker).findByRole('button', { name: '3 Grace Hopper' })).toBeTruthy()
    fireEvent.change(within(picker).getByRole('searchbox', { name: 'Search public.customers' }), { target: { value: 'ada' } })
    const ada = await within(picker).findByRole('button', { name: '7 Ada Lovelace' })
    expect(within(picker).queryByRole('button', { name: '3 Grace Hopper' })).toBeNull()
    expect(run).toHaveBeenLastCalledWith(expect.stringContaining(`strpos(lower(r::text), lower('ada')) > 0`))
    fireEvent.click(ada)
    expect(screen.queryByRole('group', { name: /^Rows of/ })).toBeNull()
    expect((screen.getByRole('textbox', { name: 'customer_id' }) as HTMLInputElement).value).toBe('7')
    fireEvent.click(screen.getByRole('button', { name: 'Insert row' }))
    await waitFor(() => expect(onInsert).toHaveBeenCalledOnce())
    expect((onInsert.mock.calls[0] as unknown as [Record<string, unknown>])[0]['customer_id']).toEqual({ kind: 'text', text: '7' })
  })

  it('says when the target cannot be read', async () => {
    dialog(async () => Promise.reject(new Error('permission denied for table customers')))
    fireEvent.click(screen.getByRole('button', { name: 'Choose from public.customers…' }))
    const picker = screen.getByRole('group', { name: 'Rows of public.customers for customer_id' })
    expect((await within(picker).findByRole('alert')).textContent).toBe('Could not read public.customers: permission denied for table customers')
  })

  it('tells that only the first rows are listed', async () => {
    dialog(async () => Array.from({ length: REFERENCE_PICKER_ROWS }, (_, i) => ({ id: i + 1 })))
    fireEvent.click(screen.getByRole('button', { name: 'Choose from public.customers…' }))
    expect(await screen.findByText(`The first ${REFERENCE_PICKER_ROWS} rows: search to find others.`)).toBeTruthy()
  })
})
