import { describe, expect, it } from 'vitest'
import { cursorOf, type RowSource } from '../../lib/sql/table-rows'
import { useRowsDatabase } from '../../test/rows-database'
import { RowAnchors } from './row-anchors'

const ROWS = 2_537
const STRIDE = 100
const base: RowSource = { schema: 'public', table: 'anchored', key: ['id'] }

const { reads, run, everyRow } = useRowsDatabase(
  'anchors',
  `create table public.anchored (id int primary key, label text);
    insert into public.anchored select g, case when g % 7 = 0 then null else md5(g::text) end from generate_series(1, ${ROWS}) g;
    create table public.paired (a int, b int, primary key (a, b));
    insert into public.paired select g / 10, g % 10 from generate_series(1, ${ROWS}) g;`,
)
const noPages = () => []

/** The anchors one pass over every row gives: the order values of every STRIDE-th row. */
async function expectedAnchors(source: RowSource) {
  const all = await everyRow(source)
  return all.filter((_, position) => position % STRIDE === 0).map((row) => cursorOf(source, row))
}

describe('RowAnchors', () => {
  it('read in slices, they are the anchors of one pass over every row, in any order and filter', async () => {
    const sources: RowSource[] = [
      base,
      { ...base, filters: [{ column: 'id', operator: '>', value: '300' }] },
      { ...base, sort: [{ column: 'label', direction: 'desc' }] },
      { ...base, sort: [{ column: 'label', direction: 'asc' }], filters: [{ column: 'id', operator: '>', value: '300' }] },
    ]
    for (const source of sources) {
      const expected = await expectedAnchors(source)
      const anchors = new RowAnchors(source, run, { stride: STRIDE, perRead: 4, pagesLoading: noPages })
      await anchors.through(expected.length - 1, new AbortController().signal)
      expect(Array.from({ length: expected.length }, (_, index) => anchors.at(index))).toEqual(expected)
      // The last slice came back short: past the last anchor there is none.
      await anchors.through(expected.length, new AbortController().signal)
      expect(anchors.at(expected.length)).toBeNull()
      anchors.dispose()
    }
  })

  it('in a composite key\'s order they hop along its index to the same anchors', async () => {
    const paired: RowSource = { schema: 'public', table: 'paired', key: ['a', 'b'] }
    for (const source of [paired, { ...paired, filters: [{ column: 'b', operator: '<>' as const, value: '3' }] }]) {
      const expected = await expectedAnchors(source)
      const anchors = new RowAnchors(source, run, { stride: STRIDE, perRead: 4, pagesLoading: noPages })
      await anchors.through(expected.length, new AbortController().signal)
      expect(Array.from({ length: expected.length }, (_, index) => anchors.at(index))).toEqual(expected)
      expect(anchors.at(expected.length)).toBeNull()
      anchors.dispose()
    }
  })

  it('in the background they stop at their cap; a jump reads on past it at full pace', async () => {
    reads.length = 0
    const anchors = new RowAnchors(base, run, { stride: STRIDE, perRead: 3, backgroundRows: 500, pagesLoading: noPages })
    anchors.background()
    await anchors.idle()
    // Slices of 3, then 3 more from the last: 600 rows covered, past the cap of 500.
    expect(anchors.size).toBe(6)
    expect(reads).toHaveLength(2)
    expect(anchors.at(6)).toBeUndefined()
    await anchors.through(20, new AbortController().signal)
    expect(anchors.size).toBeGreaterThanOrEqual(21)
    expect(anchors.at(20)).toEqual((await expectedAnchors(base))[20])
    anchors.dispose()
  })

  it('in the background they give way to the pages being read, unless a page waits for them', async () => {
    reads.length = 0
    let finishPage!: () => void
    const page = new Promise<void>((resolve) => {
      finishPage = resolve
    })
    const anchors = new RowAnchors(base, run, { stride: STRIDE, perRead: 3, pagesLoading: () => [page] })
    anchors.background()
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(reads).toHaveLength(0)
    // A jump waiting for anchor 4 reads at once, though the page is still being read.
    await anchors.through(4, new AbortController().signal)
    expect(anchors.size).toBeGreaterThanOrEqual(5)
    finishPage()
    await anchors.idle()
    expect(anchors.at(25)).not.toBeUndefined()
    anchors.dispose()
  })

  it('a page that gives up stops waiting; disposed, they read no more', async () => {
    reads.length = 0
    const never = new Promise<void>(() => {})
    const anchors = new RowAnchors(base, run, { stride: STRIDE, perRead: 1, pagesLoading: () => [never] })
    const page = new AbortController()
    const waiting = anchors.through(25, page.signal)
    page.abort()
    await waiting
    anchors.dispose()
    await anchors.idle()
    const after = reads.length
    expect(after).toBeLessThan(26)
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(reads).toHaveLength(after)
  })
})
