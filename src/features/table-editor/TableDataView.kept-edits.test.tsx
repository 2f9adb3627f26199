import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { setSession } from '../../api/session'
import { ITEMS_TABLE, itemsDatabase } from '../../test/items-table'
import { stubLayoutInFile } from '../../test/resize-observer'
import { TableDataView } from './TableDataView'
import { listTableEdits, writeTableEdit } from './table-edit-store'

/**
 * The table editor's changes under faults (the platform answering 500 or not at all): what the user
 * typed stays in the grid and in local storage, comes back after a reload (here: a new mount) with
 * its error and Retry / Discard, and is gone once saved.
 */

const REF = 'abcdefghijklmnopqrst'
let database = itemsDatabase()
const server = setupServer(
  http.post('*/platform/pg-meta/:ref/query', async ({ request }) => {
    const { query } = (await request.json()) as { query: string }
    try {
      return HttpResponse.json(database.answer(query))
    } catch (error) {
      return HttpResponse.json({ message: String(error) }, { status: 400 })
    }
  }),
)
const isWrite = async (request: Request) => /^\s*(update|insert|delete)\b/i.test(((await request.clone().json()) as { query: string }).query)
/** Writes fail as `?scenario=server-error` makes them (reads still answer, so the grid shows the rows). */
const writesFail = (how: 'server-error' | 'network-error') =>
  server.use(
    http.post('*/platform/pg-meta/:ref/query', async ({ request }) => {
      if (!(await isWrite(request))) return undefined
      return how === 'server-error' ? HttpResponse.json({ message: 'Internal server error' }, { status: 500 }) : HttpResponse.error()
    }),
  )
/** Writes wait until the returned function is called, then reach the database (reads still answer at once). */
const holdWrites = () => {
  let answer: () => void = () => {}
  server.use(
    http.post('*/platform/pg-meta/:ref/query', async ({ request }) => {
      if (!(await isWrite(request))) return undefined
      await new Promise<void>((resolve) => (answer = resolve))
      return undefined
    }),
  )
  return () => answer()
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
stubLayoutInFile({ clientHeight: 35 * 12, clientWidth: 1200 })
beforeEach(() => {
  database = itemsDatabase()
  setSession({ accessToken: 'token', expiresAt: Date.now() / 1000 + 3600, user: { id: 'u1', email: 'demo@example.com' } })
})
afterEach(() => server.resetHandlers())
afterAll(() => {
  server.close()
  vi.unstubAllGlobals()
})

/** What the store keeps of a change whose save failed on an earlier visit, whatever the change. */
const failedOnAnEarlierVisit = {
  ref: REF,
  tableId: 42,
  id: '5b0a2c1e-7d8f-4a6b-9c3d-2e1f0a9b8c7d',
  status: 'failed',
  error: 'Internal server error',
  savingIn: null,
  madeAt: 1,
  triedAt: 1,
} as const

/** The table editor as a page load shows it; rendering it again after cleanup() is a reload. */
function openTable() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: `/project/${REF}/editor/42` }).hook}>
        <TableDataView projectRef={REF} connectionString="encrypted:abc" table={ITEMS_TABLE} entity={undefined} entities={[]} />
      </Router>
    </QueryClientProvider>,
  )
}
function reload() {
  cleanup()
  openTable()
}

const grid = () => screen.getByRole('grid', { name: 'Rows' })
const cell = (row: number, col: number) => grid().querySelector<HTMLElement>(`[role=row][aria-rowindex="${row + 1}"] [role=gridcell][aria-colindex="${col}"]`)
const unsaved = () => screen.queryByRole('region', { name: 'Unsaved changes' })

async function editName(row: number, text: string) {
  await waitFor(() => expect(cell(row, 2)?.textContent).toBe(`item ${row}`))
  fireEvent.doubleClick(cell(row, 2)!)
  const box = await within(grid()).findByRole('textbox', { name: 'Edit name' })
  fireEvent.change(box, { target: { value: text } })
  fireEvent.keyDown(box, { key: 'Enter' })
}

describe('kept table edits', () => {
  it.each(['server-error', 'network-error'] as const)('a cell edit that fails under %s survives a reload with its error, and Retry saves it', async (fault) => {
    openTable()
    writesFail(fault)
    await editName(2, 'Renamed under a fault')
    await waitFor(() => expect(cell(2, 2)?.getAttribute('aria-invalid')).toBe('true'))
    expect(cell(2, 2)?.textContent).toBe('Renamed under a fault')
    expect(listTableEdits(REF, 42)).toMatchObject([{ kind: 'cell', status: 'failed', column: 'name', input: { kind: 'text', text: 'Renamed under a fault' } }])

    reload()
    const panel = await screen.findByRole('region', { name: 'Unsaved changes' })
    expect(panel.textContent).toContain('1 change not saved to the database')
    const item = within(panel).getByRole('listitem', { name: 'name of row id = 2 → “Renamed under a fault”' })
    expect(item.textContent).toMatch(fault === 'server-error' ? /Not saved: Internal server error\./ : /Not saved: Unable to reach the server/)
    // Shown in its cell too, with the error on it.
    await waitFor(() => expect(cell(2, 2)?.getAttribute('aria-invalid')).toBe('true'))
    expect(cell(2, 2)?.textContent).toBe('Renamed under a fault')
    // One change: no "all" buttons.
    expect(within(panel).queryByRole('button', { name: 'Retry all' })).toBeNull()

    server.resetHandlers()
    fireEvent.click(within(item).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(unsaved()).toBeNull())
    await waitFor(() => expect(cell(2, 2)?.getAttribute('aria-invalid')).toBeNull())
    expect(cell(2, 2)?.textContent).toBe('Renamed under a fault')
    expect(database.rows.find((r) => r.id === 2)?.name).toBe('Renamed under a fault')
    expect(listTableEdits(REF, 42)).toEqual([])
  })

  it('an inserted row and a delete that fail are kept together: Retry all sends them in order', async () => {
    openTable()
    writesFail('network-error')
    await waitFor(() => expect(cell(1, 2)?.textContent).toBe('item 1'))
    fireEvent.click(screen.getByRole('button', { name: 'Insert row' }))
    const insert = await screen.findByRole('dialog', { name: /Insert a row/ })
    fireEvent.change(within(insert).getByRole('textbox', { name: 'name' }), { target: { value: 'A new one' } })
    fireEvent.click(within(insert).getByRole('button', { name: 'Insert row' }))
    expect(await within(insert).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Unable to reach the server'))
    fireEvent.click(within(insert).getByRole('button', { name: 'Close' }))

    fireEvent.click(within(grid()).getByRole('checkbox', { name: 'Select row 3' }))
    fireEvent.click(screen.getByRole('button', { name: 'Delete 1 row' }))
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Delete 1 row?' })).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(listTableEdits(REF, 42).map((e) => [e.kind, e.status])).toEqual([['insert', 'failed'], ['delete', 'failed']]))

    reload()
    const panel = await screen.findByRole('region', { name: 'Unsaved changes' })
    expect(panel.textContent).toContain('2 changes not saved to the database')
    within(panel).getByRole('listitem', { name: 'New row (name = “A new one”)' })
    within(panel).getByRole('listitem', { name: 'Delete 1 row: id = 3' })
    // The row to be deleted is marked in the grid until the delete is confirmed.
    await waitFor(() => expect(cell(3, 1)?.closest('[role=row]')?.getAttribute('data-deleting')).toBe('failed'))

    server.resetHandlers()
    fireEvent.click(within(panel).getByRole('button', { name: 'Retry all' }))
    await waitFor(() => expect(unsaved()).toBeNull())
    expect(database.rows.map((r) => r.name)).toEqual(['item 1', 'item 2', 'A new one'])
    expect(listTableEdits(REF, 42)).toEqual([])
  })

  it('a kept change whose row was deleted elsewhere says so and offers Discard only', async () => {
    writeTableEdit({
      ...failedOnAnEarlierVisit,
      kind: 'cell',
      keyColumns: ['id'],
      rowKey: [9],
      column: 'name',
      input: { kind: 'text', text: 'typed before it went' },
    })
    openTable()
    const item = await screen.findByRole('listitem', { name: 'name of row id = 9 → “typed before it went”' })
    await waitFor(() => expect(item.textContent).toContain('This row is no longer in the table'))
    expect(within(item).queryByRole('button', { name: 'Retry' })).toBeNull()
    fireEvent.click(within(item).getByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(unsaved()).toBeNull())
    expect(listTableEdits(REF, 42)).toEqual([])
  })

  it('a kept change made under another primary key says its row can no longer be found', async () => {
    writeTableEdit({
      ...failedOnAnEarlierVisit,
      kind: 'delete',
      keyColumns: ['code'],
      rowKeys: [['A-1']],
    })
    openTable()
    const item = await screen.findByRole('listitem', { name: 'Delete 1 row: code = A-1' })
    await waitFor(() => expect(item.textContent).toContain("The table's primary key is now (id)"))
    expect(within(item).queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(database.writes).toEqual([])
  })

  it('Discard all drops every kept change; the database keeps its rows', async () => {
    openTable()
    writesFail('server-error')
    await editName(1, 'one')
    await waitFor(() => expect(listTableEdits(REF, 42)).toHaveLength(1))
    await editName(3, 'three')
    await waitFor(() => expect(listTableEdits(REF, 42)).toHaveLength(2))
    const panel = await screen.findByRole('region', { name: 'Unsaved changes' })
    fireEvent.click(within(panel).getByRole('button', { name: 'Discard all' }))
    await waitFor(() => expect(unsaved()).toBeNull())
    expect(listTableEdits(REF, 42)).toEqual([])
    expect(cell(1, 2)?.textContent).toBe('item 1')
    expect(database.writes).toHaveLength(0)
  })

  it('asks before the page unloads while an edit is on its way, and not after', async () => {
    const answer = holdWrites()
    openTable()
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(unload()).toBe(false)
    await editName(2, 'on its way')
    await waitFor(() => expect(cell(2, 2)?.getAttribute('data-pending')).toBe('saving'))
    expect(unload()).toBe(true)
    // Kept as saving from the start: a reload now finds it.
    expect(listTableEdits(REF, 42)).toMatchObject([{ status: 'saving', input: { text: 'on its way' } }])
    await act(async () => answer())
    await waitFor(() => expect(cell(2, 2)?.getAttribute('data-pending')).toBeNull())
    expect(unload()).toBe(false)
    expect(listTableEdits(REF, 42)).toEqual([])
  })

  it('a save still on its way when the user leaves the table reports to the view shown on coming back', async () => {
    const answer = holdWrites()
    openTable()
    await editName(2, 'saved while away')
    await waitFor(() => expect(listTableEdits(REF, 42)).toMatchObject([{ status: 'saving' }]))
    cleanup()
    openTable()
    await waitFor(() => expect(cell(2, 2)?.getAttribute('data-pending')).toBe('saving'))
    await act(async () => answer())
    await waitFor(() => expect(cell(2, 2)?.getAttribute('data-pending')).toBeNull())
    expect(unsaved()).toBeNull()
    expect(listTableEdits(REF, 42)).toEqual([])
    expect(database.rows.find((r) => r.id === 2)?.name).toBe('saved while away')
  })

  it('a page that goes while it saves leaves the change as interrupted, for Retry in the next one', async () => {
    server.use(
      http.post('*/platform/pg-meta/:ref/query', async ({ request }) => ((await isWrite(request)) ? new Promise<never>(() => {}) : undefined)),
    )
    openTable()
    await editName(2, 'never answered')
    await waitFor(() => expect(listTableEdits(REF, 42)).toMatchObject([{ status: 'saving' }]))
    window.dispatchEvent(new Event('pagehide'))
    expect(listTableEdits(REF, 42)).toMatchObject([{ status: 'failed', error: expect.stringContaining('may not have been saved') }])
    server.resetHandlers()
    reload()
    const item = await screen.findByRole('listitem', { name: 'name of row id = 2 → “never answered”' })
    fireEvent.click(within(item).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(database.rows.find((r) => r.id === 2)?.name).toBe('never answered'))
  })
})
