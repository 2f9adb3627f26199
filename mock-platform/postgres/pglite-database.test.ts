import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toPgMetaError } from './errors.ts'
import { ErrorForwardingPGlite } from './forwarding-pglite.ts'
import { initialDataOption } from './initial-data-node.ts'
import { createPGliteDatabase, type PGliteHandle } from './pglite-database.ts'
import { runPgMetaQuery } from './query.ts'
import { askingForRawAnswers, streamingAnswers } from './raw-pglite-worker.ts'
import type { ProjectDatabase } from './types.ts'
import { decodeWorkerError } from './worker-error.ts'
import { errorMessage } from '../../src/lib/error-message'

/**
 * The browser set-up minus the Worker: the worker's PGlite (`ErrorForwardingPGlite`) behind a
 * stand-in for PGliteWorker whose errors, like its RPC's, keep only their message, and which asks
 * for raw answers and reads them itself as the page does (raw-pglite-worker.ts).
 */
describe('PGlite database, as the browser provider builds it', () => {
  let pg: ErrorForwardingPGlite
  let db: ProjectDatabase

  beforeAll(async () => {
    pg = new ErrorForwardingPGlite(await initialDataOption())
    await pg.waitReady
    // The RPC: what the worker throws reaches the page with its message alone.
    const rawInWorker = pg.execProtocolRaw.bind(pg)
    pg.execProtocolRaw = async (...args) => {
      try {
        return await rawInWorker(...args)
      } catch (error) {
        throw new Error(errorMessage(error))
      }
    }
    const handle: PGliteHandle = askingForRawAnswers(pg)
    // The page's stream over its channel, as pglite-browser.ts wires it (the options cloned as by the RPC).
    const streamAnswer = streamingAnswers({ execProtocolRawStream: (message, options) => pg.execProtocolRawStream(message, structuredClone(options)) })
    db = createPGliteDatabase(handle, { mapError: decodeWorkerError, streamAnswer })
  }, 120_000)

  afterAll(async () => {
    await db?.close()
  })

  it('keeps SQLSTATE, position and detail for pg-meta errors', async () => {
    await db.exec(`create table t (id int primary key); insert into t values (1)`)
    const query = 'insert into t values (1)'
    const error = await runPgMetaQuery(db, { query }).catch((caught: unknown) => caught)
    expect(toPgMetaError(error, query).body).toMatchObject({ code: '23505', constraint: 't_pkey', detail: 'Key (id)=(1) already exists.' })

    const missing = 'select * from x'
    const { body } = toPgMetaError(await runPgMetaQuery(db, { query: missing }).catch((caught: unknown) => caught), missing)
    expect(body.formattedError).toBe('ERROR:  42P01: relation "x" does not exist\nLINE 1: select * from x\n                      ^\n')
  })

  it('hands rows on as it reads them, and answers as it does without: fields, command, counts and every row', async () => {
    const sql = `create temporary table s (id int); insert into s values (1), (2);
      select g, md5(g::text) as hash, g % 2 = 0 as even, array[g, g + 1] as pair from generate_series(1, 20000) g; select 'last' as word`
    const handed: { index: number; count: number }[] = []
    const streamed = await db.exec(sql, { onRows: (rows, index) => handed.push({ index, count: rows.length }) })
    expect(handed.length).toBeGreaterThan(2) // in batches, not all at once
    expect(handed.filter((batch) => batch.index === 2).reduce((sum, batch) => sum + batch.count, 0)).toBe(20000)
    expect(handed.at(-1)).toEqual({ index: 3, count: 1 })
    const whole = await db.exec(sql.replace('temporary table s', 'temporary table s2').replace('into s ', 'into s2 '))
    expect(streamed.map(({ command, affectedRows, fields }) => ({ command, affectedRows, fields }))).toEqual(whole.map(({ command, affectedRows, fields }) => ({ command, affectedRows, fields })))
    expect(JSON.stringify(streamed.map((result) => result.rows)) === JSON.stringify(whole.map((result) => result.rows))).toBe(true)
    expect(streamed[2]!.rows[1]).toEqual({ g: 2, hash: 'c81e728d9d4c2f636f067f89cc14862c', even: true, pair: [2, 3] })
  })

  it('throws an error that comes after rows were handed on, with its fields, and answers the next call', async () => {
    const handed: number[] = []
    const error = await db
      .exec(`select 1 / (g - 5000) as q from generate_series(1, 9000) g`, { onRows: (rows) => handed.push(rows.length) })
      .catch((caught: unknown) => caught)
    expect(toPgMetaError(error).body).toMatchObject({ code: '22012', message: 'division by zero' })
    expect(handed.reduce((sum, count) => sum + count, 0)).toBe(4999)
    expect((await db.query('select 1 as ok')).rows).toEqual([{ ok: 1 }])
  })

  it('answers queries with parameters', async () => {
    expect(await runPgMetaQuery(db, { query: 'select $1::int + 1 as n', parameters: [41] })).toEqual([{ n: 42 }])
  })

  it('goes back to its own user after SET ROLE or SET SESSION AUTHORIZATION', async () => {
    await db.exec('create role reader; set role reader')
    expect((await db.query('select current_user as u, session_user as s')).rows).toEqual([{ u: 'postgres', s: 'postgres' }])
    await db.exec('set session authorization reader')
    expect((await db.query('select current_user as u, session_user as s')).rows).toEqual([{ u: 'postgres', s: 'postgres' }])
  })

  it('forgets settings made with set_config', async () => {
    const before = (await db.query('show search_path')).rows
    await db.exec(`select set_config('search_path', 'pg_catalog', false)`)
    expect((await db.query('show search_path')).rows).toEqual(before)
    expect(before).not.toEqual([{ search_path: 'pg_catalog' }])
  })

  it('keeps a role set for one transaction only inside it (what role impersonation sends)', async () => {
    const rows = await runPgMetaQuery(db, { query: `select set_config('role', 'reader', true); select current_user as u` })
    expect(rows).toEqual([{ u: 'reader' }])
    expect((await db.query('select current_user as u')).rows).toEqual([{ u: 'postgres' }])
  })

  it('does not run a statement whose asker went away while it waited its turn; the ones still wanted run', async () => {
    await db.exec('create table if not exists queued_reads (n int)')
    const slow = db.exec('select pg_sleep(0.2)')
    const gone = new AbortController()
    const left = db.exec('insert into queued_reads values (1)', { signal: gone.signal })
    const wanted = db.exec('insert into queued_reads values (2)')
    gone.abort()
    await slow
    await expect(left).rejects.toThrow(/abort/i)
    await wanted
    expect((await db.query('select array_agg(n order by n) as ns from queued_reads')).rows).toEqual([{ ns: [2] }])
  })
})
