import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { DatabaseIndex } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../../test/project-screen'
import { IndexesScreen } from './IndexesPage'

const index = (name: string, more: Partial<DatabaseIndex> = {}): DatabaseIndex => ({
  id: name.length,
  schema: 'public',
  table: 'orders',
  table_id: 7,
  name,
  method: 'btree',
  is_unique: false,
  is_primary: false,
  is_valid: true,
  constraint_name: null,
  columns: ['customer_id'],
  predicate: null,
  definition: '',
  size_bytes: 16384,
  scans: 1234,
  ...more,
})
const indexes = [index('orders_pkey', { is_primary: true, is_unique: true, constraint_name: 'orders_pkey', columns: ['id'] }), index('orders_customer_idx'), index('orders_notes_idx', { is_valid: false, predicate: 'notes is not null', columns: ['lower(notes)'] })]

const renderIndexes = (actions: string[]) =>
  renderProjectScreen(<IndexesScreen projectRef={SCREEN_REF} />, { actions, data: [[queryKeys.databaseIndexes(SCREEN_REF), indexes], [queryKeys.tableEntities(SCREEN_REF), []]] })

describe('the indexes screen', () => {
  it('lists each index with its keys, method, size and scans, marking primary, unique and invalid ones', async () => {
    renderIndexes(['%'])
    const table = await screen.findByRole('table', { name: 'Indexes of public' })
    const row = (name: string) => within(table).getByText(name).closest('tr')!
    expect(row('orders_customer_idx').textContent).toContain('1,234')
    expect(row('orders_customer_idx').textContent).toContain('16 KB')
    expect(row('orders_pkey').textContent).toContain('Primary key')
    expect(row('orders_notes_idx').textContent).toContain('where notes is not null')
    expect(row('orders_notes_idx').textContent).toContain('Invalid')
  })

  it('does not offer to delete a constraint’s index on its own, and asks before deleting another', async () => {
    renderIndexes(['%'])
    expect((await screen.findByRole('button', { name: 'Delete orders_pkey' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Delete orders_customer_idx' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete the index orders_customer_idx' })
    expect(within(dialog).getByRole('region', { name: 'SQL to run' }).textContent).toContain('drop index "public"."orders_customer_idx";')
  })

  it('searches by table, name or key', async () => {
    renderIndexes(['%'])
    fireEvent.change(await screen.findByLabelText('Search indexes'), { target: { value: 'lower(' } })
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2)
  })

  it('shows a read-only member the indexes with the changes disabled and the reason', async () => {
    renderIndexes(READ_ONLY_ACTIONS)
    expect(await screen.findByRole('alert', { name: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.manageIndexes) })).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Delete orders_customer_idx' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
