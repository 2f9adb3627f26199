import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { Publication } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../../test/project-screen'
import { PublicationsScreen } from './PublicationsPage'

const publications: Publication[] = [
  { id: 1, name: 'supabase_realtime', all_tables: false, operations: ['insert', 'update', 'delete'], tables: [{ schema: 'public', table: 'orders' }] },
  { id: 2, name: 'everything', all_tables: true, operations: ['insert'], tables: [{ schema: 'public', table: 'orders' }, { schema: 'public', table: 'customers' }] },
]
const entities = ['orders', 'customers'].map((name, i) => ({ id: i + 1, schema: 'public', name, type: 'table', comment: null, estimated_rows: 0, rls_enabled: false }))

const renderPublications = (actions: string[]) =>
  renderProjectScreen(<PublicationsScreen projectRef={SCREEN_REF} />, { actions, data: [[queryKeys.publications(SCREEN_REF), publications], [queryKeys.tableEntities(SCREEN_REF), entities]] })

describe('the publications screen', () => {
  it('shows each publication’s changes and, per table of the schema, whether it is in it; an every-table one cannot be changed by table', async () => {
    renderPublications(['%'])
    const realtime = await screen.findByRole('region', { name: 'Publication supabase_realtime' })
    expect(realtime.textContent).toContain('publishes insert, update, delete')
    expect((within(realtime).getByRole('switch', { name: 'orders in supabase_realtime' }) as HTMLInputElement).checked).toBe(true)
    expect((within(realtime).getByRole('switch', { name: 'customers in supabase_realtime' }) as HTMLInputElement).checked).toBe(false)
    const everything = screen.getByRole('region', { name: 'Publication everything' })
    expect((within(everything).getByRole('switch', { name: 'customers in everything' }) as HTMLInputElement).disabled).toBe(true)
  })

  it('asks before deleting one, with the statement', async () => {
    renderPublications(['%'])
    fireEvent.click(await screen.findByRole('button', { name: 'Delete supabase_realtime' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete the publication supabase_realtime' })
    expect(within(dialog).getByRole('region', { name: 'SQL to run' }).textContent).toContain('drop publication "supabase_realtime";')
  })

  it('shows a read-only member the publications with the switches disabled and the reason', async () => {
    renderPublications(READ_ONLY_ACTIONS)
    expect(await screen.findByRole('alert', { name: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.managePublications) })).toBeTruthy()
    expect((screen.getByRole('switch', { name: 'orders in supabase_realtime' }) as HTMLInputElement).disabled).toBe(true)
  })
})
