/**
 * Starting a project's database, timed. The platform's databases run all the time; ours start the
 * first time something needs one in this process (the page, a test run, the server): PGlite boots
 * (in the browser in its worker, from IndexedDB when it was kept), the demo data is written once,
 * and the million-row fixture is generated where the project has it. That is a real cost, paid once
 * per start, and it is not the cost of whatever statement happened to arrive first: the handlers
 * time the two apart and report both (pg-meta's `Server-Timing`, the databases' status).
 */
import type { PlatformContext } from '../context'
import type { ProjectDatabase } from '../postgres'
import { loggedDatabase } from '../logs/log-events'
import { errorMessage } from '../../src/lib/error-message'
import { isActiveProjectStatus } from '../../src/lib/project-gate'

interface Start {
  /**
   * What the provider answered for the ref: opened, seeded and, where the project has it, with its
   * large fixture (provider-cache.ts). A new promise means the database was (re)opened.
   */
  opening: Promise<ProjectDatabase>
  startedAt: number
  /** Set once ready. */
  startedInMs: number | null
  /** Set when the start failed; the next use starts again. */
  failure: string | null
  /** Set once ready. */
  database: ProjectDatabase | null
}

export type DatabaseStartState =
  | { state: 'stopped' }
  | { state: 'starting' }
  | { state: 'running'; startedInMs: number }
  | { state: 'failed'; message: string }

export interface OpenedDatabase {
  database: ProjectDatabase
  /** The same database without the request's logging (the platform's own follow-up work). */
  unlogged: ProjectDatabase
  /** How long the database took to start, when this caller had to wait for it (null: it was running). */
  startedInMs: number | null
}

const now = () => performance.now()

// Per platform, so two mock platforms in one process (tests) keep their own starts.
const startsByPlatform = new WeakMap<PlatformContext, Map<string, Start>>()

function startsOf(ctx: PlatformContext): Map<string, Start> {
  let starts = startsByPlatform.get(ctx)
  if (!starts) startsByPlatform.set(ctx, (starts = new Map()))
  return starts
}

/** The project's database, started (and timed) if it is not running yet. */
export async function openProjectDatabase(ctx: PlatformContext, project: { ref: string }, request?: Request): Promise<OpenedDatabase> {
  // Loading the provider (the PGlite code) is part of the first start.
  const askedAt = now()
  const provider = await ctx.databases()
  const opening = provider.open(project.ref)
  const starts = startsOf(ctx)
  let start = starts.get(project.ref)
  if (!start || start.opening !== opening || start.failure !== null) {
    const begun: Start = { opening, startedAt: askedAt, startedInMs: null, failure: null, database: null }
    begun.opening.then(
      (database) => {
        begun.startedInMs = now() - begun.startedAt
        begun.database = database
        ctx.databaseOpened(project.ref)
      },
      (error: unknown) => (begun.failure = errorMessage(error)),
    )
    starts.set(project.ref, begun)
    start = begun
  }
  const waited = start.startedInMs === null
  const database = await start.opening
  // Statements a request runs are its Postgres events, under its request id.
  const used = request ? loggedDatabase(ctx, project.ref, request.headers.get('x-request-id'), database) : database
  return { database: used, unlogged: database, startedInMs: waited ? start.startedInMs : null }
}

/** Forgets a deleted project's start: its database is gone, and a running one is not looked for. */
export function forgetDatabaseStart(ctx: PlatformContext, ref: string): void {
  startsOf(ctx).delete(ref)
}

/** The project's database when it is running in this process, without starting it. */
export function runningDatabase(ctx: PlatformContext, ref: string): ProjectDatabase | null {
  const start = startsOf(ctx).get(ref)
  return start && start.failure === null ? start.database : null
}

/** Where the project's database stands, without starting it. */
export function databaseStartState(ctx: PlatformContext, ref: string): DatabaseStartState {
  const start = startsOf(ctx).get(ref)
  if (!start) return { state: 'stopped' }
  if (start.failure !== null) return { state: 'failed', message: start.failure }
  if (start.startedInMs === null) return { state: 'starting' }
  return { state: 'running', startedInMs: start.startedInMs }
}

/** The project ref of a page address (`…/project/{ref}/…`, under any base path), or null. */
export function projectRefOfPath(pathname: string): string | null {
  const match = /\/project\/([^/]+)/.exec(pathname)
  return match?.[1] ? decodeURIComponent(match[1]) : null
}

/**
 * A page opened on a project (`/project/<ref>/…`): its database starts now, beside the app's own
 * start, instead of when the app first asks for it (in a new browser profile 1.2 s later, after
 * the entry, the session and the project). The platform's databases run all the time; a paused or
 * failed project has none to start.
 */
export function startDatabaseOfPage(ctx: PlatformContext, pathname: string): void {
  const ref = projectRefOfPath(pathname)
  if (!ref) return
  const project = ctx.db.projects.findFirst((q) => q.where({ ref }))
  if (!project || !isActiveProjectStatus(project.status)) return
  void openProjectDatabase(ctx, project).catch(() => undefined) // a failed start is told by the databases' status
}
