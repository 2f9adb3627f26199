import { PG_META_ROW_PARTS } from '../../src/constants'
import { toRowColumns, type RowColumns } from '../../src/lib/row-columns'
import type { PgMetaErrorBody } from '../postgres/errors'

type Row = Record<string, unknown>

/** When a text the dashboard split as one statement gave rows of several results (Postgres split it otherwise). */
export const OTHER_RESULTS_MESSAGE = 'This text ran as more than one statement and answered with rows of several of them: run its statements one at a time.'

/** The last line of an answer in parts (PG_META_ROW_PARTS): what is known only once the statement has finished. */
export type PartsEndLine = { end: { rowCount: number; serverTiming: string } } | { error: PgMetaErrorBody; status: number }

/**
 * The rows of one statement's answer as the database reads them (`add`, given as `onRows`), written
 * as the lines of PG_META_ROW_PARTS: the first batch once it is in, then whatever has arrived since
 * (at most a batch a line), each in columns, then the end line. Rows of any later result are not
 * this answer's: they are counted, and the handler says so instead of sending a mixed answer.
 */
export class RowParts {
  readonly rows: Row[] = []
  /** Whether rows of a later result arrived (the text held more than one statement after all). */
  otherResults = false
  #wake: (() => void) | null = null
  #onFirstPart: (() => void) | null = null
  readonly #firstPart = new Promise<void>((resolve) => (this.#onFirstPart = resolve))

  /** An answer already whole. */
  static of(rows: Row[]): RowParts {
    const parts = new RowParts()
    parts.add(rows, 0)
    return parts
  }

  readonly add = (rows: Row[], resultIndex: number): void => {
    if (resultIndex !== 0) {
      this.otherResults = true
      return
    }
    // One at a time: spreading tens of thousands of rows into push's arguments would strain the stack.
    for (const row of rows) this.rows.push(row)
    if (this.rows.length > PG_META_ROW_PARTS.firstBatchRows) this.#onFirstPart?.()
    this.#wake?.()
  }

  /**
   * Whether more than a first batch has arrived before `running` settles: then the answer goes in
   * parts while the statement goes on; else the handler answers as usual once it has finished.
   */
  firstPartBefore(running: Promise<unknown>): Promise<boolean> {
    return Promise.race([this.#firstPart.then(() => true), running.then(
      () => false,
      () => false,
    )])
  }

  /** The lines, rows first as they arrive, `ending` last. */
  async *lines(ending: Promise<PartsEndLine>): AsyncGenerator<RowColumns | PartsEndLine> {
    let ended = null as PartsEndLine | null
    void ending.then((line) => {
      ended = line
      this.#wake?.()
    })
    let sent = 0
    for (;;) {
      const size = sent === 0 ? PG_META_ROW_PARTS.firstBatchRows : PG_META_ROW_PARTS.batchRows
      if (sent < this.rows.length && (sent > 0 || this.rows.length >= size || ended)) {
        const batch = this.rows.slice(sent, sent + size)
        sent += batch.length
        yield toRowColumns(batch)
        continue
      }
      if (ended) break
      await new Promise<void>((resolve) => (this.#wake = resolve))
      this.#wake = null
    }
    yield ended as PartsEndLine
  }
}
