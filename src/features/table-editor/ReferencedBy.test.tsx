import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { TableSchema } from '../../api/schemas'
import { ownRecord } from '../../lib/own-record'
import { SCREEN_REF, renderProjectScreen } from '../../test/project-screen'
import { ReferencedBy } from './ReferencedBy'

const rel = (source: string, column: string) => ({ constraint_name: `${source}_fkey`, source_schema: 'public', source_table_name: source, source_column_name: column, target_table_schema: 'public', target_table_name: 'customers', target_column_name: 'id' })
const customers = { id: 1, name: 'customers', schema: 'public', type: 'table', columns: [], primary_keys: ['id'], relationships: [rel('orders', 'customer_id'), rel('reviews', 'author_id')] } as TableSchema

describe('a row’s referenced-by', () => {
  it('counts the rows of each key that point at the row in one statement, and links to those there are', async () => {
    const run = vi.fn(async () => [ownRecord<unknown>([['counts', [3, 0]]])])
    renderProjectScreen(<ReferencedBy projectRef={SCREEN_REF} table={customers} row={ownRecord([['id', 7]])} run={run} tableIdOf={(_schema, name) => (name === 'orders' ? 40 : 41)} />, { actions: ['%'] })
    const orders = (await screen.findByText('3 rows')).closest('li')!
    expect(within(orders).getByRole('link', { name: 'Open them (public.orders)' }).getAttribute('href')).toBe(`/project/${SCREEN_REF}/editor/40?filter=customer_id%3A%3D%3A7`)
    const reviews = screen.getByText('public.reviews (author_id)').closest('li')!
    expect(reviews.textContent).toContain('0 rows')
    expect(within(reviews).queryByRole('link')).toBeNull()
    expect(run).toHaveBeenCalledTimes(1)
  })
})
