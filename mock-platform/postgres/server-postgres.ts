/**
 * Project databases on a real PostgreSQL server (`DATABASE_URL`): one database per ref, named
 * `studio_<ref>`, created on first use as the URL's user (who needs CREATEDB) and seeded once; or,
 * served self-hosted, the URL's own database as the one project's, untouched. Read-only runs
 * connect as a role of their own that may only read (server-read-only.ts).
 */
import pg from 'pg'
import { ResultDecoder, arrayTypeLookupSql, readArrayTypeLookup, type RawResult } from './decode.ts'
import { createProviderCache, type ProviderOptions } from './provider-cache.ts'
import { projectDatabaseName } from './server-address.ts'
import { runReadOnly } from './read-only.ts'
import { ensureReadOnlyRole, readOnlyRoleName, readOnlyUrl } from './server-read-only.ts'
import { mayChangeSession } from './session.ts'
import { sqlIdent } from '../../src/lib/sql/quote.ts'
import type { DatabaseProvider, ProjectDatabase, RunOptions } from './types.ts'

export interface ServerDatabaseOptions extends ProviderOptions {
  /** Connections per project database (default 3). */
  poolSize?: number
  /** Give up connecting after this long (default 10 s; pg-meta answers 504). */
  connectionTimeoutMillis?: number
  /** Prefix of the database names (default `studio_`); tests use their own. */
  databasePrefix?: string
}

export { projectDatabaseName }

/** URL of `database` on the same server, as the same user. */
export function databaseUrlFor(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl)
  url.pathname = `/${encodeURIComponent(database)}`
  return url.toString()
}

// Values come back as Postgres text and are decoded in `decode.ts`, exactly as with PGlite.
const RAW_TEXT: pg.CustomTypesConfig = {
  getTypeParser: (() => (text: string) => text) as unknown as pg.CustomTypesConfig['getTypeParser'],
}

// The session settings PGlite and Supabase projects have, so both back ends print values alike.
const SESSION_OPTIONS = '-c TimeZone=UTC -c DateStyle=ISO,MDY -c IntervalStyle=postgres'

const DEFAULT_CONNECTION_TIMEOUT_MS = 10_000

export function createServerDatabaseProvider(databaseUrl: string, options: ServerDatabaseOptions = {}): DatabaseProvider {
  const connectionTimeoutMillis = options.connectionTimeoutMillis ?? DEFAULT_CONNECTION_TIMEOUT_MS
  const reader = readOnlyRoleName(options.databasePrefix)
  // Once per provider; a failure is asked again at the next open.
  let readerReady: Promise<void> | null = null
  const ensureReader = () => {
    readerReady ??= ensureReadOnlyRole(databaseUrl, reader, connectionTimeoutMillis).catch((error: unknown) => {
      readerReady = null
      throw error
    })
    return readerReady
  }
  return createProviderCache(async (ref, forget) => {
    const name = projectDatabaseName(ref, options.databasePrefix)
    await ensureDatabase(databaseUrl, name, connectionTimeoutMillis)
    const poolOf = (url: string) => openPool(url, options.poolSize, connectionTimeoutMillis)
    // The reader's role and connections come with the first read-only run: most projects never see one.
    const pools = { owner: poolOf(databaseUrlFor(databaseUrl, name)), reader: poolOf(databaseUrlFor(readOnlyUrl(databaseUrl, reader), name)) }
    return createPoolDatabase(pools, ensureReader, forget, () => new pg.Client({ connectionString: databaseUrlFor(databaseUrl, name), connectionTimeoutMillis }))
  }, options)
}

/**
 * Served self-hosted: the one project's database is DATABASE_URL's own, the user's. It is opened
 * with exactly that URL, so SQL runs as its user and no more, and as it is: no database created, no
 * platform layer (roles, schemas, grants), no demo data. Any other ref has no database here.
 */
export function createUserDatabaseProvider(databaseUrl: string, projectRef: string, options: Pick<ServerDatabaseOptions, 'poolSize' | 'connectionTimeoutMillis'> = {}): DatabaseProvider {
  let opened: ProjectDatabase | null = null
  const connectionTimeoutMillis = options.connectionTimeoutMillis ?? DEFAULT_CONNECTION_TIMEOUT_MS
  return {
    open(ref) {
      if (ref !== projectRef) return Promise.reject(new Error(`Project ${ref} has no database: this Studio serves the one project ${projectRef}, on DATABASE_URL's database`))
      opened ??= openDatabase(databaseUrl, { ...options, connectionTimeoutMillis }, () => (opened = null))
      return Promise.resolve(opened)
    },
    // Its pool opens no connection ahead: nothing to wait for.
    async settled() {
      return false
    },
    async closeAll() {
      await opened?.close()
    },
  }
}

function openPool(url: string, poolSize: number | undefined, connectionTimeoutMillis: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: poolSize ?? 3, connectionTimeoutMillis, options: SESSION_OPTIONS, types: RAW_TEXT })
  // An idle connection dropped by the server must not take the process down; the pool replaces it.
  pool.on('error', () => undefined)
  return pool
}

/**
 * The user's own database as one project's (connections made on first use). Self-hosted has no
 * permissions, so no run asks to be read-only; one that did would still run in a read-only
 * transaction (read-only.ts), as the URL's user: there is no other role here to connect as.
 */
function openDatabase(url: string, options: Pick<ServerDatabaseOptions, 'poolSize'> & { connectionTimeoutMillis: number }, forget: () => void): ProjectDatabase {
  const { connectionTimeoutMillis } = options
  const pool = openPool(url, options.poolSize, connectionTimeoutMillis)
  return createPoolDatabase({ owner: pool, reader: pool }, () => Promise.resolve(), forget, () => new pg.Client({ connectionString: url, connectionTimeoutMillis }))
}

async function ensureDatabase(databaseUrl: string, name: string, connectionTimeoutMillis: number): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis })
  admin.on('error', () => undefined) // a dropped connection shows up as the failing query instead
  await admin.connect()
  try {
    const { rowCount } = await admin.query('select 1 from pg_catalog.pg_database where datname = $1', [name])
    if (rowCount) return
    await admin.query(`create database ${sqlIdent(name)}`).catch((error: unknown) => {
      // Someone else (another process, a parallel open) created it in between: fine. A race can
      // also surface as a unique violation on pg_database's name index.
      if (!(error instanceof pg.DatabaseError && (error.code === '42P04' || error.code === '23505'))) throw error
    })
  } finally {
    await admin.end()
  }
}

/**
 * Asks the server to cancel what backend `pid` is running, from a connection of its own (the pool's
 * may all be busy). Best effort: a statement that finished meanwhile has nothing to cancel.
 */
async function cancelBackend(connect: () => pg.Client, pid: number): Promise<void> {
  const client = connect()
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query('select pg_cancel_backend($1)', [pid])
  } catch {
    // The statement still ends when its request does; nothing else to do.
  } finally {
    await client.end().catch(() => undefined)
  }
}

function createPoolDatabase(pools: { owner: pg.Pool; reader: pg.Pool }, ensureReader: () => Promise<void>, onClose: () => void, connect: () => pg.Client): ProjectDatabase {
  const decoder = new ResultDecoder(async (oids) => {
    const result = await pools.owner.query({ text: arrayTypeLookupSql(oids), rowMode: 'array' })
    return readArrayTypeLookup(result.rows)
  })

  /** `values` undefined: simple protocol (several statements, one result each); else extended. `readOnly`: read-only.ts, as the reader. */
  const run = async (sql: string, values: unknown[] | undefined, runOptions: RunOptions = {}): Promise<RawResult[]> => {
    const { signal, readOnly = false } = runOptions
    signal?.throwIfAborted()
    if (readOnly) await ensureReader()
    const client = await (readOnly ? pools.reader : pools.owner).connect()
    let destroy = mayChangeSession(sql)
    // `processID` is the backend's pid (not in @types/pg's Client type).
    const pid = (client as unknown as { processID?: number }).processID
    const onAbort = () => {
      if (pid) void cancelBackend(connect, pid)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    // `queryMode` (not in @types/pg) keeps an empty parameter list on the extended protocol, as PGlite does.
    const extended = async (text: string, params: unknown[] = []) => {
      const config: pg.QueryArrayConfig & { queryMode: 'extended' } = { text, values: params, rowMode: 'array', queryMode: 'extended' }
      return toRaw(await client.query(config))
    }
    try {
      if (readOnly) return await runReadOnly(extended, sql, values)
      if (values !== undefined) return [await extended(sql, values)]
      const answer: unknown = await client.query({ text: sql, rowMode: 'array' })
      return (Array.isArray(answer) ? answer : [answer]).map(toRaw)
    } catch (error) {
      // Anything but a statement error may have left the connection unusable.
      if (!(error instanceof pg.DatabaseError)) destroy = true
      throw error
    } finally {
      signal?.removeEventListener('abort', onAbort)
      // A read-only run's transaction ends here; a connection that cannot end it is not reused.
      if (readOnly) await client.query('rollback').catch(() => (destroy = true))
      // Like pg-meta's connection per request: whatever the statement did to the session ends here.
      client.release(destroy)
    }
  }

  let closed = false
  return {
    exec: async (sql, runOptions) => decoder.decode(await run(sql, undefined, runOptions)),
    query: async (sql, params = [], runOptions) => {
      const [result] = await decoder.decode(await run(sql, params, runOptions))
      return result ?? { rows: [], fields: [] }
    },
    close: async () => {
      if (closed) return
      closed = true
      onClose()
      // The user's own database has one pool for both.
      await Promise.all([...new Set([pools.owner, pools.reader])].map((pool) => pool.end()))
    },
  }
}

function toRaw(result: unknown): RawResult {
  const { fields, rows, command, rowCount } = result as pg.QueryArrayResult<(string | null)[]>
  return {
    // An empty query string answers without a row description.
    fields: (fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    rows: rows ?? [],
    command: command ?? undefined,
    rowCount,
  }
}
