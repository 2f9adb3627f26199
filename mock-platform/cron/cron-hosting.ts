/**
 * Where the mock's pg_cron worker (cron-scheduler.ts) runs, so each project's jobs run once:
 * - node (tests) and the standalone server: one scheduler per project database this process
 *   opened, from its opening until the platform closes; served replicas run a project's jobs on the
 *   one that holds its lock (cron-leadership.ts), among those that have its database open;
 * - the browser: only while a tab is on one of the project's pages, and then in one tab only. Every
 *   tab runs its own mock platform over the one shared database (PGliteWorker), so a tab on
 *   /project/{ref}/… asks for the Web Lock `studio-cron-{ref}`; the tab that holds it is the
 *   leader and runs the jobs, the others wait in the lock's queue. Leaving the project (another
 *   address) or closing the tab releases it and the next waiting tab takes over.
 *
 * A paused or otherwise inactive project runs nothing, as its database would not be running.
 */
import { CRON_LEADER_LOCK, CRON_TICK_MS } from '../../src/constants/cron.ts'
import type { PlatformContext } from '../context.ts'
import { startCronScheduler, type CronClock, type CronRunOutcome, type CronScheduler } from './cron-scheduler.ts'
import { openProjectDatabase, projectRefOfPath, runningDatabase } from '../projects/database-start.ts'
import { recordCronRun, recordHttpCall } from '../logs/log-events.ts'
import type { HttpOutcome, QueuedRequest } from '../net/net-worker.ts'
import { isActiveProjectStatus } from '../../src/lib/project-gate'

export type CronHostingMode = 'per-database' | 'leader-tab' | 'off'

export interface CronHostingOptions {
  mode?: CronHostingMode
  /** The schedulers' clock (tests inject fake timers through it). */
  clock?: CronClock
  /** Served replicas: how often to look for projects to adopt (CRON_ADOPTION_MS). */
  adoptionMs?: number
}

/**
 * The project's database if this process has it running and the project is active, and (served
 * replicas) this one leads the project's jobs; else null (skip the tick).
 */
async function activeDatabase(ctx: PlatformContext, ref: string) {
  const project = ctx.db.projects.findFirst((q) => q.where({ ref }))
  if (!project || !isActiveProjectStatus(project.status)) return null
  const database = runningDatabase(ctx, ref)
  if (!database || (ctx.cronLeadership && !(await ctx.cronLeadership.holds(ref)))) return null
  return database
}

/** Each run and each call it makes, in the log store. */
const loggedRuns = (ctx: PlatformContext, ref: string) => ({
  onRun: (run: CronRunOutcome) => recordCronRun(ctx, ref, run),
  net: { blocked: ctx.netBlocked, onSent: (request: QueuedRequest, outcome: HttpOutcome, ms: number) => recordHttpCall(ctx, ref, null, request, outcome, ms) },
})

const perDatabase = new WeakMap<PlatformContext, Map<string, CronScheduler>>()

/** node and server: the scheduler of a project whose database just opened here (once per ref). */
export function startDatabaseCron(ctx: PlatformContext, ref: string, clock?: CronClock): void {
  let schedulers = perDatabase.get(ctx)
  if (!schedulers) perDatabase.set(ctx, (schedulers = new Map()))
  if (schedulers.has(ref)) return
  const noteJobs = (active: number) => void ctx.cronLeadership?.noteJobs(ref, active > 0).catch(() => undefined)
  schedulers.set(ref, startCronScheduler({ database: () => activeDatabase(ctx, ref), clock, onJobs: noteJobs, ...loggedRuns(ctx, ref) }))
}

/** How often a served replica looks for projects with jobs nobody leads (its leader stopped or died). */
export const CRON_ADOPTION_MS = 5_000

/**
 * Served replicas: every CRON_ADOPTION_MS, a project with active jobs whose lock no replica holds is
 * opened here, so its scheduler starts and takes the jobs over: the replica that led it died before
 * anyone else had the project's database open (or the whole service restarted).
 */
export function startCronAdoption(ctx: PlatformContext, everyMs = CRON_ADOPTION_MS): { stop(): void } {
  const leadership = ctx.cronLeadership
  if (!leadership) return { stop: () => undefined }
  let looking = false
  const look = async () => {
    if (looking) return
    looking = true
    try {
      for (const ref of await leadership.unled()) {
        if (perDatabase.get(ctx)?.has(ref)) continue
        const project = ctx.db.projects.findFirst((q) => q.where({ ref }))
        if (project && isActiveProjectStatus(project.status)) await openProjectDatabase(ctx, project)
      }
    } catch (error) {
      console.warn('pg_cron worker (mock): looking for projects to adopt failed', error)
    } finally {
      looking = false
    }
  }
  const timer = setInterval(() => void look(), everyMs)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}

/** Stops the scheduler of one project (deleted: its database is gone). */
export async function stopProjectCron(ctx: PlatformContext, ref: string): Promise<void> {
  const scheduler = perDatabase.get(ctx)?.get(ref)
  perDatabase.get(ctx)?.delete(ref)
  await scheduler?.stop()
  await ctx.cronLeadership?.release(ref)
}

/** Stops every scheduler of this platform (before its databases close). */
export async function stopDatabaseCron(ctx: PlatformContext): Promise<void> {
  const schedulers = perDatabase.get(ctx)
  perDatabase.delete(ctx)
  await Promise.all([...(schedulers?.values() ?? [])].map((scheduler) => scheduler.stop()))
}

export interface LeaderTabOptions {
  clock?: CronClock
  /** The tab's current address (tests pass their own). */
  pathname?: () => string
  locks?: Pick<LockManager, 'request'>
  /** How often the tab checks which project it is on (a client-side route change fires no event). */
  checkMs?: number
}

/** browser: runs the jobs of the project this tab is on while it leads that project; returns how to stop. */
export function startLeaderTabCron(ctx: PlatformContext, options: LeaderTabOptions = {}): { stop(): void } {
  const pathname = options.pathname ?? (() => window.location.pathname)
  const locks = options.locks ?? (typeof navigator !== 'undefined' ? navigator.locks : undefined)
  let held: { ref: string; leave: () => void } | null = null

  const follow = () => {
    const ref = projectRefOfPath(pathname())
    if (held?.ref === ref) return
    held?.leave()
    held = null
    if (!ref) return
    const leaving = new AbortController()
    const left = new Promise<void>((resolve) => leaving.signal.addEventListener('abort', () => resolve(), { once: true }))
    held = { ref, leave: () => leaving.abort() }
    const lead = async () => {
      const scheduler = startCronScheduler({ database: () => activeDatabase(ctx, ref), clock: options.clock, ...loggedRuns(ctx, ref) })
      await left
      await scheduler.stop()
    }
    // Without Web Locks (an insecure context) there is no way to agree on a leader: this tab leads.
    if (!locks) return void lead()
    // Aborted while still waiting in the queue: the request rejects, and that is all it means.
    locks.request(CRON_LEADER_LOCK(ref), { signal: leaving.signal }, lead).catch(() => undefined)
  }

  follow()
  const interval = setInterval(follow, options.checkMs ?? CRON_TICK_MS)
  return {
    stop() {
      clearInterval(interval)
      held?.leave()
      held = null
    },
  }
}
