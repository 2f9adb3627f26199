/**
 * Project databases on a real PostgreSQL server (`DATABASE_URL`): one database per ref, named
 * `studio_<ref>`, created on first use as the URL's user (who needs CREATEDB) and seeded once; or,
 * served self-hosted, the URL's own database as the one project's, untouched.
 */
import pg from 'pg'
import { ResultDecoder, arrayTypeLookupSql, readArrayTypeLookup, type RawResult } from './decode.ts'
import { createProviderCache, type ProviderOptions } from './provider-cache.ts'
import { projectDatabaseName } from './server-address.ts'
import { mayChangeSession } from './session.ts'
import { sqlIdent } from '../../src/lib/sql/quote.ts'
import type { DatabaseProvider, ProjectDatabase } from './types.ts'

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
  return createProviderCache(async (ref, forget) => {
    const name = projectDatabaseName(ref, options.databasePrefix)
    await ensureDatabase(databaseUrl, name, connectionTimeoutMillis)
    return openDatabase(databaseUrlFor(databaseUrl, name), { ...options, connectionTimeoutMillis }, forget)
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
    async closeAll() {
      await opened?.close()
    },
  }
}

/** A pool on `url` as one project database (connections made on first use). */
function openDatabase(url: string, options: Pick<ServerDatabaseOptions, 'poolSize'> & { connectionTimeoutMillis: number }, forget: () => void): ProjectDatabase {
  const { connectionTimeoutMillis } = options
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 3, connectionTimeoutMillis, options: SESSION_OPTIONS, types: RAW_TEXT })
  // An idle connection dropped by the server must not take the process down; the pool replaces it.
  pool.on('error', () => undefined)
  return createPoolDatabase(pool, forget, () => new pg.Client({ connectionString: url, connectionTimeoutMillis }))
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

function createPoolDatabase(pool: pg.Pool, onClose: () => void, connect: () => pg.Client): ProjectDatabase {
  const decoder = new ResultDecoder(async (oids) => {
    const result = await pool.query({ text: arrayTypeLookupSql(oids), rowMode: 'array' })
    return readArrayTypeLookup(result.rows)
  })

  /** `values` undefined: simple protocol (several statements, one result each); else extended. */
  const run = async (sql: string, values: unknown[] | undefined, signal?: AbortSignal): Promise<RawResult[]> => {
    signal?.throwIfAborted()
    const client = await pool.connect()
    let destroy = mayChangeSession(sql)
    // `processID` is the backend's pid (not in @types/pg's Client type).
    const pid = (client as unknown as { processID?: number }).processID
    const onAbort = () => {
      if (pid) void cancelBackend(connect, pid)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    try {
      // `queryMode` (not in @types/pg) keeps an empty parameter list on the extended protocol, as PGlite does.
      const config: pg.QueryArrayConfig & { queryMode?: 'extended' } =
        values === undefined ? { text: sql, rowMode: 'array' } : { text: sql, values, rowMode: 'array', queryMode: 'extended' }
      const answer: unknown = await client.query(config)
      return (Array.isArray(answer) ? answer : [answer]).map(toRaw)
    } catch (error) {
      // Anything but a statement error may have left the connection unusable.
      if (!(error instanceof pg.DatabaseError)) destroy = true
      throw error
    } finally {
      signal?.removeEventListener('abort', onAbort)
      // Like pg-meta's connection per request: whatever the statement did to the session ends here.
      client.release(destroy)
    }
  }

  let closed = false
  return {
    exec: async (sql, runOptions) => decoder.decode(await run(sql, undefined, runOptions?.signal)),
    query: async (sql, params = [], runOptions) => {
      const [result] = await decoder.decode(await run(sql, params, runOptions?.signal))
      return result ?? { rows: [], fields: [] }
    },
    close: async () => {
      if (closed) return
      closed = true
      onClose()
      await pool.end()
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
