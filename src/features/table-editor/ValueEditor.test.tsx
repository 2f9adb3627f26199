import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { tableColumn } from '../../test/table-column'
import { CellEditorDialog } from './ValueEditor'

const customerId = tableColumn('customer_id', { data_type: 'bigint', base_type: 'int8', type_category: 'N', is_nullable: false })

describe('the cell editor of a foreign key', () => {
  it('picks the new value from the target’s rows, then saves it', async () => {
    const onSave = vi.fn()
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CellEditorDialog
          open
          column={customerId}
          rowLabel="Row 1 (id = 1)"
          initial={{ kind: 'text', text: '3' }}
          error={null}
          readOnlyReason={null}
          picking={{ projectRef: 'ref', target: { schema: 'public', table: 'customers', column: 'id' }, run: async () => [{ id: 3, full_name: 'Grace Hopper' }, { id: 7, full_name: 'Ada Lovelace' }] }}
          onSave={onSave}
          onClose={vi.fn()}
        />
      </QueryClientProvider>,
    )
    const dialog = screen.getByRole('dialog', { name: 'Edit customer_id' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose from public.customers…' }))
    fireEvent.click(await within(dialog).findByRole('button', { name: '7 Ada Lovelace' }))
    expect((within(dialog).getByRole('textbox', { name: 'customer_id' }) as HTMLInputElement).value).toBe('7')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ kind: 'text', text: '7' })
  })

  it('offers no picker for a column that references nothing', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CellEditorDialog open column={customerId} rowLabel="Row 1" initial={{ kind: 'text', text: '3' }} error={null} readOnlyReason={null} onSave={vi.fn()} onClose={vi.fn()} />
      </QueryClientProvider>,
    )
    expect(screen.queryByRole('button', { name: /^Choose from/ })).toBeNull()
  })
})
