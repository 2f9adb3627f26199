import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toCsv } from '../../lib/sql/result-format'
import { stubLayoutInFile } from '../../test/resize-observer'
import { showToast } from '../../ui/toast'
import { ResultsGrid } from './ResultsGrid'

vi.mock('../../ui/toast', () => ({ showToast: vi.fn() }))

const columns = ['id', 'name', 'payload', 'active', 'note']
const rows = [
  { id: 1, name: 'Ada', payload: { tags: ['x', 'y'], n: 1 }, active: true, note: null },
  { id: 2, name: 'Bob', payload: '{"raw":[1,2]}', active: false, note: 'z'.repeat(300) },
  { id: 3, name: 'Cy, "the" third', payload: null, active: null, note: 'ok' },
]

// jsdom has no layout: give the scroller a size so the virtualizer renders the rows in view.
stubLayoutInFile({ clientHeight: 28 * 11, clientWidth: 800 })
afterAll(() => vi.unstubAllGlobals())

let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>
function setup() {
  const user = userEvent.setup()
  // After userEvent.setup(), which installs its own clipboard stub.
  writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined)
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
  return user
}

beforeEach(() => {
  vi.spyOn(document, 'hasFocus').mockReturnValue(true)
})
/**
 * Ark finishes closing a menu or dialog on later frames (focus back to its trigger): let that
 * happen before the next step, as a person's pace would, so it does not land in the middle of it.
 */
const settleArk = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 50)))

afterEach(async () => {
  await settleArk()
  vi.restoreAllMocks()
  vi.mocked(showToast).mockReset()
})

/** Opens a toolbar menu from the keyboard and picks an item, waiting for Ark to move focus into the menu (it does so on the next frame). */
async function choose(user: ReturnType<typeof userEvent.setup>, menu: 'Copy' | 'Export', item: string) {
  await settleArk()
  screen.getByRole('button', { name: menu }).focus()
  await user.keyboard('{ArrowDown}')
  await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menu'))
  const highlighted = () => document.activeElement?.querySelector('[role=menuitem][data-highlighted]')?.textContent
  for (let step = 0; step < 10 && highlighted() !== item; step++) await user.keyboard('{ArrowDown}')
  expect(highlighted()).toBe(item)
  await user.keyboard('{Enter}')
}

const cell = (row: number, col: number) => document.querySelector<HTMLElement>(`[data-cell="${row}:${col}"]`)!

describe('ResultsGrid', () => {
  it('shows typed cells: NULL, right-aligned numbers, booleans, one-line JSON and cut long text', () => {
    render(<ResultsGrid columns={columns} rows={rows} />)
    expect(screen.getByRole('columnheader', { name: 'payload' })).toBeTruthy()
    const nulls = screen.getAllByRole('gridcell', { name: 'NULL' })
    expect(nulls).toHaveLength(3)
    expect(nulls[0]!.hasAttribute('data-null')).toBe(true)
    expect(screen.getByRole('gridcell', { name: '1' }).dataset.kind).toBe('number')
    expect(screen.getByRole('gridcell', { name: 'true' }).dataset.kind).toBe('boolean')
    expect(screen.getByRole('gridcell', { name: 'false' })).toBeTruthy()
    expect(cell(0, 2).textContent).toBe('{"tags":["x","y"],"n":1}')
    expect(cell(1, 4).textContent).toBe(`${'z'.repeat(200)}…`)
  })

  it('renders only the rows in view of a large result', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ n: i }))
    render(<ResultsGrid columns={['n']} rows={many} />)
    const rendered = screen.getAllByRole('row').length - 1
    expect(rendered).toBeGreaterThan(5)
    expect(rendered).toBeLessThan(60)
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('10001')
  })

  it('selects a clicked cell and moves the selection with the arrow keys', async () => {
    const user = setup()
    render(<ResultsGrid columns={columns} rows={rows} />)
    expect(cell(0, 0).tabIndex).toBe(0)
    await user.click(cell(0, 1))
    expect(cell(0, 1).getAttribute('aria-selected')).toBe('true')
    expect(cell(0, 0).getAttribute('aria-selected')).toBe('false')
    await user.keyboard('{ArrowDown}{ArrowRight}')
    expect(cell(1, 2).getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(cell(1, 2))
    expect(cell(1, 2).tabIndex).toBe(0)
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{End}')
    expect(cell(2, 4).getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{Control>}{Home}{/Control}')
    expect(cell(0, 0).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByText('Row 1 · id')).toBeTruthy()
  })

  it('opens the expand view with Enter, titled with the column and showing pretty JSON', async () => {
    const user = setup()
    render(<ResultsGrid columns={columns} rows={rows} />)
    await user.click(cell(0, 2))
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'payload' })
    expect(dialog.querySelector('pre')!.textContent).toBe(JSON.stringify(rows[0]!.payload, null, 2))
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('pretty-prints text that is JSON, and shows long text whole, on double-click', async () => {
    const user = setup()
    render(<ResultsGrid columns={columns} rows={rows} />)
    await user.dblClick(cell(1, 2))
    let dialog = await screen.findByRole('dialog', { name: 'payload' })
    expect(dialog.querySelector('pre')!.textContent).toBe('{\n  "raw": [\n    1,\n    2\n  ]\n}')
    await settleArk()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await user.dblClick(cell(1, 4))
    dialog = await screen.findByRole('dialog', { name: 'note' })
    expect(dialog.querySelector('pre')!.textContent).toBe('z'.repeat(300))
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('z'.repeat(300)))
  })

  it('copies the selected cell with Ctrl+C', async () => {
    const user = setup()
    render(<ResultsGrid columns={columns} rows={rows} />)
    await user.click(cell(0, 2))
    await user.keyboard('{Control>}c{/Control}')
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('{\n  "tags": [\n    "x",\n    "y"\n  ],\n  "n": 1\n}'))
    expect(showToast).toHaveBeenCalledWith('success', 'Copied cell')
    await user.click(cell(2, 4))
    await user.keyboard('{Meta>}c{/Meta}')
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('ok'))
  })

  it('copies all rows as CSV from the Copy menu; the cell and row items need a selection', async () => {
    const user = setup()
    render(<ResultsGrid columns={columns} rows={rows} />)
    await user.click(screen.getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menu'))
    expect(screen.getByRole('menuitem', { name: 'Copy cell' }).getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByRole('menuitem', { name: 'Copy row as CSV' }).getAttribute('aria-disabled')).toBe('true')
    await settleArk()
    await user.keyboard('{Escape}')
    await choose(user, 'Copy', 'Copy all as CSV')
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(toCsv(columns, rows)))
    expect(showToast).toHaveBeenCalledWith('success', 'Copied 3 rows as CSV')
  })

  it('while rows are still arriving, neither copies nor exports the whole result', async () => {
    const user = setup()
    const { rerender } = render(<ResultsGrid columns={columns} rows={rows.slice(0, 2)} arriving />)
    const disabled = async (menu: 'Copy' | 'Export', items: string[]) => {
      await settleArk()
      await user.click(screen.getByRole('button', { name: menu }))
      await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menu'))
      const states = items.map((item) => screen.getByRole('menuitem', { name: item }).getAttribute('aria-disabled') === 'true')
      await settleArk()
      await user.keyboard('{Escape}')
      return states
    }
    expect(await disabled('Copy', ['Copy all as CSV', 'Copy all as JSON', 'Copy all as Markdown'])).toEqual([true, true, true])
    expect(await disabled('Export', ['Download CSV', 'Download JSON'])).toEqual([true, true])
    rerender(<ResultsGrid columns={columns} rows={rows} />)
    expect(await disabled('Export', ['Download CSV', 'Download JSON'])).toEqual([false, false])
  })

  it("copies the selected cell's row as JSON and Markdown", async () => {
    const user = setup()
    render(<ResultsGrid columns={columns} rows={rows} />)
    await user.click(cell(2, 1))
    await choose(user, 'Copy', 'Copy row as JSON')
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith('{\n  "id": 3,\n  "name": "Cy, \\"the\\" third",\n  "payload": null,\n  "active": null,\n  "note": "ok"\n}'),
    )
    await choose(user, 'Copy', 'Copy row as Markdown')
    await waitFor(() =>
      expect(writeText).toHaveBeenLastCalledWith(
        '| id | name | payload | active | note |\n| ---: | --- | --- | --- | --- |\n| 3 | Cy, "the" third | NULL | NULL | ok |\n',
      ),
    )
  })

  it('says so when the clipboard is unavailable', async () => {
    const user = setup()
    render(<ResultsGrid columns={columns} rows={rows} />)
    vi.mocked(document.hasFocus).mockReturnValue(false)
    await choose(user, 'Copy', 'Copy all as JSON')
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('error', 'Unable to copy to clipboard'))
    expect(writeText).not.toHaveBeenCalled()
  })
})

// jsdom's Blob has no text().
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as string)
    reader.onerror = () => reject(reader.error)
    reader.readAsText(blob)
  })

describe('ResultsGrid export', () => {
  let createObjectURL: ReturnType<typeof vi.fn<(blob: Blob) => string>>
  beforeEach(() => {
    createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:result')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
  })

  it('downloads CSV with a dated file name, then toasts the row count', async () => {
    const user = setup()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toMatch(/^orders-\d{4}-\d\d-\d\dT\d{6}\.\d{3}Z\.csv$/)
      expect(this.href).toBe('blob:result')
    })
    render(<ResultsGrid columns={columns} rows={rows} fileName="orders" />)
    await choose(user, 'Export', 'Download CSV')
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Exported 3 rows'))
    expect(click).toHaveBeenCalledOnce()
    expect(await readBlob(createObjectURL.mock.calls[0]![0])).toBe(toCsv(columns, rows))
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('shows progress and can be cancelled while it runs', async () => {
    const user = setup()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const many = Array.from({ length: 200_000 }, (_, i) => ({ n: i }))
    render(<ResultsGrid columns={['n']} rows={many} />)
    await choose(user, 'Export', 'Download JSON')
    const bar = screen.getByRole('progressbar', { name: 'Export progress' })
    expect(bar.getAttribute('aria-valuemax')).toBe('200000')
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('info', 'Export cancelled'))
    expect(click).not.toHaveBeenCalled()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('cancels a running export when the grid goes away', async () => {
    const user = setup()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const many = Array.from({ length: 200_000 }, (_, i) => ({ n: i }))
    const { unmount } = render(<ResultsGrid columns={['n']} rows={many} />)
    await choose(user, 'Export', 'Download CSV')
    act(() => unmount())
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('info', 'Export cancelled'))
    expect(click).not.toHaveBeenCalled()
  })
})
