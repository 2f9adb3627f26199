import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { DatabaseTable } from '../../../api/schemas'
import { SCREEN_REF, renderProjectScreen } from '../../../test/project-screen'
import { TablesScreen } from './TablesPage'

const table = (name: string, more: Partial<DatabaseTable> = {}): DatabaseTable => ({ id: name.length, schema: 'public', name, type: 'table', estimated_rows: 1200, size_bytes: 65536, rls_enabled: true, comment: null, columns: 4, publications: [], ...more })

describe('the tables screen', () => {
  it('lists the schema’s tables with rows, size, RLS and realtime; columns open in the table editor’s structure', async () => {
    renderProjectScreen(<TablesScreen projectRef={SCREEN_REF} />, {
      actions: ['%'],
      data: [[queryKeys.databaseTables(SCREEN_REF), [table('orders', { publications: ['supabase_realtime'], comment: 'What was bought' }), table('notes', { rls_enabled: false }), table('stock', { schema: 'inventory' })]]],
    })
    const list = await screen.findByRole('table', { name: 'Tables of public' })
    const row = (name: string) => within(list).getByRole('link', { name }).closest('tr')!
    expect(row('orders').textContent).toContain('1,200')
    expect(row('orders').textContent).toContain('64 KB')
    expect(row('orders').textContent).toContain('Realtime')
    expect(row('orders').textContent).toContain('What was bought')
    expect(row('notes').textContent).toContain('Disabled')
    expect(within(row('notes')).getByRole('link', { name: 'Not published' })).toBeTruthy()
    expect(within(list).getByRole('link', { name: '4 columns of orders' }).getAttribute('href')).toBe(`/project/${SCREEN_REF}/editor/6?view=structure`)
    expect(within(list).queryByText('stock')).toBeNull()
  })
})
