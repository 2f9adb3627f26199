/**
 * A `ProjectDatabase` over a PGlite instance, in process (`PGlite`) or in a worker (`PGliteWorker`).
 */
import type { PGliteInterface, QueryOptions, Results } from '@electric-sql/pglite'
import { ResultDecoder, arrayTypeLookupSql, readArrayTypeLookup, type RawResult } from './decode.ts'
import { runReadOnly } from './read-only.ts'
import { applyDatabaseSettingsSql, mayChangeSession, sessionResetSql } from './session.ts'
import { AnswerStreamReader } from './raw-pglite-worker.ts'
import { StreamedResults, simpleQueryMessage } from './streamed-results.ts'
import type { ProjectDatabase, QueryResult, RunOptions } from './types.ts'

/** What we use of PGlite; `parsers` is public on both PGlite and PGliteWorker (their BasePGlite). */
export type PGliteHandle = Pick<PGliteInterface, 'exec' | 'query' | 'close' | 'syncToFs'> & {
  readonly parsers: Record<number | string, unknown>
}

export interface PGliteDatabaseOptions {
  /** Called once the database is closed (providers forget it). */
  onClose?: () => void
  /** Rebuilds errors that lost their fields on the way (the worker's RPC keeps only `message`). */
  mapError?: (error: unknown) => unknown
  /**
   * Sends a protocol message and hands over Postgres's answer bytes as they come (in order, cut
   * anywhere), resolving once all are handed over: with it, `exec` can give rows before the last
   * is read (`RunOptions.onRows`).
   */
  streamAnswer?: StreamAnswer
}

export type StreamAnswer = (message: Uint8Array, onBytes: (bytes: Uint8Array) => void) => Promise<void>

export function createPGliteDatabase(pg: PGliteHandle, options: PGliteDatabaseOptions = {}): ProjectDatabase {
  const mapError = options.mapError ?? ((error: unknown) => error)
  const { streamAnswer } = options
  // PGlite parses values itself; asking for text everywhere lets `decode.ts` treat it like a server.
  const rawOptions = (): QueryOptions => ({
    rowMode: 'array',
    parsers: Object.fromEntries(Object.keys(pg.parsers).map((oid) => [oid, (text: string) => text])),
  })
  const decoder = new ResultDecoder(async (oids) => {
    const [result] = await pg.exec(arrayTypeLookupSql(oids), rawOptions())
    return readArrayTypeLookup(result ? toRaw(result).rows : [])
  })

  // Our own queue, so a session reset runs right after the statement that needed it and before
  // anything else (PGlite only serialises single calls).
  let queue: Promise<unknown> = Promise.resolve()
  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }

  // Read before any SQL of ours can change it: the user a session reset goes back to.
  // Then the database's own settings (its search path), as a new connection starts with them.
  const sessionUser = exclusive(async () => {
    try {
      const { rows } = await pg.query<Record<string, string>>('select session_user as name')
      await pg.exec(applyDatabaseSettingsSql())
      return rows[0]?.['name'] ?? 'postgres'
    } catch {
      return 'postgres' // PGlite's default user; the failure itself will show on the next call
    }
  })

  // One call of ours at a time, its error mapped, and the session reset after it where it may have changed it.
  // A call whose asker went away while it waited its turn is not run: a fling through a long list
  // cancels the reads it left behind, which must not keep the database from the rows now in view.
  const settled = <T>(task: () => Promise<T>, resetSession: boolean, signal?: AbortSignal): Promise<T> =>
    exclusive(async () => {
      signal?.throwIfAborted()
      try {
        return await task()
      } catch (error) {
        throw mapError(error)
      } finally {
        if (resetSession) await pg.exec(sessionResetSql(await sessionUser)).catch(() => undefined)
      }
    })

  const run = (execute: () => Promise<RawResult[]>, resetSession: boolean, { timing, signal }: RunOptions = {}): Promise<QueryResult[]> =>
    settled(async () => {
      const asked = performance.now()
      const raw = await execute()
      const answered = performance.now()
      // Decoded before any reset: a type made in a transaction left open is still visible.
      const decoded = await decoder.decode(raw)
      if (timing) {
        timing.databaseMs += answered - asked
        timing.decodeMs += performance.now() - answered
      }
      return decoded
    }, resetSession, signal)

  // The simple protocol with the answer read as it arrives: each batch of rows decoded and handed on
  // in order, while Postgres still works on the rest.
  const streamed = (send: StreamAnswer, sql: string, onRows: NonNullable<RunOptions['onRows']>, { timing, signal }: RunOptions = {}): Promise<QueryResult[]> =>
    settled(async () => {
      const asked = performance.now()
      const reader = new AnswerStreamReader()
      const results = new StreamedResults()
      const decodedRows: Record<string, unknown>[][] = []
      let decodeMs = 0
      let decoding = Promise.resolve()
      try {
        await send(simpleQueryMessage(sql), (bytes) => {
          for (const { index, fields, rows } of results.add(reader.read(bytes))) {
            decoding = decoding.then(async () => {
              const started = performance.now()
              const [decoded] = await decoder.decode([{ fields, rows }])
              decodeMs += performance.now() - started
              const kept = (decodedRows[index] ??= [])
              for (const row of decoded!.rows) kept.push(row)
              onRows(decoded!.rows, index)
            })
          }
        })
      } catch (error) {
        // The call failed on the way (the worker): that is the error, whatever decoding was left.
        decoding.catch(() => undefined)
        throw error
      }
      // As PGlite's query and exec do after theirs: the answer says it is done only once it is in
      // IndexedDB, so a reload right after cannot lose it (the worker skips the store when nothing
      // changed). Postgres's own errors come in the answer, so a text that failed is stored too (a COMMIT in it).
      await pg.syncToFs()
      await decoding
      // Each result's fields, command and row count; its rows are the ones decoded on the way.
      const answer = (await decoder.decode(results.finish().map((result) => ({ ...result, rows: [] })))).map((result, index) => ({ ...result, rows: decodedRows[index] ?? [] }))
      if (timing) {
        timing.databaseMs += performance.now() - asked - decodeMs
        timing.decodeMs += decodeMs
      }
      return answer
    }, mayChangeSession(sql), signal)

  // One statement by the extended protocol, its error with its fields (read-only.ts needs the position).
  const runOne = async (sql: string, params: unknown[] = []): Promise<RawResult> => {
    try {
      return toRaw(await pg.query(sql, params, rawOptions()))
    } catch (error) {
      throw mapError(error)
    }
  }
  // Read-only runs always end with the reset: it rolls back, and undoes whatever SET they made.
  const readOnly = (sql: string, params: unknown[] | undefined, options?: RunOptions) => run(() => runReadOnly(runOne, sql, params), true, options)

  let closed = false
  return {
    exec: (sql, options) => {
      if (options?.readOnly) return readOnly(sql, undefined, options)
      if (options?.onRows && streamAnswer) return streamed(streamAnswer, sql, options.onRows, options)
      return run(async () => (await pg.exec(sql, rawOptions())).map(toRaw), mayChangeSession(sql), options)
    },
    query: async (sql, params = [], options) => {
      const [result] = options?.readOnly
        ? await readOnly(sql, params, options)
        : await run(async () => [toRaw(await pg.query(sql, params, rawOptions()))], mayChangeSession(sql), options)
      return result ?? { rows: [], fields: [] }
    },
    close: async () => {
      if (closed) return
      closed = true
      await exclusive(() => pg.close())
      options.onClose?.()
    },
  }
}

function toRaw(result: Results): RawResult {
  return {
    fields: result.fields,
    // With every parser replaced by the identity, each value is the text Postgres sent, or null.
    rows: result.rows as unknown as (string | null)[][],
    command: result.command,
    rowCount: result.rowCount,
  }
}
