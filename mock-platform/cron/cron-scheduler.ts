/**
 * pg_cron's background worker, played by the mock platform (shims/pg-cron.ts; DESIGN.md "Shims
 * and workers"): at every tick it reads the active jobs, runs each one due since the last tick
 * (src/lib/cron-schedule.ts: the rules the screen shows) and writes its `cron.job_run_details`
 * row, `running` first, then `succeeded` with the command's tag ("SELECT 1") or `failed` with the
 * database's message, with start and end. What a job queued for pg_net is sent afterwards.
 *
 * Decisions:
 * - The clock is injected (`CronClock`): tests drive the scheduler with fake timers.
 * - A job runs under its `username`: `set role` and the command are one text, so they share the
 *   one session a run gets (session.ts); the session is reset after it, as after any SET.
 * - Jobs of one database run one after another, each once per tick however late the tick is
 *   (a sleeping tab catches up with one run, not a burst), so a job never overlaps itself.
 * - A job for another database cannot run here (a project has one): its run fails, saying so.
 */
import { CRON_TICK_MS } from '../../src/constants/cron.ts'
import { isCronDue, parseCronSchedule } from '../../src/lib/cron-schedule.ts'
import { sqlIdent } from '../../src/lib/sql/quote.ts'
import { scheduleHttpDrain, type NetWorkerOptions } from '../net/net-worker.ts'
import type { ProjectDatabase, QueryResult } from '../postgres/types.ts'
import { errorMessage } from '../../src/lib/error-message'

export interface CronClock {
  /** Milliseconds since the epoch. */
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** The real clock; its timers never keep a node process alive. */
export const systemClock: CronClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => {
    const handle = setTimeout(run, ms)
    ;(handle as { unref?: () => void }).unref?.()
    return handle
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export interface CronJobToRun {
  jobid: string
  jobname: string | null
  schedule: string
  command: string
  database: string
  username: string
}

export interface CronRunOutcome {
  jobid: string
  runid: string
  status: 'succeeded' | 'failed'
  returnMessage: string
  /** What ran, as whom, and how long it took (the log store's pg_cron and Postgres events). */
  jobname: string | null
  username: string
  command: string
  startedAt: number
  durationMs: number
}

const COUNTED = new Set(['UPDATE', 'DELETE', 'MERGE', 'COPY', 'FETCH', 'MOVE'])

/** The tag Postgres ends a statement with, as pg_cron records it ("SELECT 1", "INSERT 0 3", "CREATE"). */
export function commandTag(result: QueryResult | undefined): string {
  const command = result?.command
  if (!command) return ''
  if (command === 'SELECT') return `SELECT ${result.rows.length}`
  if (command === 'INSERT') return `INSERT 0 ${result.affectedRows ?? 0}`
  if (COUNTED.has(command)) return `${command} ${result.affectedRows ?? 0}`
  return command
}


/** The active jobs, or null when the database has no pg_cron. */
export async function activeCronJobs(db: ProjectDatabase): Promise<CronJobToRun[] | null> {
  const { rows: present } = await db.query(`select to_regclass('cron.job') is not null as present`)
  if (present[0]?.['present'] !== true) return null
  const { rows } = await db.query(
    `select jobid::text as jobid, jobname::text as jobname, schedule, command, database, username from cron.job where active order by jobid`,
  )
  return rows.map((row) => ({
    jobid: String(row['jobid']),
    jobname: row['jobname'] === null ? null : String(row['jobname']),
    schedule: String(row['schedule']),
    command: String(row['command']),
    database: String(row['database']),
    username: String(row['username']),
  }))
}

/** Runs one job now and records the run; never throws for the command's own failure. */
export async function runCronJob(db: ProjectDatabase, job: CronJobToRun, clock: CronClock = systemClock): Promise<CronRunOutcome> {
  const at = () => new Date(clock.now()).toISOString()
  const startedAt = clock.now()
  const begun = performance.now()
  const { rows } = await db.query(
    `insert into cron.job_run_details (jobid, job_pid, database, username, command, status, start_time)
     values ($1, pg_backend_pid(), $2, $3, $4, 'running', $5)
     returning runid::text as runid, current_database() as here`,
    [job.jobid, job.database, job.username, job.command, at()],
  )
  const runid = String(rows[0]?.['runid'])
  const here = String(rows[0]?.['here'])
  let outcome: Pick<CronRunOutcome, 'status' | 'returnMessage'>
  let durationMs = 0
  if (job.database !== here) {
    outcome = { status: 'failed', returnMessage: `database "${job.database}" is not this project's database ("${here}"): a job runs in its project's own database only` }
  } else {
    const running = performance.now()
    try {
      const results = await db.exec(`set role ${sqlIdent(job.username)};\n${job.command}`)
      outcome = { status: 'succeeded', returnMessage: commandTag(results.at(-1)) }
    } catch (error) {
      outcome = { status: 'failed', returnMessage: errorMessage(error) }
    }
    durationMs = performance.now() - running
  }
  await db.query(`update cron.job_run_details set status = $2, return_message = $3, end_time = $4 where runid = $1`, [
    runid,
    outcome.status,
    outcome.returnMessage,
    at(),
  ])
  return { jobid: job.jobid, runid, ...outcome, jobname: job.jobname, username: job.username, command: job.command, startedAt, durationMs: durationMs || performance.now() - begun }
}

/** Runs every active job with a run in (since, now], then lets pg_net send what they queued. */
export async function runDueCronJobs(
  db: ProjectDatabase,
  since: number,
  now: number,
  options: { clock?: CronClock; net?: NetWorkerOptions; onJobs?: (active: number) => void } = {},
): Promise<CronRunOutcome[]> {
  const jobs = await activeCronJobs(db)
  options.onJobs?.(jobs?.length ?? 0)
  if (!jobs) return []
  const runs: CronRunOutcome[] = []
  for (const job of jobs) {
    const { schedule } = parseCronSchedule(job.schedule)
    if (schedule && isCronDue(schedule, since, now)) runs.push(await runCronJob(db, job, options.clock))
  }
  // pg_net's worker (the mock plays it too): HTTP jobs send now, without holding up the next tick.
  if (runs.length > 0) void scheduleHttpDrain(db, options.net)
  return runs
}

export interface CronSchedulerOptions {
  /** The database to run on now, or null to skip this tick (not opened, project paused). */
  database: () => ProjectDatabase | null | Promise<ProjectDatabase | null>
  clock?: CronClock
  tickMs?: number
  net?: NetWorkerOptions
  /** A tick that failed (the jobs could not be read); the scheduler goes on. */
  onError?: (error: unknown) => void
  /** Each run, once recorded. */
  onRun?: (run: CronRunOutcome) => void
  /** How many active jobs a tick found (0 without pg_cron). */
  onJobs?: (active: number) => void
}

export interface CronScheduler {
  /** No tick after this; resolves once a tick under way has finished. */
  stop(): Promise<void>
}

/** Ticks just after each whole `tickMs` of the clock (a job due at :05 runs at :05), until stopped. */
export function startCronScheduler(options: CronSchedulerOptions): CronScheduler {
  const clock = options.clock ?? systemClock
  const tickMs = options.tickMs ?? CRON_TICK_MS
  const onError = options.onError ?? ((error: unknown) => console.warn('pg_cron worker (mock): a tick failed', error))
  let since = clock.now()
  let stopped = false
  let timer: unknown = null
  let ticking: Promise<void> = Promise.resolve()

  const tick = async () => {
    const now = clock.now()
    try {
      const db = await options.database()
      if (db) for (const run of await runDueCronJobs(db, since, now, { clock, net: options.net, onJobs: options.onJobs })) options.onRun?.(run)
    } catch (error) {
      if (!stopped) onError(error)
    }
    since = now
  }
  const next = () => {
    if (stopped) return
    const wait = tickMs - (clock.now() % tickMs) + 1
    timer = clock.setTimeout(() => {
      ticking = tick().then(next)
    }, wait)
  }
  next()
  return {
    async stop() {
      stopped = true
      clock.clearTimeout(timer)
      await ticking
    },
  }
}
