/**
 * The mock platform's log store: what it really did (log-events.ts) and seeded history
 * (log-history.ts), in a Postgres of its own that the projects' databases never see. Events are
 * kept in memory until the store is first read, then written in batches: recording is cheap and
 * never waits on the database.
 */
import type { PGliteInterface, Transaction } from '@electric-sql/pglite'
import { LOG_QUERY_ROW_LIMIT, LOG_QUERY_TIMEOUT_MS, LOG_SOURCES, LOGS_MESSAGE, type LogTableName } from '../../src/constants'
import { toJsonValue } from '../postgres/query'
import { historySql } from './log-history'
import { checkLogSql, refusePlan } from './log-sql-check'
import { READER_ROLE, READER_SCHEMA, SETTING, STORE_SCHEMA, logStoreSchemaSql, logTableColumns } from './log-store-schema'

/** One event: its table, its project, and its columns (LOG_COMMON_COLUMNS and the source's own). */
export interface LogEvent {
  table: LogTableName
  project: string
  timestamp: Date
  event_message: string
  level: 'debug' | 'info' | 'warning' | 'error'
  request_id?: string | null
  metadata?: Record<string, unknown>
  [column: string]: unknown
}

export type LogDatabase = Pick<PGliteInterface, 'exec' | 'query' | 'transaction' | 'close'>

export class LogQueryRefused extends Error {}

const LOG_TABLES: readonly string[] = LOG_SOURCES.map((s) => s.table)

/** Events waiting for the store to open are capped: a page that never opens logs keeps only the recent ones. */
const BUFFER_LIMIT = 20_000
const FLUSH_DELAY_MS = 200

export interface LogStoreOptions {
  /** Opens the store's database (an in-memory PGlite: in the page's worker, or in node). */
  open: () => Promise<LogDatabase>
  /** The clock (tests move it). */
  now?: () => number
}

export interface QueryLogsInput {
  project: string
  sql: string
  start: Date
  end: Date
  /** The organization's plan retention, for the seeded history's span. */
  retentionDays: number
}

export function createLogStore(options: LogStoreOptions) {
  const now = options.now ?? Date.now
  let buffer: LogEvent[] = []
  let database: Promise<LogDatabase> | null = null
  let flushTimer: ReturnType<typeof setTimeout> | null = null
  let flushing: Promise<void> = Promise.resolve()
  const seeding = new Map<string, Promise<void>>()

  const opened = (): Promise<LogDatabase> =>
    (database ??= (async () => {
      const db = await options.open()
      await db.exec(logStoreSchemaSql())
      return db
    })())

  async function writeBatch(db: LogDatabase, events: LogEvent[]) {
    const byTable = new Map<string, LogEvent[]>()
    for (const event of events) {
      const list = byTable.get(event.table)
      if (list) list.push(event)
      else byTable.set(event.table, [event])
    }
    for (const [table, rows] of byTable) {
      const payload = rows.map(({ table: _table, timestamp, ...row }) => ({ ...row, id: row.id ?? crypto.randomUUID(), timestamp: timestamp.toISOString(), metadata: row.metadata ?? {} }))
      const columns = ['project', ...logTableColumns(table).map((c) => c.name)].map((c) => `"${c}"`).join(', ')
      await db.query(`insert into ${STORE_SCHEMA}.${table} (${columns}) select ${columns} from jsonb_populate_recordset(null::${STORE_SCHEMA}.${table}, $1::jsonb)`, [JSON.stringify(payload)])
    }
  }

  /** Writes what is buffered (once the store is open; before that, events wait). */
  function flush(): Promise<void> {
    if (!database) return Promise.resolve()
    flushing = flushing.then(async () => {
      if (buffer.length === 0) return
      const events = buffer
      buffer = []
      try {
        await writeBatch(await opened(), events)
      } catch (error) {
        // The store is the mock's own: a failed write is reported, never the request's failure.
        console.warn('Log store: events not written', error)
      }
    })
    return flushing
  }

  function record(event: LogEvent) {
    buffer.push(event)
    if (buffer.length > BUFFER_LIMIT) buffer = buffer.slice(-BUFFER_LIMIT)
    if (database && !flushTimer) {
      flushTimer = setTimeout(() => {
        flushTimer = null
        void flush()
      }, FLUSH_DELAY_MS)
    }
  }

  /** The project's seeded history, written once per store (and once per database: tabs may share it). */
  function seeded(db: LogDatabase, project: string, retentionDays: number): Promise<void> {
    let done = seeding.get(project)
    if (!done) {
      done = db.transaction(async (tx) => {
        const claimed = await tx.query(`insert into ${STORE_SCHEMA}.seeded (project) values ($1) on conflict do nothing returning project`, [project])
        if (claimed.rows.length === 0) return
        await tx.exec(historySql(project, retentionDays, new Date(now())))
      })
      done.catch(() => seeding.delete(project))
      seeding.set(project, done)
    }
    return done
  }

  /** Runs a logs query for one project and range: one checked SELECT, as the reader role, read-only. */
  async function query(input: QueryLogsInput): Promise<Record<string, unknown>[]> {
    const checked = checkLogSql(input.sql)
    if (!checked.ok) throw new LogQueryRefused(checked.message)
    const db = await opened()
    await flush()
    await seeded(db, input.project, input.retentionDays)
    return db.transaction(async (tx) => {
      await tx.exec(`set transaction read only`)
      await tx.query(`select set_config($1, $2, true), set_config($3, $4, true), set_config($5, $6, true)`, [
        SETTING.project,
        input.project,
        SETTING.start,
        input.start.toISOString(),
        SETTING.end,
        input.end.toISOString(),
      ])
      await tx.exec(`set local statement_timeout = ${LOG_QUERY_TIMEOUT_MS}; set local search_path = ${READER_SCHEMA}; set local role ${READER_ROLE}`)
      await refuseByPlan(tx, checked.statement)
      const result = await tx.query<Record<string, unknown>>(`select * from (${checked.statement}\n) as logs_query limit ${LOG_QUERY_ROW_LIMIT}`)
      return result.rows.map((row) => toJsonValue(row) as Record<string, unknown>)
    })
  }

  async function refuseByPlan(tx: Transaction, statement: string) {
    let plan: unknown
    try {
      const explained = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (verbose, format json) ${statement}`)
      plan = explained.rows[0]?.['QUERY PLAN']
    } catch (error) {
      throw readerError(error)
    }
    const refusal = refusePlan(typeof plan === 'string' ? JSON.parse(plan) : plan)
    if (refusal) throw new LogQueryRefused(refusal)
  }

  return {
    record,
    query,
    /** Events recorded but not yet written (tests read them). */
    pending: () => buffer.length,
    /** Writes what waits and stops the store. */
    async close() {
      if (flushTimer) clearTimeout(flushTimer)
      if (!database) return
      await flush()
      await (await database).close()
      database = null
    },
  }
}
export type LogStore = ReturnType<typeof createLogStore>

/** What the reader's attempt at something else reads as. */
function readerError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error)
  // Denied a log table: only a write is (the reader may select from every one).
  const denied = /permission denied for (?:schema|table|view|relation) (\S+)/.exec(message)
  if (denied) return new LogQueryRefused(LOG_TABLES.includes(denied[1]!) ? LOGS_MESSAGE.writes : LOGS_MESSAGE.notLogTable(denied[1]!))
  // The project's own tables are not here at all: say what is.
  const missing = /^relation "([^"]+)" does not exist/.exec(message)
  if (missing) return new LogQueryRefused(LOGS_MESSAGE.notLogTable(missing[1]!))
  if (/read-only transaction/.test(message)) return new LogQueryRefused(LOGS_MESSAGE.writes)
  return error instanceof Error ? error : new Error(message)
}
