/**
 * The logs explorer's store on the PostgreSQL server that served replicas share (issue 54): every
 * replica writes its events there and reads everyone's, each table partitioned by day
 * (log-store-schema.ts, 'by-day'). A database of its own on that server, not a schema of the records
 * database: the explorer runs the user's SQL (as the reader role), and where nothing else lives,
 * `set_config` and the advisory locks can be taken from PUBLIC without touching anything else, and no
 * function a reader may call reaches the platform's records (sessions, password digests).
 */
import pg from 'pg'
import { sqlIdent } from '../../src/lib/sql/quote'
import { projectDatabaseName } from '../postgres/server-address'
import { databaseUrlFor } from '../postgres/server-postgres'
import { whileSettingUpAlone, withAdmin } from '../postgres/server-tenancy'
import { inPoolTransaction } from '../records/pool-transaction'
import type { LogDatabase, LogSql } from './log-store'

/** Connections a replica's store holds at most: its batched writes and the explorer's queries (each ≤ LOG_QUERY_TIMEOUT_MS). */
const LOG_STORE_POOL_SIZE = 6

const INT8_OID = 20
/** Values as the embedded store's PGlite answers them: a count (bigint) is a number there, where node-postgres would answer text. */
const AS_PGLITE_ANSWERS = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8_OID && format !== 'binary' ? Number : pg.types.getTypeParser(oid, format))) as pg.CustomTypesConfig['getTypeParser'],
}

/** The store's database: named as a project's would be with the same prefix (a clean-up of the prefix takes it too). */
export const logStoreDatabaseName = (databasePrefix?: string) => projectDatabaseName('logs', databasePrefix)

/** Opens (making it first when missing) the store's database on DATABASE_URL's server, as its admin. */
export async function openPostgresLogDatabase(databaseUrl: string, name: string, connectionTimeoutMillis = 10_000): Promise<LogDatabase> {
  // Replicas at their first start: one makes it (and closes it to PUBLIC), the others find it made.
  await whileSettingUpAlone(databaseUrl, name, connectionTimeoutMillis, () =>
    withAdmin(databaseUrl, connectionTimeoutMillis, async (admin) => {
      const { rowCount } = await admin.query('select from pg_catalog.pg_database where datname = $1', [name])
      if (rowCount) return
      await admin.query(`create database ${sqlIdent(name)}`)
      await admin.query(`revoke connect, temporary on database ${sqlIdent(name)} from public`)
    }),
  )
  const pool = new pg.Pool({ connectionString: databaseUrlFor(databaseUrl, name), max: LOG_STORE_POOL_SIZE, connectionTimeoutMillis, types: AS_PGLITE_ANSWERS })
  // An idle connection dropped by the server must not take the process down; the pool replaces it.
  pool.on('error', () => undefined)
  const on = (client: pg.Pool | pg.PoolClient): LogSql => ({
    exec: (sql) => client.query(sql),
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as T[] }),
  })
  return { ...on(pool), transaction: (work) => inPoolTransaction(pool, (client) => work(on(client))), close: () => pool.end() }
}
