import { EXACT_COUNT_ROW_LIMIT } from '../../constants'
import { cursorOf, estimatedRowsOf, rowCountSql, rowEstimateSql, rowOffsetWindowSql, rowWindowSql, type RowSource } from '../../lib/sql/table-rows'
import { ANCHOR_STRIDE, RowAnchors } from './row-anchors'

export type Row = Record<string, unknown>
/** Runs one read and answers its rows (pg-meta JSON). */
export type RunRows = (sql: string, signal: AbortSignal) => Promise<Row[]>

/** Rows per window read. */
export const PAGE_SIZE = 100
/** Pages kept in memory; the farthest from the rows in view go first. */
export const MAX_CACHED_PAGES = 300

export interface RowCount {
  value: number
  exact: boolean
}

/** How to read one page: the SQL, which of its rows are the page's, whether it reads forwards (a short answer then ends the rows), whether its place counts from the estimated end (`jumpToEnd`). */
type Read = { sql: string; take: (rows: Row[]) => Row[]; forward: boolean; fromEnd?: boolean }
type Plan = Read | { anchors: number } | { after: Promise<void> }

/**
 * The rows of one table (with its sort and filters) by position, read in windows by keyset:
 * a page continues from a neighbour's first or last row, the pages near the end read backwards
 * from it, and a far jump starts at the nearest anchor. Never OFFSET from the top.
 */
export class RowWindowStore {
  private readonly pages = new Map<number, Row[]>()
  private readonly loading = new Map<number, { promise: Promise<void>; controller: AbortController }>()
  private readonly failures = new Map<number, Error>()
  private anchors: RowAnchors
  private countLoading: Promise<void> | null = null
  private firstCount: Promise<void> = Promise.resolve()
  /** After a jump to the end under an estimated count (an exact one of 10M rows takes seconds): pages counted back from the estimated end, moved to their place once counted. */
  private endAtEstimate = false
  private readonly endPages = new Set<number>()
  /** The pages a jump to the end is reading, until the view comes to them. */
  private jumpPages = new Set<number>()
  private readonly listeners = new Set<() => void>()
  /** Aborts every read of this run of the store; a new one on each start after a dispose. */
  private controller = new AbortController()
  private wanted: [number, number] = [0, 0]
  /** The rows last asked for, read again by retry(). */
  private wantedRows: [number, number] = [0, PAGE_SIZE - 1]
  count: RowCount | null = null
  /** Bumped on every change, for useSyncExternalStore. */
  version = 0
  error: Error | null = null

  constructor(
    readonly source: RowSource,
    private readonly run: RunRows,
    /** The catalog's estimate of the table (pg_class.reltuples) as the store starts, used when nothing is filtered; null: not known yet. */
    private readonly tableEstimate: () => number | null,
  ) {
    this.anchors = this.newAnchors()
  }

  private newAnchors() {
    return new RowAnchors(this.source, this.run, { pagesLoading: () => [...this.loading.values()].map((loading) => loading.promise) })
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getVersion = () => this.version

  private changed() {
    this.version++
    for (const listener of this.listeners) listener()
  }

  /** Reads the first page and the count (exact for small results, the planner's estimate above EXACT_COUNT_ROW_LIMIT). */
  start() {
    // Started again after a dispose (React StrictMode remounts every effect in development): the
    // reads of the last run were aborted, so forget them and read anew.
    if (this.controller.signal.aborted) {
      this.controller = new AbortController()
      this.loading.clear()
      this.anchors = this.newAnchors()
      this.countLoading = null
      this.forgetEnd()
    }
    this.ensure(0, PAGE_SIZE - 1)
    this.firstCount = this.loadInitialCount()
  }

  /** Settles once the count first known (an estimate, or exact for a small table) is in, or its read failed. */
  countKnown(): Promise<void> {
    return this.firstCount
  }

  dispose() {
    this.controller.abort()
    for (const { controller } of this.loading.values()) controller.abort()
    this.anchors.dispose()
    this.listeners.clear()
  }

  row(index: number): Row | undefined {
    return this.pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE]
  }

  pageError(index: number): Error | undefined {
    return this.failures.get(Math.floor(index / PAGE_SIZE))
  }

  /** Rows the grid may show: the count when known, else what has been read so far. */
  get rowCount(): number {
    if (this.count) return this.count.value
    const first = this.pages.get(0)
    return first ? first.length : 0
  }

  /** Asks for the rows first..last (inclusive) and a page either side; pages out of range stop loading. */
  ensure(first: number, last: number) {
    const lastPage = this.count ? Math.max(0, Math.ceil(this.count.value / PAGE_SIZE) - 1) : Number.MAX_SAFE_INTEGER
    const firstInView = Math.floor(first / PAGE_SIZE)
    const lastInView = Math.min(lastPage, Math.floor(Math.max(first, last) / PAGE_SIZE))
    const from = Math.max(0, firstInView - 1)
    const to = Math.min(lastPage, lastInView + 1)
    this.wanted = [from, to]
    this.wantedRows = [first, last]
    // The end's pages a jump asked for stay asked until the view has come to them (what was in view a moment before does not abort them).
    if ([...this.jumpPages].some((page) => page >= from && page <= to)) this.jumpPages.clear()
    for (const [page, { controller }] of this.loading) if ((page < from || page > to) && !this.jumpPages.has(page)) controller.abort()
    // The pages in view first, then the one on either side: reads run one after another in the
    // database, so after a jump the rows on screen do not wait behind the page above them.
    for (let page = firstInView; page <= lastInView; page++) void this.load(page)
    for (let page = from; page <= to; page++) if (page < firstInView || page > lastInView) void this.load(page)
    this.evict()
  }

  /** The exact count, read now (the "Count exactly" button, and before a jump to the end). */
  countExactly(): Promise<void> {
    if (this.count?.exact) return Promise.resolve()
    if (this.countLoading) return this.countLoading
    const signal = this.controller.signal
    const loading: Promise<void> = this.read(rowCountSql(this.source), signal)
      .then(([row]) => this.setCount({ value: Number(row?.['count'] ?? 0), exact: true }))
      .catch((error: unknown) => this.fail(error, signal))
      .finally(() => {
        if (this.countLoading === loading) this.countLoading = null
      })
    this.countLoading = loading
    return loading
  }

  /**
   * Where a jump to the end goes: the last row when the count is exact; else (a table with a key) the
   * estimated end, its rows read backwards at once. `placed`: whether `row` is the end now;
   * `counted`: the exact count, asked for once the end's rows are in (the database answers one
   * statement at a time: a count of millions of rows first would hold them back for seconds).
   */
  jumpToEnd(): { row: number; placed: boolean; counted: Promise<void> } {
    if (this.count?.exact || !this.count || this.source.key.length === 0) {
      return { row: Math.max(0, this.rowCount - 1), placed: Boolean(this.count?.exact), counted: this.countExactly() }
    }
    this.endAtEstimate = true
    const row = Math.max(0, this.count.value - 1)
    const last = Math.floor(row / PAGE_SIZE)
    // The page above too: the end's page may hold only a few rows of the screen.
    const endPages = [last, last - 1].filter((page) => page >= 0)
    this.jumpPages = new Set(endPages)
    const ends = endPages.map((page) => this.load(page))
    return { row, placed: true, counted: Promise.all(ends).then(() => this.countExactly()) }
  }

  /** Replaces one row after an edit (the row the UPDATE returned). */
  replaceRow(index: number, row: Row) {
    const page = this.pages.get(Math.floor(index / PAGE_SIZE))
    if (!page) return
    page[index % PAGE_SIZE] = row
    this.changed()
  }

  /**
   * Replaces the first row in memory that `matches` (a change kept across a reload knows its row by
   * its key, not by its position); false when that row is not in memory.
   */
  replaceMatchingRow(matches: (row: Row) => boolean, row: Row): boolean {
    for (const page of this.pages.values()) {
      const index = page.findIndex(matches)
      if (index < 0) continue
      page[index] = row
      this.changed()
      return true
    }
    return false
  }

  /** Forgets every row, anchor and count (after inserts and deletes, which move positions). */
  reset() {
    for (const { controller } of this.loading.values()) controller.abort()
    this.loading.clear()
    this.pages.clear()
    this.failures.clear()
    this.anchors.dispose()
    this.anchors = this.newAnchors()
    this.forgetEnd()
    this.count = null
    this.error = null
    this.changed()
    this.start()
  }

  /** Resolves when no page is loading (tests and the benchmark wait on it). */
  async idle(): Promise<void> {
    while (this.loading.size > 0) await Promise.all([...this.loading.values()].map((l) => l.promise))
  }

  retry() {
    this.failures.clear()
    this.error = null
    this.changed()
    this.ensure(...this.wantedRows)
  }

  private async loadInitialCount() {
    const signal = this.controller.signal
    try {
      const filtered = (this.source.filters ?? []).length > 0
      let estimate = this.tableEstimate()
      // Not known, or 0 (never analyzed, as a table filled in PGlite stays): the planner's. An exact count first
      // of what may be millions of rows would hold the database, and every read behind it, for seconds.
      if (filtered || !estimate) {
        const [row] = await this.read(rowEstimateSql(this.source), signal)
        estimate = estimatedRowsOf(row)
      }
      if (estimate <= EXACT_COUNT_ROW_LIMIT) await this.countExactly()
      else if (!this.count && !signal.aborted) this.setCount({ value: estimate, exact: false })
    } catch (error) {
      this.fail(error, signal)
    }
  }

  private setCount(count: RowCount) {
    if (this.count?.exact && !count.exact) return
    if (count.exact) this.moveEndPages(count.value)
    this.count = count
    // Pages past a shrunken end are stale guesses.
    for (const page of this.pages.keys()) if (page * PAGE_SIZE >= count.value && count.value > 0) this.pages.delete(page)
    this.changed()
  }

  /** The pages read from the estimated end go to their place under the exact count `total` (whole pages only: a part one is read again). */
  private moveEndPages(total: number) {
    if (!this.endAtEstimate || !this.count) return
    // From the estimated end's page back while they join up, to the table's first row at most (a short page above the last).
    const run: Row[][] = []
    const last = Math.floor((this.count.value - 1) / PAGE_SIZE)
    for (let page = last; this.endPages.has(page); page--) {
      const rows = this.pages.get(page)
      if (!rows) break
      run.unshift(rows)
      if (page < last && rows.length < PAGE_SIZE) break
    }
    for (const page of this.endPages) this.pages.delete(page)
    this.forgetEnd()
    const rows = run.flat()
    const first = total - rows.length
    if (rows.length === 0 || first < 0) return
    for (let page = Math.ceil(first / PAGE_SIZE); page * PAGE_SIZE < total; page++) {
      if (!this.pages.has(page)) this.pages.set(page, rows.slice(page * PAGE_SIZE - first, Math.min(total, (page + 1) * PAGE_SIZE) - first))
    }
  }

  private forgetEnd() {
    this.endAtEstimate = false
    this.endPages.clear()
    this.jumpPages.clear()
  }

  /** A failure of a read whose run was not aborted (an aborted read's error is nobody's). */
  private fail(error: unknown, signal: AbortSignal) {
    if (signal.aborted) return
    this.error = error instanceof Error ? error : new Error(String(error))
    this.changed()
  }

  private read(sql: string, signal: AbortSignal) {
    return this.run(sql, signal)
  }

  private plan(page: number): Plan {
    const start = page * PAGE_SIZE
    const source = this.source
    if (source.key.length === 0) return { sql: rowOffsetWindowSql(source, start, PAGE_SIZE), take: (rows) => rows, forward: true }
    if (page === 0) return { sql: rowWindowSql(source, { cursor: null, limit: PAGE_SIZE }), take: (rows) => rows, forward: true }
    const previous = this.pages.get(page - 1)
    if (previous?.length === PAGE_SIZE) {
      const fromEnd = this.endPages.has(page - 1)
      return { sql: rowWindowSql(source, { cursor: cursorOf(source, previous.at(-1)!), limit: PAGE_SIZE }), take: (rows) => rows, forward: true, fromEnd }
    }
    const next = this.pages.get(page + 1)
    if (next?.length) {
      return {
        sql: rowWindowSql(source, { cursor: cursorOf(source, next[0]!), limit: PAGE_SIZE, backward: true }),
        take: (rows) => rows.reverse(),
        forward: false,
        fromEnd: this.endPages.has(page + 1),
      }
    }
    if (this.count && (this.count.exact || this.endAtEstimate)) {
      const toEnd = this.count.value - start
      if (toEnd <= 0) return { sql: '', take: () => [], forward: false }
      if (toEnd <= ANCHOR_STRIDE) {
        return {
          sql: rowWindowSql(source, { cursor: null, limit: toEnd, backward: true }),
          // Fewer rows than asked for: the table starts inside this page (or below it).
          take: (rows) => rows.reverse().slice(Math.max(0, rows.length - toEnd), Math.max(0, rows.length - toEnd + PAGE_SIZE)),
          forward: false,
          fromEnd: !this.count.exact,
        }
      }
    }
    const index = Math.floor(start / ANCHOR_STRIDE)
    const anchor = this.anchors.at(index)
    if (anchor === null) return { sql: '', take: () => [], forward: false }
    if (anchor) {
      return {
        sql: rowWindowSql(source, { cursor: anchor, inclusive: true, offset: start - index * ANCHOR_STRIDE, limit: PAGE_SIZE }),
        take: (rows) => rows,
        forward: true,
      }
    }
    // A neighbour on its way is cheaper than the anchors: wait for it.
    const neighbour = this.loading.get(page - 1) ?? this.loading.get(page + 1)
    if (neighbour) return { after: neighbour.promise }
    return { anchors: index }
  }

  private load(page: number): Promise<void> {
    if (this.pages.has(page) || this.failures.has(page)) return Promise.resolve()
    const existing = this.loading.get(page)
    if (existing) return existing.promise
    const controller = new AbortController()
    const storeSignal = this.controller.signal
    const abort = () => controller.abort()
    storeSignal.addEventListener('abort', abort)
    // In the map before it runs: a read that settles at once must still leave it.
    const entry = { promise: Promise.resolve(), controller }
    this.loading.set(page, entry)
    entry.promise = (async () => {
      try {
        for (;;) {
          if (controller.signal.aborted) return
          const plan = this.plan(page)
          if ('anchors' in plan) {
            // A jump settles the count too (the grid's end), before the anchors it needs.
            await this.countExactly()
            await this.anchors.through(plan.anchors, controller.signal)
            continue
          }
          if ('after' in plan) {
            await plan.after.catch(() => undefined)
            continue
          }
          const rows = plan.sql ? plan.take(await this.read(plan.sql, controller.signal)) : []
          if (controller.signal.aborted) return
          // Read from the estimated end, which the exact count has moved meanwhile: read it anew.
          if (plan.fromEnd && !this.endAtEstimate) continue
          this.pages.set(page, rows)
          if (plan.fromEnd) this.endPages.add(page)
          else this.endPages.delete(page)
          // A table longer than a page: its anchors are read in the background from now on, so a jump seldom waits for them.
          if (page === 0 && rows.length === PAGE_SIZE && this.source.key.length > 0) this.anchors.background()
          // A short page read forwards is the end: now the count is exact.
          if (plan.forward && !plan.fromEnd && plan.sql && rows.length < PAGE_SIZE && !this.count?.exact) this.setCount({ value: page * PAGE_SIZE + rows.length, exact: true })
          this.changed()
          return
        }
      } catch (error) {
        if (controller.signal.aborted) return
        this.failures.set(page, error instanceof Error ? error : new Error(String(error)))
        this.fail(error, controller.signal)
      } finally {
        if (this.loading.get(page) === entry) this.loading.delete(page)
        storeSignal.removeEventListener('abort', abort)
      }
    })()
    return entry.promise
  }

  /** Drops the pages farthest from the ones wanted when too many are cached. */
  private evict() {
    if (this.pages.size <= MAX_CACHED_PAGES) return
    const [from, to] = this.wanted
    const distance = (page: number) => (page < from ? from - page : page > to ? page - to : 0)
    const byDistance = [...this.pages.keys()].sort((a, b) => distance(b) - distance(a))
    for (const page of byDistance.slice(0, this.pages.size - MAX_CACHED_PAGES)) {
      this.pages.delete(page)
      this.endPages.delete(page)
    }
  }
}
