import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubElementSizes, stubResizeObserver } from '../../test/resize-observer'
import { EntryGrid, ENTRY_ROW_HEIGHT, type EntryColumn } from './EntryGrid'
import type { ExplorerItem } from './explorer-items'

const VISIBLE = 20
const ITEMS: ExplorerItem[] = Array.from({ length: 1_000 }, (_, i) => ({ kind: 'file', name: `file-${i}.txt`, path: `big/file-${i}.txt`, object: null }))

let drawn: string[]
const COLUMNS: EntryColumn[] = [
  {
    id: 'name',
    label: 'Name',
    width: null,
    render: (item) => {
      drawn.push(item.name)
      return item.name
    },
  },
]

let undoSizes: () => void
beforeEach(() => {
  stubResizeObserver()
  undoSizes = stubElementSizes({ clientHeight: ENTRY_ROW_HEIGHT * VISIBLE, clientWidth: 800 })
  drawn = []
})
afterEach(() => {
  undoSizes()
  vi.unstubAllGlobals()
})

function grid(onOpen = vi.fn()) {
  render(
    <EntryGrid label="Files in big" items={ITEMS} columns={COLUMNS} activeKey={null} hasMore={false} loadingMore={false} onReached={() => {}} onOpen={onOpen} onDelete={() => {}} showHeader={false} />,
  )
  return screen.getByRole('grid', { name: 'Files in big' })
}

async function scrollTo(element: HTMLElement, rows: number) {
  Object.defineProperty(element, 'scrollTop', { configurable: true, writable: true, value: ENTRY_ROW_HEIGHT * rows })
  await act(async () => {
    fireEvent.scroll(element)
  })
}

const rowElements = () => [...document.querySelectorAll<HTMLElement>('[role=row]')]

describe('the entry grid scrolling', () => {
  it('draws only the rows coming into view, row by row', async () => {
    const element = grid()
    expect(rowElements().length).toBeGreaterThan(VISIBLE)
    const shown = () => rowElements().map((row) => row.getAttribute('aria-label'))
    const before = shown()
    drawn = []
    for (let step = 1; step <= 3; step++) await scrollTo(element, step)
    // Three rows came in, one a step (at the overscan's far end); the rows that stayed were not drawn again.
    const cameIn = shown().filter((name) => !before.includes(name))
    expect(cameIn).toHaveLength(3)
    expect(drawn).toEqual(cameIn)
  })

  it('gives the rows that leave their elements to the rows that come in: a jump makes hardly a row anew', async () => {
    const element = grid()
    await scrollTo(element, 300)
    const before = new Set(rowElements())
    await scrollTo(element, 600)
    const after = rowElements()
    expect(after.some((row) => row.getAttribute('aria-label') === 'file-600.txt')).toBe(true)
    // The rows now shown are the elements that were there, showing other entries: none made anew but
    // the slot or two kept spare beyond the rows a viewport holds (every one was new when rows were keyed by entry).
    expect(after.length).toBe(before.size)
    expect(after.filter((row) => !before.has(row)).length).toBeLessThanOrEqual(2)
  })

  it('keeps the focused row on its own entry: scrolled away it goes, it never shows another entry', async () => {
    const onOpen = vi.fn()
    const element = grid(onOpen)
    const third = rowElements().find((row) => row.getAttribute('aria-label') === 'file-2.txt')!
    act(() => third.focus())
    expect(third.tabIndex).toBe(0)
    await scrollTo(element, 5)
    expect(document.activeElement).toBe(third)
    expect(third.getAttribute('aria-label')).toBe('file-2.txt')
    await scrollTo(element, 300)
    // The focus left with its entry (its element may now show another): no row holds it showing another entry.
    const focused = document.activeElement as HTMLElement
    expect(focused === document.body || focused.getAttribute('aria-label') === 'file-2.txt').toBe(true)
    // And a click on any row still opens the entry it shows.
    const shown = rowElements().find((row) => row.getAttribute('aria-label') === 'file-300.txt')!
    fireEvent.click(shown)
    expect(onOpen).toHaveBeenLastCalledWith(ITEMS[300])
  })
})
