/**
 * A simple-protocol answer turned into results while it arrives: the results PGlite's own result
 * building gives with every value left as text (`rowMode: 'array'`, identity parsers: what
 * pglite-database.ts asks for), and meanwhile the rows each batch of messages added.
 */
import type { RawResult } from './decode.ts'
import type { AnswerMessage } from './raw-pglite-worker.ts'

/** The rows one batch of messages added to one result (its index among the answer's results). */
export interface RowsRead {
  index: number
  fields: RawResult['fields']
  rows: (string | null)[][]
}

export class StreamedResults {
  readonly #results: RawResult[] = []
  #current: RawResult = { fields: [], rows: [] }
  #error: Error | null = null

  /** Takes messages in order; returns the rows they added, by result. */
  add(messages: readonly AnswerMessage[]): RowsRead[] {
    const read: RowsRead[] = []
    let batch = null as RowsRead | null
    for (const message of messages) {
      if (message.name === 'rowDescription' && 'fields' in message) {
        this.#current.fields = (message as Extract<AnswerMessage, { name: 'rowDescription' }>).fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }))
      } else if (message.name === 'dataRow' && 'fields' in message) {
        const values = (message as Extract<AnswerMessage, { name: 'dataRow' }>).fields
        this.#current.rows.push(values)
        if (batch?.index !== this.#results.length) {
          batch = { index: this.#results.length, fields: this.#current.fields, rows: [] }
          read.push(batch)
        }
        batch.rows.push(values)
      } else if (message.name === 'commandComplete' && 'text' in message) {
        // As PGlite reads a command tag: its first word, and the number it ends in where it has one.
        const parts = message.text.split(' ')
        const rowCount = parseInt(parts[parts.length - 1]!, 10)
        this.#results.push({ ...this.#current, command: parts[0], ...(Number.isNaN(rowCount) ? {} : { rowCount }) })
        this.#current = { fields: [], rows: [] }
      } else if (message.name === 'error' && message instanceof Error) {
        this.#error ??= message
      }
    }
    return read
  }

  /** The answer's results once it has all arrived; the first error Postgres sent is thrown instead. */
  finish(): RawResult[] {
    if (this.#error) throw this.#error
    return this.#results
  }
}

/** A simple-protocol Query message: the text, every statement in it run in turn. */
export function simpleQueryMessage(sql: string): Uint8Array {
  const text = new TextEncoder().encode(sql)
  const message = new Uint8Array(text.length + 6)
  message[0] = 0x51 // 'Q'
  new DataView(message.buffer).setInt32(1, text.length + 5)
  message.set(text, 5)
  return message
}
