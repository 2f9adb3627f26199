/**
 * The mock platform's log store: what it really did (log-events.ts) and seeded history
 * (log-history.ts), in a Postgres of its own that the projects' databases never see. Events wait
 * until the store is first read (in memory, or where the page keeps them: IndexedDB), then are
 * written in batches: recording is cheap and never waits on the database. A project's history is
 * written a part at a time, the newest first: a query waits only for the parts its range reaches,
 * and the rest are written while the store is otherwise idle. Events past the longest plan
 * retention are deleted (LOG_STORE_KEPT_DAYS), when the store opens and then now and again.
 */
import { LOG_QUERY_ROW_LIMIT, LOG_QUERY_TIMEOUT_MS, LOG_SOURCES, LOG_STORE_KEPT_DAYS, type LogTableName } from '../../src/constants'
import { toJsonValue } from '../postgres/query'
import { measuredSteps } from '../../src/lib/path-marks'
import { HISTORY_PARTS, historyPartSql } from './log-history'
import { keptPart, keptState, markPartWritten, pruneDue, pruneEventsSql, type KeptState } from './log-store-kept'
import { quietWork, vacuumLedger, VACUUM_AFTER_ROWS } from './log-store-upkeep'
import { checkLogSql, LogQueryRefused, readerError, refusePlan } from './log-sql-check'
import { ensureSchema, underStoreLock, readerSettingsSql, STORE_SCHEMA, logTableColumns, type LogDatabase, type LogSql, type LogStoreLayout } from './log-store-schema'

export { LogQueryRefused }
export type { LogDatabase, LogSql }

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

/** Events waiting for the store to open are capped: a page that never opens logs keeps only the recent ones. */
const BUFFER_LIMIT = 20_000
const FLUSH_DELAY_MS = 200
/** Events are handed to the waiting place at once: a reload right after a statement keeps it. */
const KEEP_DELAY_MS = 0
const DAY_MS = 24 * 3600_000
/** PostgreSQL's SQLSTATE for a row no partition takes ("no partition of relation … found for row"). */
const NO_PARTITION_FOR_ROW = '23514'
/** Background work (the rest of a project's history, a vacuum) waits this long after the store's last query (its answers come first). */
const BACKGROUND_HISTORY_DELAY_MS = 1500

export interface LogStoreOptions {
  /** Opens the store's database (an in-memory PGlite: in the page's worker, or in node). */
  open: () => Promise<LogDatabase>
  /** The clock (tests move it). */
  now?: () => number
  /** Runs a step of background work when the page is idle (the browser's requestIdleCallback); a timer by default. */
  whenIdle?: (run: () => void) => void
  /**
   * The store outlives the process (the page's in IndexedDB, the served one on disk): which history
   * parts were written, and from what anchor, is kept in it too, so neither a restart nor another
   * tab on the same database writes them twice or leaves gaps (log-store-kept.ts).
   */
  durable?: boolean
  /**
   * Where events wait to be written (the page: IndexedDB, so a reload loses none): each is handed
   * over at once, and the store writes from there, when it opens and then in batches. Without it
   * they wait in memory until the store is open, then are written in batches.
   */
  waiting?: WaitingLogEvents
  /** 'by-day' on a PostgreSQL server that replicas share (log-store-postgres.ts); one table a source by default. */
  layout?: LogStoreLayout
}

/** A place events wait in until a store writes them, shared by every page that opens the same store. */
export interface WaitingLogEvents {
  keep(events: LogEvent[]): Promise<void>
  /** Hands every event kept to `write`, and forgets them once it is done (one taker at a time). */
  take(write: (events: LogEvent[]) => Promise<void>): Promise<void>
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
  let keepTimer: ReturnType<typeof setTimeout> | null = null
  let flushing: Promise<void> = Promise.resolve()
  /** The hand-overs to the waiting place in progress (a take waits for them). */
  let keeping: Promise<void> = Promise.resolve()
  let prunedAt: number | null = null
  const whenIdle = options.whenIdle ?? (typeof requestIdleCallback === 'function' ? (run) => void requestIdleCallback(run) : (run) => void setTimeout(run, 0))
  const histories = new Map<string, ProjectHistory>()
  const byDay = options.layout === 'by-day'
  /** The days (UTC) this store made sure of: events of those are written without asking again. */
  const daysMade = new Set<string>()
  let activeQueries = 0
  let lastQueryAt = 0
  let closed = false
  const whenQuiet = quietWork({ now, whenIdle, delayMs: BACKGROUND_HISTORY_DELAY_MS, busy: () => activeQueries > 0, lastQueryAt: () => lastQueryAt, stopped: () => closed })
  // A server's store has autovacuum; a PGlite's tables are vacuumed here.
  const vacuums = byDay
    ? null
    : vacuumLedger(whenQuiet, async (tables) => {
        if (database) await (await database).exec(`vacuum ${tables.map((table) => `${STORE_SCHEMA}.${table}`).join(', ')}`)
      })

  const opened = (): Promise<LogDatabase> =>
    (database ??= (async () => {
      // Measured (the bench reads them): the worker answering (its database still starting), the schema checked (the first
      // answer: it waits for the start, whose own steps the worker marks), the kept state and prune, the waiting events.
      const open = measuredSteps('log-store:open')
      const db = await options.open()
      open.step('database')
      const rebuilt = await ensureSchema(db, options.layout ?? 'single')
      open.step('schema')
      if (options.durable) restoreState(await underStoreLock(db, options.layout ?? 'single', (sql) => keptState(sql, rebuilt)))
      await pruneIfDue(db)
      open.step('kept-state-and-prune')
      if (options.waiting) await takeWaiting(db, options.waiting)
      open.step('waiting')
      open.end()
      return db
    })())

  /** Deletes what is past the longest retention; a failure is told and tried again at the next write. */
  async function prune(db: LogDatabase) {
    prunedAt = now()
    const before = new Date(prunedAt - LOG_STORE_KEPT_DAYS * DAY_MS)
    // By day: the days wholly before are dropped, then the rest of the one it falls in is deleted.
    const dropDays = byDay ? db.query(`select ${STORE_SCHEMA}.drop_days_before($1)`, [before.toISOString()]).then(() => daysMade.clear()) : Promise.resolve()
    await dropDays.then(() => db.exec(pruneEventsSql(before, options.durable ? new Date(prunedAt!) : null))).catch((error: unknown) => {
      prunedAt = null
      console.warn('Log store: old events not deleted', error)
    })
  }

  const pruneIfDue = (db: LogDatabase) => (pruneDue(prunedAt, now()) ? prune(db) : Promise.resolve())

  /** Writes what waited for the store (this page's and others'), once: the waiting place hands each event to one taker. */
  async function takeWaiting(db: LogDatabase, waiting: WaitingLogEvents) {
    await keeping
    await waiting.take((events) => writeBatch(db, events)).catch((error: unknown) => console.warn('Log store: waiting events not written', error))
  }

  /** Hands what is buffered to the waiting place. */
  function keepWaiting(waiting: WaitingLogEvents): Promise<void> {
    if (buffer.length === 0) return keeping
    const events = buffer
    buffer = []
    keeping = keeping.then(() => waiting.keep(events)).catch((error: unknown) => console.warn('Log store: events not handed to the waiting place', error))
    return keeping
  }

  /**
   * A by-day store's days from `first` to `last` made, unless this store made them already. Inside a
   * transaction (`remember` false) they are made each time: a rollback would take them with it.
   */
  async function makeDays(sql: LogSql, first: Date, last: Date, remember = true) {
    const days = daysBetween(first, last)
    if (!byDay || (remember && days.every((day) => daysMade.has(day)))) return
    await sql.query(`select ${STORE_SCHEMA}.ensure_days($1, $2)`, [first.toISOString(), last.toISOString()])
    if (remember) for (const day of days) daysMade.add(day)
  }

  async function writeBatch(db: LogDatabase, events: LogEvent[]) {
    const daysOfBatch = () => {
      const times = events.map((event) => event.timestamp.getTime())
      return makeDays(db, new Date(Math.min(...times)), new Date(Math.max(...times)))
    }
    if (byDay && events.length > 0) await daysOfBatch()
    const byTable = new Map<string, LogEvent[]>()
    for (const event of events) {
      const list = byTable.get(event.table)
      if (list) list.push(event)
      else byTable.set(event.table, [event])
    }
    for (const [table, rows] of byTable) {
      const payload = rows.map(({ table: _table, timestamp, ...row }) => ({ ...row, id: row.id ?? crypto.randomUUID(), timestamp: timestamp.toISOString(), metadata: row.metadata ?? {} }))
      const columns = ['project', ...logTableColumns(table).map((c) => c.name)].map((c) => `"${c}"`).join(', ')
      const insert = () => db.query(`insert into ${STORE_SCHEMA}.${table} (${columns}) select ${columns} from jsonb_populate_recordset(null::${STORE_SCHEMA}.${table}, $1::jsonb)`, [JSON.stringify(payload)])
      await insert().catch(async (error: unknown) => {
        // A day this store made is gone (its making rolled back, or dropped elsewhere): made again, once.
        if (!byDay || (error as { code?: string }).code !== NO_PARTITION_FOR_ROW) throw error
        daysMade.clear()
        await daysOfBatch()
        await insert()
      })
      vacuums?.wrote(table, rows.length)
    }
  }

  /** Writes what waits (once the store is open; before that, events wait, in the waiting place if there is one). */
  function flush(): Promise<void> {
    const { waiting } = options
    if (!database) return waiting ? keepWaiting(waiting) : Promise.resolve()
    flushing = flushing.then(async () => {
      // Without a waiting place, the buffer is where events wait.
      const events = waiting ? [] : buffer.splice(0)
      try {
        const db = await opened()
        await pruneIfDue(db)
        if (waiting) {
          await keepWaiting(waiting)
          await takeWaiting(db, waiting)
        } else if (events.length > 0) await writeBatch(db, events)
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
    const { waiting } = options
    if (waiting && !keepTimer) {
      keepTimer = setTimeout(() => {
        keepTimer = null
        void keepWaiting(waiting)
      }, KEEP_DELAY_MS)
    }
    if (database && !flushTimer) {
      flushTimer = setTimeout(() => {
        flushTimer = null
        void flush()
      }, FLUSH_DELAY_MS)
    }
  }

  /** The project's history: anchored at its first read, each part written once (retried when it failed). */
  function historyOf(project: string, retentionDays: number | null): ProjectHistory {
    let history = histories.get(project)
    if (!history) {
      history = { anchor: new Date(now()), retentionDays, parts: new Map(), background: false }
      histories.set(project, history)
    }
    // Warmed before any query said the plan's retention: the first query does.
    history.retentionDays ??= retentionDays
    return history
  }

  function writePart(db: LogDatabase, project: string, history: ProjectHistory, part: number): Promise<void> {
    let written = history.parts.get(part)
    if (!written) {
      const started = performance.now()
      written = db
        .transaction(async (tx) => {
          if (options.durable) {
            // Another tab on the same database, or an earlier run, may have written it since this store opened.
            const kept = await keptPart(tx, project, part)
            if (kept.anchor) history.anchor = kept.anchor
            if (kept.written) return
          }
          // The part reaches back over the plan's retention from its anchor (and a day's margin).
          await makeDays(tx, new Date(history.anchor.getTime() - ((history.retentionDays ?? 1) + 1) * DAY_MS), history.anchor, false)
          for (const statement of historyPartSql(project, part, history.retentionDays ?? 1, history.anchor)) await tx.exec(statement)
          if (options.durable) await markPartWritten(tx, project, part, history.anchor, history.retentionDays ?? 1)
          return true
        })
        .then((wroteAll) => {
          performance.measure(`log-store:history-part-${part}`, { start: started })
          // A part writes every source's table, thousands of rows in all.
          if (wroteAll) for (const { table } of LOG_SOURCES) vacuums?.wrote(table, VACUUM_AFTER_ROWS)
        })
      written.catch(() => history.parts.delete(part))
      history.parts.set(part, written)
    }
    return written
  }

  /** The histories an earlier run of a durable store wrote, and when it last pruned. */
  function restoreState({ parts, prunedAt: keptPrunedAt }: KeptState) {
    prunedAt = keptPrunedAt
    for (const row of parts) {
      const history = historyOf(row.project, row.retention_days)
      history.anchor = row.anchor
      history.parts.set(row.part, Promise.resolve())
    }
  }

  /** The parts of the project's history a range reaches, written (the newest first). */
  async function seeded(db: LogDatabase, project: string, retentionDays: number, start: Date): Promise<void> {
    const history = historyOf(project, retentionDays)
    const anchor = history.anchor.getTime()
    for (let part = 0; part < HISTORY_PARTS.length; part++) {
      // A part holds events up to `from` minutes before the anchor: a range starting later never reaches it.
      if (start.getTime() >= anchor - HISTORY_PARTS[part]!.from * 60_000) break
      await writePart(db, project, history, part)
    }
  }

  /** The rest of the project's history, a part at a time while no query runs. */
  function seedInBackground(project: string) {
    const history = histories.get(project)
    if (!history || history.background) return
    history.background = true
    const next = () =>
      whenQuiet(() => {
        const part = HISTORY_PARTS.findIndex((_, i) => !history.parts.has(i))
        if (part === -1 || !database) return
        void database
          .then((db) => writePart(db, project, history, part))
          .then(next, (error: unknown) => console.warn('Log store: history not written', error))
      })
    next()
  }

  /** Runs a logs query for one project and range: one checked SELECT, as the reader role, read-only. */
  async function query(input: QueryLogsInput): Promise<Record<string, unknown>[]> {
    const checked = checkLogSql(input.sql)
    if (!checked.ok) throw new LogQueryRefused(checked.message)
    activeQueries++
    try {
      const db = await opened()
      await flush()
      await seeded(db, input.project, input.retentionDays, input.start)
      return await read(db, input, checked.statement)
    } finally {
      activeQueries--
      lastQueryAt = now()
      seedInBackground(input.project)
    }
  }

  function read(db: LogDatabase, input: QueryLogsInput, statement: string) {
    return db.transaction(async (tx) => {
      await tx.exec(readerSettingsSql(input.project, input.start, input.end, LOG_QUERY_TIMEOUT_MS))
      await refuseByPlan(tx, statement)
      const result = await tx.query<Record<string, unknown>>(`select * from (${statement}\n) as logs_query limit ${LOG_QUERY_ROW_LIMIT}`)
      return result.rows.map((row) => toJsonValue(row) as Record<string, unknown>)
    })
  }

  async function refuseByPlan(tx: LogSql, statement: string) {
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
    /** Opens the store and writes the project's newest history ahead of its first read (the page calls it when idle). */
    async warm(project: string) {
      const db = await opened()
      await writePart(db, project, historyOf(project, null), 0)
    },
    /** Opens the store now (a durable one: events are written as they come, not kept until the first read). */
    async open() {
      await opened()
    },
    /** Events recorded but not yet written (tests read them). */
    pending: () => buffer.length,
    /** Writes what waits and stops the store. */
    async close() {
      closed = true
      if (flushTimer) clearTimeout(flushTimer)
      if (keepTimer) clearTimeout(keepTimer)
      if (!database) {
        if (options.waiting) await keepWaiting(options.waiting)
        return
      }
      await flush()
      // A part being written finishes first (no background step starts once the database is gone).
      await Promise.allSettled([...histories.values()].flatMap((history) => [...history.parts.values()]))
      await vacuums?.settled()
      await (await database).close()
      database = null
    },
  }
}
export type LogStore = ReturnType<typeof createLogStore>

interface ProjectHistory {
  /** The history's now: every part is written up to it, so parts written later meet without gap or overlap. */
  anchor: Date
  /** The plan's retention as the first query said it (the oldest part's span); null while only warmed. */
  retentionDays: number | null
  parts: Map<number, Promise<void>>
  background: boolean
}

/** The days (UTC, as YYYY-MM-DD) from `first` to `last`. */
function daysBetween(first: Date, last: Date): string[] {
  const days: string[] = []
  for (let day = Math.floor(first.getTime() / DAY_MS); day <= Math.floor(last.getTime() / DAY_MS); day++) days.push(new Date(day * DAY_MS).toISOString().slice(0, 10))
  return days
}
