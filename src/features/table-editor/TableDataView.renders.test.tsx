import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { memo, type ComponentProps, type FunctionComponent } from 'react'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { setSession } from '../../api/session'
import { ITEMS_TABLE, itemsDatabase } from '../../test/items-table'
import { stubLayoutInFile } from '../../test/resize-observer'
import type { TableEntity } from '../../api/schemas'
import { TableDataView } from './TableDataView'

/**
 * What redraws when rows arrive: only the rows a page fills in, never the header (and its column
 * menus) nor the rows already shown. GridHeader and GridRow are wrapped to count their renders,
 * with their own memo comparison kept.
 */

const renders = vi.hoisted(() => ({ header: 0, rows: 0 }))
type Memoized<P> = { type: FunctionComponent<P>; compare: ((a: P, b: P) => boolean) | null }
function counted<P extends object>(component: unknown, key: keyof typeof renders) {
  const { type, compare } = component as Memoized<P>
  return memo((props: P) => {
    renders[key] += 1
    return type(props)
  }, compare ?? undefined)
}
vi.mock('./GridHeader', async (original) => {
  const actual = await original<typeof import('./GridHeader')>()
  return { GridHeader: counted<ComponentProps<typeof actual.GridHeader>>(actual.GridHeader, 'header') }
})
vi.mock('./GridRow', async (original) => {
  const actual = await original<typeof import('./GridRow')>()
  return { ...actual, GridRow: counted<ComponentProps<typeof actual.GridRow>>(actual.GridRow, 'rows') }
})

const REF = 'abcdefghijklmnopqrst'
const ROWS = 1_000
const VISIBLE = 12
const database = itemsDatabase(Array.from({ length: ROWS }, (_, i) => ({ id: i + 1, name: `item ${i + 1}` })))
let reads = 0
const server = setupServer(
  http.post('*/platform/pg-meta/:ref/query', async ({ request }) => {
    reads += 1
    return HttpResponse.json(database.answer(((await request.json()) as { query: string }).query))
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
stubLayoutInFile({ clientHeight: 36 + 35 * VISIBLE, clientWidth: 1200 })
beforeEach(() => setSession({ accessToken: 'token', expiresAt: Date.now() / 1000 + 3600, user: { id: 'u1', email: 'demo@example.com' } }))
afterAll(() => {
  server.close()
  vi.unstubAllGlobals()
})

const cellText = (row: number) => document.querySelector(`[role=row][aria-rowindex="${row + 1}"] [role=gridcell][aria-colindex="2"]`)?.textContent

/** The data view of the items table at its address, with the catalog's entry for it when known. */
function dataView(entity?: TableEntity, client = new QueryClient()) {
  return (
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: `/project/${REF}/editor/42` }).hook}>
        <TableDataView projectRef={REF} connectionString="encrypted:abc" table={ITEMS_TABLE} entity={entity} entities={entity ? [entity] : []} />
      </Router>
    </QueryClientProvider>
  )
}

describe('rows arriving', () => {
  it('redraw neither the header nor the rows already shown', async () => {
    render(dataView())
    await waitFor(() => expect(screen.getByRole('status', { name: 'Row count' }).textContent).toBe('1,000 rows'))
    await waitFor(() => expect(cellText(1)).toBe('item 1'))
    // The first page, the planner's estimate (the catalog has none here), the count, the page after it (read ahead)
    // and the anchors (read in the background) have landed.
    await waitFor(() => expect(reads).toBe(5))
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
    const loaded = { ...renders }

    // Far down (row 501): placeholders first, then the pages there (and either side) arrive.
    const grid = screen.getByRole('grid', { name: 'Rows' })
    Object.defineProperty(grid, 'scrollTop', { configurable: true, value: 35 * 500 })
    fireEvent.scroll(grid)
    await waitFor(() => expect(cellText(501)).toBe('item 501'))
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
    const scrolled = { header: renders.header - loaded.header, rows: renders.rows - loaded.rows }
    console.info(
      `Table editor renders: first load (a page, the count, the page after it, the anchors) header ${loaded.header}, rows ${loaded.rows}; ` +
        `a jump to row 501 until its rows are in (placeholders, then three pages) header ${scrolled.header}, rows ${scrolled.rows}`,
    )
    // The header draws once; a row slot draws when its row arrives (and, after a jump, once as a placeholder before).
    expect(loaded.header).toBe(1)
    expect(loaded.rows).toBe(VISIBLE)
    expect(scrolled.header).toBe(0)
    expect(scrolled.rows).toBeLessThanOrEqual(2 * VISIBLE)
  })

  it('scrolling row by row draws only the rows coming into view', async () => {
    const view = render(dataView())
    await waitFor(() => expect(cellText(1)).toBe('item 1'))
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
    const grid = view.getByRole('grid', { name: 'Rows' })
    const before = renders.rows
    for (let step = 1; step <= 3; step++) {
      Object.defineProperty(grid, 'scrollTop', { configurable: true, value: 35 * step })
      fireEvent.scroll(grid)
      await waitFor(() => expect(cellText(VISIBLE + step)).toBe(`item ${VISIBLE + step}`))
    }
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
    // Three rows came in, one a step; the rows that stayed kept their props and were not drawn again.
    expect(renders.rows - before).toBe(3)
    // And each stands where it should: its place in the layer plus the layer's shift.
    const drawnAt = (row: number) => {
      const element = document.querySelector<HTMLElement>(`[role=row][aria-rowindex="${row + 1}"]`)!
      const shift = /translate\([^,]+, (-?[\d.]+)px\)/.exec(element.parentElement!.style.transform)![1]!
      return parseFloat(element.style.top) + parseFloat(shift)
    }
    expect(cellText(3)).toBeUndefined()
    expect(drawnAt(4)).toBe(0)
    expect(drawnAt(5)).toBe(35)
    expect(drawnAt(VISIBLE + 3)).toBe(35 * (VISIBLE - 1))
  })

  it('the catalog answering after the rows started (a table just made, opened before the list knows it) does not read them again', async () => {
    const client = new QueryClient()
    const entity: TableEntity = { id: ITEMS_TABLE.id, schema: ITEMS_TABLE.schema, name: ITEMS_TABLE.name, type: 'table', comment: null, estimated_rows: ROWS, rls_enabled: true }
    const view = render(dataView(undefined, client))
    await waitFor(() => expect(screen.getByRole('status', { name: 'Row count' }).textContent).toBe('1,000 rows'))
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
    const before = reads
    view.rerender(dataView(entity, client))
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
    expect(reads).toBe(before)
    expect(cellText(1)).toBe('item 1')
  })
})

describe('Ctrl+End', () => {
  it("pressed while the planner's estimate is on its way waits for it, not for an exact count: the end's rows are read first", async () => {
    const asked: string[] = []
    let answerEstimate = () => {}
    const estimated = new Promise<void>((resolve) => (answerEstimate = resolve))
    server.use(
      http.post('*/platform/pg-meta/:ref/query', async ({ request }) => {
        const { query } = (await request.json()) as { query: string }
        asked.push(query)
        // A table of millions as the planner sees it; its answer held back until the key is pressed.
        if (query.startsWith('explain (format json)')) return estimated.then(() => HttpResponse.json([{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': 5_000_000 } }] }]))
        return HttpResponse.json(database.answer(query))
      }),
    )
    render(dataView())
    await waitFor(() => expect(cellText(1)).toBe('item 1'))
    fireEvent.keyDown(screen.getByRole('grid', { name: 'Rows' }), { key: 'End', ctrlKey: true })
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
    expect(asked.some((query) => query.includes('count(*)'))).toBe(false)
    answerEstimate()
    await waitFor(() => expect(asked.some((query) => query.includes('count(*)'))).toBe(true))
    const endRead = asked.findIndex((query) => /order by "id" desc/.test(query))
    expect(endRead).toBeGreaterThan(-1)
    expect(endRead).toBeLessThan(asked.findIndex((query) => query.includes('count(*)')))
    // Then counted: the table's own number of rows, not the estimate.
    await waitFor(() => expect(screen.getByRole('status', { name: 'Row count' }).textContent).toBe('1,000 rows'))
  })
})
