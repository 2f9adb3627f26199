/**
 * The page's side of a project database in a worker. PGliteWorker asks the worker for parsed
 * protocol messages: the worker parses every row into an object and the page gets them back by
 * structured clone over a BroadcastChannel, copied object by object (100,000 rows: ~240 ms to parse,
 * ~170 ms to clone and as much to rebuild, in node). Here the page asks for Postgres's answer as
 * bytes, one buffer (the worker collects them unparsed: forwarding-pglite.ts), and reads them once.
 *
 * The reading is ours, not PGlite's parser: that one comes only with PGlite's whole module (121 KB
 * gzip more for the page). PGlite turns messages into results by their `name` alone, so the
 * messages it reads are written here with the same names and fields: row descriptions, data rows,
 * command completions, parameter descriptions; errors thrown with every field Postgres sent.
 * Notifications are not dispatched (we LISTEN to nothing).
 */
import type { PGliteWorker } from '@electric-sql/pglite/worker'
import { joinBytes } from '../../src/lib/join-bytes.ts'
import type { StreamToChannel } from './forwarding-pglite.ts'

/** What PGlite's result building reads of a message (its `name`, and the fields of the four it uses). */
export type AnswerMessage =
  | { name: 'rowDescription'; fields: { name: string; tableID: number; columnID: number; dataTypeID: number; dataTypeSize: number; dataTypeModifier: number; format: number }[] }
  | { name: 'dataRow'; fields: (string | null)[] }
  | { name: 'commandComplete'; text: string }
  | { name: 'parameterDescription'; dataTypeIDs: number[] }
  | { name: string }

/** ErrorResponse and NoticeResponse field codes, named as PGlite and node-postgres name them. */
const NOTICE_FIELDS: Readonly<Record<string, string>> = {
  M: 'message',
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
}

/** The other messages by their type byte, named as PGlite's parser names them. */
const SIMPLE_MESSAGES: Readonly<Record<number, string>> = {
  0x31: 'parseComplete',
  0x32: 'bindComplete',
  0x33: 'closeComplete',
  0x6e: 'noData',
  0x73: 'portalSuspended',
  0x49: 'emptyQuery',
  0x5a: 'readyForQuery',
  0x53: 'parameterStatus',
  0x4b: 'backendKeyData',
  0x41: 'notification',
  0x47: 'copyInResponse',
  0x48: 'copyOutResponse',
  0x64: 'copyData',
  0x63: 'copyDone',
}

const text = new TextDecoder()

class AnswerReader {
  offset = 0
  constructor(
    readonly bytes: Uint8Array,
    readonly view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  ) {}
  int16() {
    const value = this.view.getInt16(this.offset)
    this.offset += 2
    return value
  }
  int32() {
    const value = this.view.getInt32(this.offset)
    this.offset += 4
    return value
  }
  string(length: number) {
    const value = text.decode(this.bytes.subarray(this.offset, this.offset + length))
    this.offset += length
    return value
  }
  cstring() {
    const end = this.bytes.indexOf(0, this.offset)
    const value = text.decode(this.bytes.subarray(this.offset, end))
    this.offset = end + 1
    return value
  }
}

function noticeFields(reader: AnswerReader, end: number): Record<string, string> {
  const fields: Record<string, string> = Object.create(null)
  while (reader.offset < end) {
    const code = reader.bytes[reader.offset++]!
    if (code === 0) break
    const value = reader.cstring()
    const name = NOTICE_FIELDS[String.fromCharCode(code)]
    if (name) fields[name] = value // others (V, the severity untranslated) are left out, as PGlite does
  }
  return fields
}

/**
 * The whole messages at the start of `bytes`, as PGlite reads them; `consumed` is where an unfinished
 * one begins (an answer read as it arrives is cut anywhere) and `error` the first ErrorResponse.
 */
function readMessages(bytes: Uint8Array, onNotice?: (notice: object) => void): { messages: AnswerMessage[]; consumed: number; error: Error | null } {
  const reader = new AnswerReader(bytes)
  const messages: AnswerMessage[] = []
  let error: Error | null = null
  while (reader.offset + 5 <= bytes.length) {
    const start = reader.offset
    const type = bytes[reader.offset++]!
    const end = reader.offset + reader.int32()
    if (end > bytes.length) {
      reader.offset = start
      break
    }
    if (type === 0x44) {
      const count = reader.int16()
      const fields = new Array<string | null>(count)
      for (let i = 0; i < count; i++) {
        const length = reader.int32()
        fields[i] = length === -1 ? null : reader.string(length)
      }
      messages.push({ name: 'dataRow', fields })
    } else if (type === 0x54) {
      const count = reader.int16()
      const fields = Array.from({ length: count }, () => {
        const name = reader.cstring()
        const tableID = reader.int32()
        const columnID = reader.int16()
        const dataTypeID = reader.int32()
        const dataTypeSize = reader.int16()
        const dataTypeModifier = reader.int32()
        const format = reader.int16()
        return { name, tableID, columnID, dataTypeID, dataTypeSize, dataTypeModifier, format }
      })
      messages.push({ name: 'rowDescription', fields })
    } else if (type === 0x43) {
      messages.push({ name: 'commandComplete', text: reader.cstring() })
    } else if (type === 0x74) {
      const count = reader.int16()
      messages.push({ name: 'parameterDescription', dataTypeIDs: Array.from({ length: count }, () => reader.int32()) })
    } else if (type === 0x45 || type === 0x4e) {
      const { message = '', ...fields } = noticeFields(reader, end)
      if (type === 0x45) {
        // Named as PGlite's own DatabaseError message is.
        const databaseError = Object.assign(new Error(message), fields, { name: 'error' })
        error ??= databaseError
        messages.push(databaseError)
      } else {
        const notice = { name: 'notice', message, ...fields }
        onNotice?.(notice)
        messages.push(notice)
      }
    } else {
      messages.push({ name: SIMPLE_MESSAGES[type] ?? 'unknown' })
    }
    reader.offset = end
  }
  return { messages, consumed: reader.offset, error }
}

/** Postgres's answer bytes as the messages PGlite reads; the first error thrown unless `throwOnError` is false. */
export function readAnswer(bytes: Uint8Array, options: { throwOnError?: boolean; onNotice?: (notice: object) => void } = {}): AnswerMessage[] {
  const { messages, error } = readMessages(bytes, options.onNotice)
  if (error && options.throwOnError !== false) throw error
  return messages
}

/** An answer read as its bytes arrive, cut anywhere: each call gives the messages its bytes completed. Errors are messages here (`name: 'error'`). */
export class AnswerStreamReader {
  #pending: Uint8Array | null = null

  read(bytes: Uint8Array): AnswerMessage[] {
    const joined = this.#pending ? joinBytes([this.#pending, bytes]) : bytes
    const { messages, consumed } = readMessages(joined)
    this.#pending = consumed < joined.length ? joined.slice(consumed) : null
    return messages
  }

  /** Whether bytes of an unfinished message are left over. */
  get unfinished(): boolean {
    return this.#pending !== null
  }
}

/**
 * Makes `pg` ask for raw answers. On the instance, not a subclass: PGliteWorker.create builds a
 * PGliteWorker itself, and only it can wait on the worker's start without hanging when it fails.
 */
export function askingForRawAnswers<T extends Pick<PGliteWorker, 'execProtocolRaw' | 'execProtocolStream'>>(pg: T): T {
  const rawAnswers = async (message: Uint8Array, options?: { throwOnError?: boolean }) => readAnswer(await pg.execProtocolRaw(message), options)
  pg.execProtocolStream = rawAnswers as unknown as T['execProtocolStream']
  return pg
}

/**
 * The worker's answer as it is made (pglite-database.ts `StreamAnswer`): the worker posts its bytes
 * on a BroadcastChannel named for this call (forwarding-pglite.ts), which reaches this page from its
 * own worker and from another tab's leading one alike. Done once the RPC has answered and the end
 * has been posted, in whichever order they come.
 */
export function streamingAnswers(pg: Pick<PGliteWorker, 'execProtocolRawStream'>): (message: Uint8Array, onBytes: (bytes: Uint8Array) => void) => Promise<void> {
  return (message, onBytes) =>
    new Promise<void>((resolve, reject) => {
      const options: StreamToChannel = { streamTo: `studio-answer-${crypto.randomUUID()}` }
      const channel = new BroadcastChannel(options.streamTo)
      let ended = false
      let answered = false
      const settle = () => {
        if (!ended || !answered) return
        channel.close()
        resolve()
      }
      channel.onmessage = ({ data }: MessageEvent<unknown>) => {
        if (data instanceof Uint8Array) return onBytes(data)
        ended = true
        settle()
      }
      pg.execProtocolRawStream(message, options as unknown as Parameters<PGliteWorker['execProtocolRawStream']>[1]).then(
        () => {
          answered = true
          settle()
        },
        (error: unknown) => {
          channel.close()
          reject(error)
        },
      )
    })
}
