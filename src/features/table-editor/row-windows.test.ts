import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { EXACT_COUNT_ROW_LIMIT } from '../../constants'
import { rowCountSql, type RowSource } from '../../lib/sql/table-rows'
import { useRowsDatabase } from '../../test/rows-database'
import { ANCHOR_STRIDE } from './row-anchors'
import { PAGE_SIZE, RowWindowStore } from './row-windows'

const ROWS = 2_537
const base: RowSource = { schema: 'window test', table: 'the "rows"', key: ['id'] }

const rows = useRowsDatabase(
  'windows',
  `create schema "window test";
    create table "window test"."the ""rows""" (id int primary key, label text);
    insert into "window test"."the ""rows""" select g, case when g % 5 = 0 then null else md5(g::text) end from generate_series(1, ${ROWS}) g;
    analyze "window test"."the ""rows""";`,
)
const { reads, run, everyRow } = rows

async function started(source: RowSource, estimate = ROWS) {
  const store = new RowWindowStore(source, run, () => estimate)
  store.start()
  await store.idle()
  await store.countExactly()
  return store
}

describe('RowWindowStore', () => {
  it('reads the first page and an exact count for a small table', async () => {
    const store = await started(base)
    expect(store.count).toEqual({ value: ROWS, exact: true })
    expect(store.row(0)).toEqual({ id: 1, label: expect.any(String) })
    expect(store.row(PAGE_SIZE * 2 - 1)).toEqual({ id: PAGE_SIZE * 2, label: null })
    store.dispose()
  })

  it('started, disposed and started again at once (React StrictMode in development) reads its rows and count', async () => {
    const store = new RowWindowStore(base, run, () => ROWS)
    store.start()
    store.dispose()
    store.start()
    await store.idle()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(store.error).toBeNull()
    expect(store.row(0)).toEqual({ id: 1, label: expect.any(String) })
    expect(store.count).toEqual({ value: ROWS, exact: true })
    store.dispose()
  })

  it('keeps an estimate above the exact-count limit until asked', async () => {
    const store = new RowWindowStore(base, run, () => 1_000_000)
    store.start()
    await store.idle()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(store.count).toEqual({ value: 1_000_000, exact: false })
    await store.countExactly()
    expect(store.count).toEqual({ value: ROWS, exact: true })
    store.dispose()
  })

  it('shows the rows every position implies, whatever order the windows are asked for in', async () => {
    const sources: RowSource[] = [
      base,
      { ...base, sort: [{ column: 'label', direction: 'desc' }] },
      { ...base, sort: [{ column: 'label', direction: 'asc' }], filters: [{ column: 'id', operator: '>', value: '400' }] },
    ]
    for (const source of sources) {
      const all = await everyRow(source)
      await fc.assert(
        fc.asyncProperty(fc.array(fc.integer({ min: 0, max: all.length - 1 }), { minLength: 1, maxLength: 6 }), async (positions) => {
          const store = await started(source)
          for (const position of positions) {
            store.ensure(position, position + 20)
            await store.idle()
            for (const p of [position, Math.min(all.length - 1, position + 20)]) expect(store.row(p)).toEqual(all[p])
          }
          store.dispose()
        }),
        { numRuns: 8 },
      )
    }
  }, 60_000)

  it('never reads with an offset from the top: far jumps start at an anchor, the end reads backwards', async () => {
    const opening = reads.length
    const store = await started(base)
    const openingReads = reads.slice(opening)
    reads.length = 0
    store.ensure(ROWS - 10, ROWS - 1)
    await store.idle()
    expect(store.row(ROWS - 1)).toMatchObject({ id: ROWS })
    expect(reads.every((sql) => / desc limit \d+$/.test(sql))).toBe(true)
    reads.length = 0
    store.ensure(1_234, 1_260)
    await store.idle()
    expect(store.row(1_234)).toMatchObject({ id: 1_235 })
    // The anchors: read in the background once the first page was in, or for this jump.
    expect([...openingReads, ...reads].some((sql) => sql.includes('studio_anchor'))).toBe(true)
    for (const sql of reads) {
      const offset = /offset (\d+)/.exec(sql)
      if (offset) expect(Number(offset[1])).toBeLessThan(ANCHOR_STRIDE)
    }
    store.dispose()
  })

  it("jumps to the end of an estimated count at once: the end's rows at the estimated end, moved to their place when counted", async () => {
    for (const source of [base, { ...base, sort: [{ column: 'label', direction: 'desc' as const }, { column: 'id', direction: 'asc' as const }] }]) {
      // The count is held back, as an exact count of millions of rows would be.
      let release = () => {}
      const counted = new Promise<void>((resolve) => (release = resolve))
      const all = await everyRow(source)
      // Whether the end's rows were in when the count was asked for: the database answers one statement at a time.
      let endInWhenCounted: boolean | null = null
      const store: RowWindowStore = new RowWindowStore(
        source,
        async (sql, signal) => {
          if (sql === rowCountSql(source)) {
            endInWhenCounted ??= store.row(1_000_049) !== undefined
            await counted
          }
          return run(sql, signal)
        },
        () => 1_000_050,
      )
      store.start()
      await store.idle()
      const end = store.jumpToEnd()
      expect(end).toMatchObject({ row: 1_000_049, placed: true })
      await vi.waitFor(() => expect(endInWhenCounted).toBe(true))
      store.ensure(end.row - 20, end.row)
      await store.idle()
      expect(store.row(end.row)).toEqual(all.at(-1))
      expect(store.row(end.row - 60)).toEqual(all.at(-61))
      // Scrolled up from the end: read backwards from the page below.
      store.ensure(end.row - 320, end.row - 300)
      await store.idle()
      expect(store.row(end.row - 310)).toEqual(all.at(-311))
      release()
      await store.countExactly()
      expect(store.count).toEqual({ value: ROWS, exact: true })
      const kept = all.map((_, index) => store.row(index))
      expect(kept.at(-1)).toEqual(all.at(-1))
      kept.forEach((row, index) => row && expect(row, `row ${index}`).toEqual(all[index]))
      expect(kept.filter(Boolean).length).toBeGreaterThan(PAGE_SIZE)
      store.ensure(ROWS - 400, ROWS - 1)
      await store.idle()
      for (let index = ROWS - 400; index < ROWS; index++) expect(store.row(index)).toEqual(all[index])
      store.dispose()
    }
  })

  it("a jump's end reads go on while the view is still where it was (the top asked for again before the scroll lands)", async () => {
    let release = () => {}
    const counted = new Promise<void>((resolve) => (release = resolve))
    const all = await everyRow(base)
    const store = new RowWindowStore(base, async (sql, signal) => (sql === rowCountSql(base) && (await counted), run(sql, signal)), () => 1_000_050)
    store.start()
    await store.idle()
    const end = store.jumpToEnd()
    // The grid re-renders as the jump starts: its view, not scrolled yet, asks for the top once more.
    store.ensure(0, 30)
    await vi.waitFor(() => expect(store.row(end.row)).toEqual(all.at(-1)))
    // Come to the end, the view asks for it: from then on, the top is what a move away aborts again.
    store.ensure(end.row - 30, end.row)
    release()
    await store.countExactly()
    expect(store.count).toEqual({ value: ROWS, exact: true })
    store.dispose()
  })

  it("a table the catalog has no estimate of (not known yet, or 0: never analyzed) is not counted first: the planner's estimate, an exact count only when small", async () => {
    await rows.db().exec(`create table "window test".unanalyzed (id int primary key); insert into "window test".unanalyzed select generate_series(1, ${EXACT_COUNT_ROW_LIMIT + 10_000})`)
    await rows.db().exec(`create table "window test".small_unanalyzed (id int primary key); insert into "window test".small_unanalyzed select generate_series(1, 350)`)
    for (const estimate of [null, 0]) {
      for (const [table, counted] of [['unanalyzed', false], ['small_unanalyzed', true]] as const) {
        const source: RowSource = { schema: 'window test', table, key: ['id'] }
        const asked: string[] = []
        const store = new RowWindowStore(source, (sql, signal) => (asked.push(sql), run(sql, signal)), () => estimate)
        store.start()
        await vi.waitFor(() => expect(store.count).not.toBeNull())
        if (counted) expect(store.count).toEqual({ value: 350, exact: true })
        else expect(store.count).toMatchObject({ exact: false, value: expect.any(Number) as number })
        if (!counted) expect(store.count!.value).toBeGreaterThan(EXACT_COUNT_ROW_LIMIT)
        expect(asked.includes(rowCountSql(source))).toBe(counted)
        store.dispose()
      }
    }
  })

  it('a far too high estimate: the rows read from its end reach the first row, and the count puts each in its place once', async () => {
    await rows.db().exec(`create table "window test".few (id int primary key); insert into "window test".few select generate_series(1, 350)`)
    const source: RowSource = { schema: 'window test', table: 'few', key: ['id'] }
    let release = () => {}
    const counted = new Promise<void>((resolve) => (release = resolve))
    const store = new RowWindowStore(source, async (sql, signal) => (sql === rowCountSql(source) && (await counted), run(sql, signal)), () => 60_000)
    store.start()
    await store.idle()
    const end = store.jumpToEnd()
    expect(end).toMatchObject({ row: 59_999, placed: true })
    store.ensure(59_980, 59_999)
    await store.idle()
    expect(store.row(59_999)).toEqual({ id: 350 })
    // Up to where the table's first row is, counted from the estimated end (the page above it is empty).
    store.ensure(59_600, 59_620)
    await store.idle()
    expect([store.row(59_599), store.row(59_700), store.row(59_799)]).toEqual([undefined, { id: 51 }, { id: 150 }])
    release()
    await store.countExactly()
    expect(store.count).toEqual({ value: 350, exact: true })
    expect(Array.from({ length: 351 }, (_, index) => store.row(index))).toEqual([...Array.from({ length: 350 }, (_, index) => ({ id: index + 1 })), undefined])
    store.dispose()
  })

  it('after a jump, the page in view is read before the pages on either side', async () => {
    const store = await started(base)
    store.ensure(1_234, 1_260) // the anchors, read once
    await store.idle()
    reads.length = 0
    store.ensure(1_550, 1_570)
    await store.idle()
    expect(store.row(1_550)).toMatchObject({ id: 1_551 })
    // Page 15 (rows 1,500–1,599, 500 past the anchor at 1,000) holds the view; 14 and 16 come after it.
    expect(reads).toHaveLength(3)
    expect(reads[0]).toMatch(/ limit 100 offset 500$/)
    store.dispose()
  })

  it('replaces an edited row in place and reads again after reset', async () => {
    const store = await started(base)
    store.replaceRow(3, { id: 4, label: 'edited' })
    expect(store.row(3)).toEqual({ id: 4, label: 'edited' })
    store.reset()
    await store.idle()
    expect(store.row(3)).toEqual({ id: 4, label: expect.not.stringMatching('edited') })
    store.dispose()
  })

  it('replaces a row found by its key (a change kept across a reload knows no position)', async () => {
    const store = await started(base)
    const changed = vi.fn()
    store.subscribe(changed)
    expect(store.replaceMatchingRow((row) => row['id'] === 7, { id: 7, label: 'kept edit' })).toBe(true)
    expect(store.row(6)).toEqual({ id: 7, label: 'kept edit' })
    expect(changed).toHaveBeenCalledTimes(1)
    expect(store.replaceMatchingRow((row) => row['id'] === -1, { id: -1 })).toBe(false)
    expect(changed).toHaveBeenCalledTimes(1)
    store.dispose()
  })

  it('reports a failed read and reads again on retry', async () => {
    let failing = true
    const store = new RowWindowStore(base, (sql, signal) => (failing ? Promise.reject(new Error('relation does not exist')) : run(sql, signal)), () => ROWS)
    store.start()
    await store.idle()
    expect(store.error?.message).toBe('relation does not exist')
    expect(store.row(0)).toBeUndefined()
    failing = false
    store.retry()
    await store.idle()
    expect(store.error).toBeNull()
    expect(store.row(0)).toMatchObject({ id: 1 })
    store.dispose()
  })
})

describe('RowWindowStore without a key', () => {
  it('reads a view by position', async () => {
    await rows.db().exec(`create view "window test".evens as select id, label from "window test"."the ""rows""" where id % 2 = 0`)
    const source: RowSource = { schema: 'window test', table: 'evens', key: [], sort: [{ column: 'id', direction: 'desc' }] }
    const store = await started(source, 0)
    expect(store.count).toEqual({ value: Math.floor(ROWS / 2), exact: true })
    store.ensure(1_000, 1_010)
    await store.idle()
    expect(store.row(1_000)).toMatchObject({ id: (Math.floor(ROWS / 2) - 1_000) * 2 })
    store.dispose()
  })
})
