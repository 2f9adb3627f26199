/**
 * Read-only runs (read-only.ts) on a seeded database, part of `database-suite.ts`: selects answer,
 * and no write gets through, however the text tries to leave the read-only transaction.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SQL_READ_ONLY_MESSAGE } from '../../src/constants/messages.ts'
import { toPgMetaError, type PgMetaError } from './errors.ts'
import { runPgMetaQuery } from './query.ts'
import type { ProjectDatabase } from './types.ts'

const TARGET = 'public.read_only_target'
const MADE = 'public.read_only_made'
const INSERT = `insert into ${TARGET} values (1)`

/** Ways out of a read-only transaction, each followed by a write; none may write. */
export const ESCAPES = [
  INSERT,
  `commit; ${INSERT}`,
  `end; ${INSERT}`,
  `abort; ${INSERT}`,
  `rollback; ${INSERT}`,
  `commit; set default_transaction_read_only = off; commit; ${INSERT}`,
  `commit and chain; set transaction read write; ${INSERT}`,
  `rollback and chain; set transaction read write; ${INSERT}`,
  `prepare transaction 'escape'; ${INSERT}`,
  `set transaction read write; ${INSERT}`,
  `set transaction_read_only = off; ${INSERT}`,
  `set default_transaction_read_only = off; ${INSERT}`,
  `set session characteristics as transaction read write; ${INSERT}`,
  `reset all; ${INSERT}`,
  `reset transaction_read_only; ${INSERT}`,
  `do $$ begin execute 'reset transaction_read_only'; ${INSERT}; end $$`,
  `begin read write; ${INSERT}`,
  `start transaction read write; ${INSERT}`,
  `savepoint s; release savepoint s; ${INSERT}`,
  `select pg_catalog.set_config('default_transaction_read_only', 'off', false); ${INSERT}`,
  `select pg_catalog.set_config('transaction_read_only', 'off', false); ${INSERT}`,
  `do $$ begin ${INSERT}; end $$`,
  `do $$ begin commit; ${INSERT}; end $$`,
  `do $$ begin perform pg_catalog.set_config('transaction_read_only', 'off', true); ${INSERT}; end $$`,
  `do $$ begin execute 'set transaction read write'; execute '${INSERT}'; end $$`,
  `reset role; reset session authorization; ${INSERT}`,
  `select 1 /* ; */; ${INSERT} -- ;`,
  `create table ${MADE} (id int)`,
  `create temp table read_only_temp (id int); insert into read_only_temp values (1)`,
  `drop table ${TARGET}`,
  `truncate ${TARGET}`,
  `alter table ${TARGET} add column b int`,
  `select pg_catalog.nextval('public.customers_id_seq')`,
  `copy ${TARGET} from stdin`,
] as const

async function refusal(db: ProjectDatabase, query: string, parameters?: unknown[]): Promise<PgMetaError | null> {
  try {
    await runPgMetaQuery(db, { query, parameters }, { readOnly: true })
    return null
  } catch (error) {
    return toPgMetaError(error, query)
  }
}

export function describeReadOnlySuite(database: () => ProjectDatabase): void {
  describe('read-only runs', () => {
    let db: ProjectDatabase
    beforeAll(async () => {
      db = database()
      await db.exec(`drop table if exists ${TARGET}; drop table if exists ${MADE}; create table ${TARGET} (id int)`)
    })
    // A write that got through fails its own test only.
    afterEach(() => db.exec(`drop table if exists ${MADE}; drop table if exists ${TARGET}; create table ${TARGET} (id int)`))
    // The other suites' lists of tables stay as the seed made them.
    afterAll(() => db.exec(`drop table if exists ${TARGET}`))

    async function unchanged() {
      const { rows } = await db.query(
        `select (select count(*)::int from ${TARGET}) as target_rows, to_regclass('${MADE}') is null as none_made,
                (select count(*)::int from pg_catalog.pg_attribute where attrelid = '${TARGET}'::regclass and attnum > 0) as target_columns`,
      )
      expect(rows[0]).toEqual({ target_rows: 0, none_made: true, target_columns: 1 })
    }

    it('answers selects, several statements too, as a read-write run does', async () => {
      const query = 'select count(*)::int as n from public.customers; select id from public.customers order by id limit 2'
      expect(await runPgMetaQuery(db, { query }, { readOnly: true })).toEqual(await runPgMetaQuery(db, { query }))
      expect(await runPgMetaQuery(db, { query: 'select $1::int + 1 as n', parameters: [41] }, { readOnly: true })).toEqual([{ n: 42 }])
      expect(await runPgMetaQuery(db, { query: '-- nothing to run' }, { readOnly: true })).toEqual([])
    })

    it.each(ESCAPES)('lets no write through: %s', async (query) => {
      const refused = await refusal(db, query)
      expect(refused?.status, 'refused').toBe(400)
      await unchanged()
    })

    it('keeps nothing a version of Postgres lets through: the transaction is rolled back (lo_create on 15)', async () => {
      const count = 'select count(*)::int as n from pg_catalog.pg_largeobject_metadata'
      const before = await db.query(count)
      await refusal(db, 'select pg_catalog.lo_create(0)')
      expect((await db.query(count)).rows).toEqual(before.rows)
    })

    it('refuses a write with the read-only transaction error', async () => {
      expect((await refusal(db, INSERT))?.body).toMatchObject({ code: '25006', message: 'cannot execute INSERT in a read-only transaction' })
      expect((await refusal(db, `insert into ${TARGET} values ($1)`, [7]))?.body.code).toBe('25006')
      await unchanged()
    })

    it('stops at the statement after one that ended the transaction, and points at it', async () => {
      const query = `select 1;\ncommit;\n${INSERT}`
      const { body } = (await refusal(db, query))!
      expect(body).toMatchObject({ code: '25006', message: SQL_READ_ONLY_MESSAGE.transactionEnded, hint: SQL_READ_ONLY_MESSAGE.hint })
      expect(Number(body.position)).toBe([...query].length - INSERT.length + 1)
      // A transaction that ends at the last statement ended nothing that mattered.
      expect(await runPgMetaQuery(db, { query: 'begin; select 5 as n; commit' }, { readOnly: true })).toEqual([{ n: 5 }])
    })

    it("places an error in the script's own characters, as a read-write run does", async () => {
      const query = "select '😀'; select 'é' as x; select nope from nowhere"
      const readOnly = await refusal(db, query)
      let readWrite: PgMetaError | null = null
      await runPgMetaQuery(db, { query }).catch((error: unknown) => (readWrite = toPgMetaError(error, query)))
      expect(readOnly?.body.position).toBeDefined()
      expect(readOnly?.body.position).toBe(readWrite!.body.position)
    })

    it('refuses several statements bound to parameters, as the extended protocol does', async () => {
      expect((await refusal(db, `select $1::int; ${INSERT}`, [1]))?.body.code).toBe('42601')
      await unchanged()
    })

    it('leaves the session as it found it: the next read-write run writes, with the database’s settings', async () => {
      await refusal(db, `set default_transaction_read_only = on; set search_path = pg_catalog; ${INSERT}`)
      const settings = "select current_setting('default_transaction_read_only') as by_default, current_setting('transaction_read_only') as now"
      expect(await runPgMetaQuery(db, { query: settings })).toEqual([{ by_default: 'off', now: 'off' }])
      await db.exec(`insert into ${TARGET} values (2); delete from ${TARGET}`)
      const { rows } = await db.query(`select current_setting('search_path') as path`)
      expect(rows[0]?.['path']).not.toBe('pg_catalog')
      await unchanged()
    })
  })
}
