import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toPgMetaError } from './errors.ts'
import { ErrorForwardingPGlite } from './forwarding-pglite.ts'
import { createPGliteDatabase, type PGliteHandle } from './pglite-database.ts'
import { runPgMetaQuery } from './query.ts'
import { askingForRawAnswers } from './raw-pglite-worker.ts'
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
    pg = new ErrorForwardingPGlite()
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
    db = createPGliteDatabase(handle, { mapError: decodeWorkerError })
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
})
