/**
 * Project databases on a real PostgreSQL server (`DATABASE_URL`): one database per ref, named
 * `studio_<ref>`, made on first use by the URL's user (the platform's admin) and owned by the
 * project's own role, as whom its layer, demo data and every statement of the user run; read-only
 * runs connect as the project's read-only role (server-tenancy.ts). Or, served self-hosted, the
 * URL's own database as the one project's, untouched and used as the URL's user.
 */
import type { EventEmitter } from 'node:events'
import pg from 'pg'
import { ResultDecoder, arrayTypeLookupSql, readArrayTypeLookup, type RawResult } from './decode.ts'
import { createProviderCache, type ProviderOptions } from './provider-cache.ts'
import { projectDatabaseName } from './server-address.ts'
import { runReadOnly } from './read-only.ts'
import { dropProjectDatabase, prepareSharedServer, provisionProjectDatabase, roleUrl, setProjectLoginPassword, whileSettingUpAlone, withAdmin } from './server-tenancy.ts'
import { isDatabaseUnavailable } from './errors.ts'
import { isInsufficientPrivilege, runWithPlatform } from './platform-statements.ts'
import { mayChangeSession, pooledSessionResetSql } from './session.ts'
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
  // Once per provider; a failure is tried again at the next open.
  let prepared: Promise<void> | null = null
  const prepare = () =>
    (prepared ??= prepareSharedServer(databaseUrl, { databasePrefix: options.databasePrefix, connectionTimeoutMillis }).catch((error: unknown) => {
      prepared = null
      throw error
    }))
  const provider = createProviderCache(async (ref, forget) => {
    await prepare()
    const name = projectDatabaseName(ref, options.databasePrefix)
    const provision = () => provisionProjectDatabase(databaseUrl, name, connectionTimeoutMillis)
    const roles = await provision()
    const projectUrl = databaseUrlFor(databaseUrl, name)
    const poolOf = (role: string) => openPool(roleUrl(projectUrl, role), options.poolSize, connectionTimeoutMillis)
    return createPoolDatabase({
      pools: { owner: poolOf(roles.owner), reader: poolOf(roles.reader) },
      onClose: forget,
      // The admin's own connection: it may cancel any backend.
      connect: () => new pg.Client({ connectionString: projectUrl, connectionTimeoutMillis }),
      // A role whose password was changed (a user may change their own) is brought back, once.
      reprovision: async () => void (await provision()),
      platformRun: async (sql) => {
        const answer: unknown = await withAdmin(databaseUrl, connectionTimeoutMillis, (admin) => admin.query({ text: sql, rowMode: 'array', types: RAW_TEXT }), name)
        return (Array.isArray(answer) ? answer : [answer]).map(toRaw)
      },
    })
  },
  options,
  (ref) => dropProjectDatabase(databaseUrl, projectDatabaseName(ref, options.databasePrefix), connectionTimeoutMillis),
  // Replicas opening a new project at once take turns: its set-up is not safe twice at the same time.
  (ref, open) => whileSettingUpAlone(databaseUrl, projectDatabaseName(ref, options.databasePrefix), connectionTimeoutMillis, open))
  return {
    ...provider,
    async setLoginPassword(ref, verifier) {
      await prepare()
      await setProjectLoginPassword(databaseUrl, projectDatabaseName(ref, options.databasePrefix), verifier, connectionTimeoutMillis)
    },
  }
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
    drop() {
      return Promise.reject(new Error(`This Studio serves DATABASE_URL's own database as its one project: it is not dropped from here`))
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
  return createPoolDatabase({ pools: { owner: pool, reader: pool }, onClose: forget, connect: () => new pg.Client({ connectionString: url, connectionTimeoutMillis }) })
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

interface PoolDatabaseParts {
  /** The owner's (every run but a read-only one) and the reader's; the user's own database has one for both. */
  pools: { owner: pg.Pool; reader: pg.Pool }
  onClose: () => void
  /** A connection of its own that may cancel the pools' backends. */
  connect: () => pg.Client
  /** Brings the roles back to what they must be, when one could not sign in. */
  reprovision?: () => Promise<void>
  /** Runs as the platform's admin in this database (ProjectDatabase.asPlatform). */
  platformRun?: (sql: string) => Promise<RawResult[]>
}

const ignoreLateError = () => undefined

/** SQLSTATE of a failed password sign-in. */
const INVALID_PASSWORD = '28P01'

function createPoolDatabase({ pools, onClose, connect, reprovision, platformRun }: PoolDatabaseParts): ProjectDatabase {
  const decoder = new ResultDecoder(async (oids) => {
    const result = await pools.owner.query({ text: arrayTypeLookupSql(oids), rowMode: 'array' })
    return readArrayTypeLookup(result.rows)
  })
  const connectTo = async (pool: pg.Pool) => {
    try {
      return await pool.connect()
    } catch (error) {
      if (!reprovision || !(error instanceof pg.DatabaseError) || error.code !== INVALID_PASSWORD) throw error
      await reprovision()
      return pool.connect()
    }
  }

  /** `values` undefined: simple protocol (several statements, one result each); else extended. `readOnly`: read-only.ts, as the reader. */
  const run = async (sql: string, values: unknown[] | undefined, runOptions: RunOptions = {}): Promise<RawResult[]> => {
    const { signal, readOnly = false } = runOptions
    signal?.throwIfAborted()
    const client = await connectTo(readOnly ? pools.reader : pools.owner)
    // A backend ended under a running statement reports it, then its socket closes: that close may come
    // while the client is still ours, when the pool's own listener is off it (an uncaught error otherwise).
    client.on('error', ignoreLateError)
    let destroy = false
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
      // Anything but a statement error may have left the connection unusable; a backend that was
      // terminated (57P01) says so before its socket closes, so the pool must not hand it out again.
      if (!(error instanceof pg.DatabaseError) || isDatabaseUnavailable(error)) destroy = true
      throw error
    } finally {
      signal?.removeEventListener('abort', onAbort)
      if (!destroy) destroy = !(await endSession(client, sql, readOnly))
      client.off('error', ignoreLateError)
      client.release(destroy)
    }
  }

  /** The owner's text, with the platform's help where it asked for what only the platform may do (platform-statements.ts). */
  const runAsOwner = async (sql: string, runOptions: RunOptions = {}): Promise<RawResult[]> => {
    try {
      return await run(sql, undefined, runOptions)
    } catch (error) {
      if (!platformRun || runOptions.readOnly || !isInsufficientPrivilege(error)) throw error
      const done = await runWithPlatform(platformRun, sql, (rest) => run(rest, undefined, runOptions))
      if (!done) throw error
      return done.answer
    }
  }

  let closed = false
  return {
    exec: async (sql, runOptions) => decoder.decode(await runAsOwner(sql, runOptions)),
    query: async (sql, params = [], runOptions) => {
      const [result] = await decoder.decode(await run(sql, params, runOptions))
      return result ?? { rows: [], fields: [] }
    },
    ...(platformRun && { asPlatform: async (sql: string) => decoder.decode(await platformRun(sql)) }),
    close: async () => {
      if (closed) return
      closed = true
      onClose()
      // The user's own database has one pool for both.
      await Promise.all([...new Set([pools.owner, pools.reader])].map((pool) => pool.end()))
    },
  }
}

/** Ends what a run did to its session (session.ts); false when the connection could not be and must not be reused. */
async function endSession(client: pg.PoolClient, sql: string, readOnly: boolean): Promise<boolean> {
  try {
    await readyForQuery(client)
    // 'I': idle, outside a transaction (the last ReadyForQuery's status; not in @types/pg). A read-only run's is always open.
    const inTransaction = readOnly || (client as unknown as { getTransactionStatus(): string | null }).getTransactionStatus() !== 'I'
    if (mayChangeSession(sql)) await client.query(pooledSessionResetSql(inTransaction))
    else if (inTransaction) await client.query('rollback')
    return true
  } catch {
    return false
  }
}

/**
 * pg rejects a query at its ErrorResponse, while the ReadyForQuery after it — which says whether a
 * transaction was left open or failed — may come in a later read (it did under load in CI: the
 * reset then ran in the failed transaction, failed, and the connection was replaced).
 */
function readyForQuery(client: pg.PoolClient): Promise<void> {
  // Not in @types/pg: the flag pg keeps, and the connection whose events it reads.
  const { readyForQuery: ready, connection } = client as unknown as { readyForQuery: boolean; connection: EventEmitter }
  if (ready) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      connection.off('readyForQuery', done)
      connection.off('end', done)
      resolve()
    }
    connection.on('readyForQuery', done)
    connection.on('end', done)
  })
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
