import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { setSession } from '../../api/session'
import { ITEMS_TABLE, itemsDatabase } from '../../test/items-table'
import { renderItemsView } from '../../test/items-table-view'
import { stubLayoutInFile } from '../../test/resize-observer'

vi.mock('../../ui/toast', () => ({ showToast: vi.fn() }))

const database = itemsDatabase()
const structureChanges: string[] = []
const server = setupServer(
  http.post('*/platform/pg-meta/:ref/query', async ({ request }) => {
    const { query } = (await request.json()) as { query: string }
    if (/^\s*alter table/i.test(query)) {
      structureChanges.push(query)
      return HttpResponse.json([])
    }
    return HttpResponse.json(database.answer(query))
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
stubLayoutInFile({ clientHeight: 36 + 35 * 10, clientWidth: 1200 })
beforeEach(() => setSession({ accessToken: 'token', expiresAt: Date.now() / 1000 + 3600, user: { id: 'u1', email: 'demo@example.com' } }))
afterEach(() => (structureChanges.length = 0))
afterAll(() => server.close())

describe('the grid’s "+" after the last column', () => {
  it('opens the add-column dialog for the table, which adds the column it shows', async () => {
    renderItemsView()
    const header = screen.getByRole('grid', { name: 'Rows' }).querySelector('[role=row][aria-rowindex="1"]') as HTMLElement
    fireEvent.click(within(header).getByRole('button', { name: 'Add column' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a column to public.items' })
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'price' } })
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'numeric' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add column' }))
    await waitFor(() => expect(structureChanges).toEqual(['alter table "public"."items" add column "price" numeric;']))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('is not offered on a view, whose columns are its query’s', () => {
    renderItemsView({ ...ITEMS_TABLE, type: 'view' })
    expect(screen.getByRole('grid', { name: 'Rows' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Add column' })).toBeNull()
  })
})
