import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setSession } from '../../api/session'
import { itemsDatabase } from '../../test/items-table'
import { gridCell, renderItemsView, rowsGrid } from '../../test/items-table-view'
import { stubLayoutInFile } from '../../test/resize-observer'

/** Cells edited where they stand: type to replace, Enter saves, Escape cancels, Tab moves on, a click elsewhere saves. */

let database = itemsDatabase()
const server = setupServer(
  http.post('*/platform/pg-meta/:ref/query', async ({ request }) => {
    const { query } = (await request.json()) as { query: string }
    return HttpResponse.json(database.answer(query))
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
stubLayoutInFile({ clientHeight: 36 + 35 * 10, clientWidth: 1200 })
beforeEach(() => {
  database = itemsDatabase()
  setSession({ accessToken: 'token', expiresAt: Date.now() / 1000 + 3600, user: { id: 'u1', email: 'demo@example.com' } })
})
afterAll(() => server.close())

// Looked for in the DOM, hidden or not: once a modal dialog opens it hides the grid from the accessibility tree (when
// it does so is a matter of timing), and "the inline editor is gone" must not pass only because it is hidden.
const editor = (name = 'name') =>
  within(screen.getByRole('grid', { name: 'Rows', hidden: true })).queryByRole('textbox', { name: `Edit ${name}`, hidden: true }) as HTMLInputElement | null
async function shown() {
  renderItemsView()
  await waitFor(() => expect(gridCell(2, 2)?.textContent).toBe('item 2'))
}

describe('editing a cell in place', () => {
  it('opens on a double click with the value selected, and Enter saves only that cell', async () => {
    await shown()
    fireEvent.doubleClick(gridCell(2, 2)!)
    const box = editor()!
    expect(box.value).toBe('item 2')
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, 'item 2'.length])
    expect(document.activeElement).toBe(box)
    fireEvent.change(box, { target: { value: 'renamed in place' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(editor()).toBeNull()
    await waitFor(() => expect(database.rows.find((r) => r.id === 2)?.name).toBe('renamed in place'))
    expect(database.writes).toEqual([`update "public"."items" set "name" = 'renamed in place'::text where "id" = 2 returning *`])
    await waitFor(() => expect(gridCell(2, 2)?.textContent).toBe('renamed in place'))
    // The focus is back on the grid, on the same cell.
    expect(document.activeElement).toBe(rowsGrid())
    expect(gridCell(2, 2)?.getAttribute('aria-selected')).toBe('true')
  })

  it('starts with the key typed on the active cell, and Escape leaves the value as it was', async () => {
    await shown()
    fireEvent.mouseDown(gridCell(3, 2)!)
    fireEvent.keyDown(rowsGrid(), { key: 'Z' })
    const box = editor()!
    expect(box.value).toBe('Z')
    fireEvent.change(box, { target: { value: 'Zed' } })
    fireEvent.keyDown(box, { key: 'Escape' })
    expect(editor()).toBeNull()
    expect(gridCell(3, 2)?.textContent).toBe('item 3')
    expect(document.activeElement).toBe(rowsGrid())
    // Ctrl+letter is a shortcut, not typing; the space keeps selecting the row.
    fireEvent.keyDown(rowsGrid(), { key: 'c', ctrlKey: true })
    fireEvent.keyDown(rowsGrid(), { key: ' ' })
    expect(editor()).toBeNull()
    expect(database.writes).toEqual([])
  })

  it('opens the larger editor for a long text, whatever starts it, and never types over it', async () => {
    const long = 'a long note '.repeat(12)
    database = itemsDatabase([{ id: 1, name: long }])
    renderItemsView()
    await waitFor(() => expect(gridCell(1, 2)?.textContent).toBe(long))
    fireEvent.mouseDown(gridCell(1, 2)!)
    fireEvent.keyDown(rowsGrid(), { key: 'q' })
    const dialog = await screen.findByRole('dialog', { name: 'Edit name' })
    expect((within(dialog).getByRole('textbox', { name: 'name' }) as HTMLTextAreaElement).value).toBe(long)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(database.writes).toEqual([])
  })

  it('starts emptied on Backspace or Delete', async () => {
    await shown()
    fireEvent.mouseDown(gridCell(1, 2)!)
    fireEvent.keyDown(rowsGrid(), { key: 'Delete' })
    expect(editor()!.value).toBe('')
    fireEvent.keyDown(editor()!, { key: 'Enter' })
    await waitFor(() => expect(database.rows.find((r) => r.id === 1)?.name).toBe(''))
  })

  it('saves on Tab and moves to the next cell (Shift+Tab the one before); an unchanged value saves nothing', async () => {
    await shown()
    fireEvent.doubleClick(gridCell(1, 2)!)
    fireEvent.keyDown(editor()!, { key: 'Enter' })
    fireEvent.doubleClick(gridCell(1, 2)!)
    fireEvent.change(editor()!, { target: { value: 'tabbed' } })
    fireEvent.keyDown(editor()!, { key: 'Tab', shiftKey: true })
    expect(editor()).toBeNull()
    expect(gridCell(1, 1)?.getAttribute('aria-selected')).toBe('true')
    await waitFor(() => expect(database.writes).toHaveLength(1))
    expect(database.writes[0]).toContain(`set "name" = 'tabbed'::text where "id" = 1`)
  })

  it('saves when the focus leaves it, once', async () => {
    await shown()
    fireEvent.doubleClick(gridCell(1, 2)!)
    fireEvent.change(editor()!, { target: { value: 'saved on blur' } })
    act(() => editor()!.blur())
    expect(editor()).toBeNull()
    await waitFor(() => expect(database.rows.find((r) => r.id === 1)?.name).toBe('saved on blur'))
    expect(database.writes).toHaveLength(1)
  })

  it('keeps a value the column cannot take open with the reason, and saves nothing', async () => {
    await shown()
    fireEvent.mouseDown(gridCell(2, 1)!)
    fireEvent.keyDown(rowsGrid(), { key: 'x' })
    fireEvent.keyDown(editor('id')!, { key: 'Enter' })
    expect(editor('id')).not.toBeNull()
    expect(editor('id')!.getAttribute('aria-invalid')).toBe('true')
    expect(within(rowsGrid()).getByRole('alert').textContent).toBe('Not a whole number')
    expect(database.writes).toEqual([])
  })

  it('hands what was typed to the larger editor', async () => {
    await shown()
    fireEvent.doubleClick(gridCell(2, 2)!)
    fireEvent.change(editor()!, { target: { value: 'a draft' } })
    fireEvent.click(within(rowsGrid()).getByRole('button', { name: 'Open the larger editor' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit name' })
    expect((within(dialog).getByRole('textbox', { name: 'name' }) as HTMLTextAreaElement).value).toBe('a draft')
    expect(editor()).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(database.writes).toEqual([])
  })
})

describe('editing a whole row in its form', () => {
  it('opens from the gutter or Shift+Enter, shows the row as it is, and saves only the columns changed, in one statement', async () => {
    await shown()
    fireEvent.click(within(rowsGrid()).getByRole('button', { name: 'Edit row 2' }))
    const form = await screen.findByRole('dialog', { name: 'Edit row id = 2 of public.items' })
    expect((within(form).getByRole('textbox', { name: 'name' }) as HTMLTextAreaElement).value).toBe('item 2')
    expect((within(form).getByRole('button', { name: 'Save row' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(within(form).getByRole('textbox', { name: 'name' }), { target: { value: 'whole row' } })
    expect(within(form).getByText('· changed')).toBeTruthy()
    fireEvent.click(within(form).getByRole('button', { name: 'Save row' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(database.writes).toEqual([`update "public"."items" set "name" = 'whole row'::text where "id" = 2 returning *`])
    await waitFor(() => expect(gridCell(2, 2)?.textContent).toBe('whole row'))

    fireEvent.mouseDown(gridCell(3, 1)!)
    fireEvent.keyDown(rowsGrid(), { key: 'Enter', shiftKey: true })
    expect(await screen.findByRole('dialog', { name: 'Edit row id = 3 of public.items' })).toBeTruthy()
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
