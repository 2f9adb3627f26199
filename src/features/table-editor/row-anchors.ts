import { anchorsHopAlongKey, cursorOf, rowAnchorsSql, type CursorValue, type RowSource } from '../../lib/sql/table-rows'

type Row = Record<string, unknown>
type RunRows = (sql: string, signal: AbortSignal) => Promise<Row[]>

/** An anchor (a row's order values and position) every this many rows: a jump is one read from the nearest. */
export const ANCHOR_STRIDE = 1000
/** Anchors per read: 100,000 rows scanned, ≈ 90 ms in the browser's database, so a page asked for meanwhile waits no longer. */
export const ANCHORS_PER_READ = 100
/** Anchors per read in the key's order, where they hop along the index (table-rows.ts): ≈ 2.5× cheaper each, so as many as fit the same time. */
export const KEY_ORDER_ANCHORS_PER_READ = 250
/** How far the anchors are read without a jump asking (≈ 2 s of the database for 1,000 anchors a second); past it, only on demand. */
export const BACKGROUND_ANCHOR_ROWS = 2_000_000

export interface AnchorOptions {
  stride?: number
  perRead?: number
  backgroundRows?: number
  /** The page reads under way: reading ahead in the background lets them go first. */
  pagesLoading: () => Promise<unknown>[]
}

/**
 * The anchors of one table (with its sort and filters), read from the top in slices of
 * `perRead`: in the background once the first page is in (up to `backgroundRows`, giving way to
 * the pages being read), and at full pace as far as a jump needs.
 */
export class RowAnchors {
  private readonly known: CursorValue[][] = []
  private complete = false
  /** The farthest anchor a page waits for (-1: none, so reading goes at the background's pace). */
  private wanted = -1
  private reading: Promise<void> | null = null
  private wake: (() => void) | null = null
  /** Page reads seen to settle (one still listed must not keep the loop spinning). */
  private readonly pagesDone = new WeakSet<Promise<unknown>>()
  private sliceRead = deferred()
  private readonly controller = new AbortController()
  readonly stride: number
  private readonly perRead: number
  private readonly backgroundRows: number

  constructor(
    private readonly source: RowSource,
    private readonly run: RunRows,
    private readonly options: AnchorOptions,
  ) {
    this.stride = options.stride ?? ANCHOR_STRIDE
    this.perRead = options.perRead ?? (anchorsHopAlongKey(source) ? KEY_ORDER_ANCHORS_PER_READ : ANCHORS_PER_READ)
    this.backgroundRows = options.backgroundRows ?? BACKGROUND_ANCHOR_ROWS
  }

  /** The anchor of the rows from `index × stride` on: undefined while not read yet, null past the last row. */
  at(index: number): readonly CursorValue[] | null | undefined {
    if (index < this.known.length) return this.known[index]
    return this.complete ? null : undefined
  }

  /** How many anchors are in hand (tests and the benchmark read it). */
  get size(): number {
    return this.known.length
  }

  /** Reads ahead at full pace until the anchor `index` is known (or the rows end); `signal`: the page that waits gave up. */
  async through(index: number, signal: AbortSignal): Promise<void> {
    this.wanted = Math.max(this.wanted, index)
    this.wake?.()
    const gaveUp = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
    while (this.at(index) === undefined && !signal.aborted && !this.controller.signal.aborted) {
      await Promise.race([this.readAhead(), this.sliceRead.promise, gaveUp])
    }
  }

  /** Reads ahead in the background; a failure here is nobody's (a jump that needs the anchors reads again and says). */
  background() {
    this.readAhead().catch(() => undefined)
  }

  /** Resolves when no slice is being read (tests and the benchmark wait on it). */
  async idle(): Promise<void> {
    while (this.reading) await this.reading.catch(() => undefined)
  }

  dispose() {
    this.controller.abort()
    this.wake?.()
  }

  private readAhead(): Promise<void> {
    if (this.reading) return this.reading
    const reading = this.readSlices().finally(() => {
      if (this.reading === reading) this.reading = null
    })
    this.reading = reading
    return reading
  }

  private async readSlices() {
    const signal = this.controller.signal
    while (!this.complete && !signal.aborted) {
      if (this.wanted < this.known.length) {
        if (this.known.length * this.stride >= this.backgroundRows) return
        const pages = this.options.pagesLoading().filter((page) => !this.pagesDone.has(page))
        if (pages.length > 0) {
          // Woken early when a page starts to wait for anchors.
          await new Promise<void>((resolve) => {
            this.wake = resolve
            void Promise.allSettled(pages).then(() => {
              for (const page of pages) this.pagesDone.add(page)
              resolve()
            })
          })
          this.wake = null
          continue
        }
      }
      await this.readSlice(signal)
    }
  }

  /** The next `perRead` anchors: a slice after the first starts at the last one known (read again, dropped). */
  private async readSlice(signal: AbortSignal) {
    const last = this.known.at(-1)
    const wanted = last ? this.perRead + 1 : this.perRead
    const rows = await this.run(rowAnchorsSql(this.source, { cursor: last ?? null, stride: this.stride, anchors: wanted }), signal)
    if (signal.aborted) return
    this.known.push(...(last ? rows.slice(1) : rows).map((row) => cursorOf(this.source, row)))
    if (rows.length < wanted) this.complete = true
    const read = this.sliceRead
    this.sliceRead = deferred()
    read.resolve()
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}
