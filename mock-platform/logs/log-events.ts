/**
 * What the mock platform really does, as log events: each answered request of a project (API
 * Gateway), each statement it runs for one (Postgres, with the request's id), sign-in and sign-up
 * (Auth), membership changes (Auth Audit), cron runs and pg_net calls.
 */
import type { PlatformContext } from '../context'
import type { CronRunOutcome } from '../cron/cron-scheduler'
import type { HttpOutcome, QueuedRequest } from '../net/net-worker'
import type { ProjectDatabase, QueryResult } from '../postgres/types'
import { readAccessToken } from '../auth/access-tokens'
import type { LogEvent } from './log-store'

/**
 * The project a platform path is about (`/platform/projects/{ref}/…`, `/platform/pg-meta/{ref}/…`,
 * `/platform/storage/{ref}/…`, `/v1/projects/{ref}/…`, and the objects it serves at `/projects/{ref}/storage/v1/…`).
 */
export function projectOfPath(pathname: string): string | null {
  const match =
    /\/(?:platform\/projects|platform\/pg-meta|platform\/storage|v1\/projects)\/([a-z0-9]{20})(?:\/|$)/.exec(pathname) ??
    /\/projects\/([a-z0-9]{20})\/storage\/v1\//.exec(pathname)
  return match?.[1] ?? null
}

// Reading the logs is not traffic of the project (and would fill the explorer's live tail with itself).
const UNLOGGED = /\/analytics\/endpoints\//

const levelOfStatus = (status: number) => (status >= 500 ? 'error' : status >= 400 ? 'warning' : 'info')

function callerOf(ctx: PlatformContext, request: Request) {
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
  const userId = token ? readAccessToken(token, ctx.tokenSigning) : null
  const user = userId ? ctx.db.users.findFirst((q) => q.where({ id: userId })) : undefined
  return { role: user || ctx.selfHosted ? 'authenticated' : 'anon', email: user?.email ?? null, userId: user?.id ?? null }
}

/** The projects of the organizations a user belongs to (where a platform-wide event of theirs shows). */
function projectsOfUser(ctx: PlatformContext, userId: string): string[] {
  const slugs = new Set(ctx.db.permissions.findMany((q) => q.where({ gotrue_id: userId })).map((p) => p.organization_slug))
  return ctx.db.projects.findMany().filter((p) => slugs.has(p.organization_slug)).map((p) => p.ref)
}

/** One answered request: an API Gateway event of its project; sign-in, sign-up and sign-out are Auth events too. */
export function recordRequest(ctx: PlatformContext, request: Request, response: Response, durationMs: number) {
  const url = new URL(request.url)
  if (UNLOGGED.test(url.pathname)) return
  const requestId = request.headers.get('x-request-id')
  const caller = callerOf(ctx, request)
  const timestamp = new Date(Date.now() + ctx.clockOffset)
  const ref = projectOfPath(url.pathname)
  const status = response.status
  if (ref) {
    ctx.logs.record({
      table: 'edge_logs',
      project: ref,
      timestamp,
      event_message: `${request.method} | ${status} | ${url.pathname}`,
      level: levelOfStatus(status),
      request_id: requestId,
      method: request.method,
      path: url.pathname + url.search,
      status_code: status,
      duration_ms: Math.round(durationMs),
      host: url.host,
      user_agent: request.headers.get('user-agent'),
      role: caller.role,
      metadata: { request: { method: request.method, path: url.pathname, search: url.search, host: url.host }, response: { status_code: status }, duration_ms: Math.round(durationMs), role: caller.role, user: caller.email },
    })
  }
  const action = authAction(url.pathname, url.searchParams.get('grant_type'))
  if (action) {
    void authUser(ctx, caller.userId, response).then((user) => {
      if (user) recordAuth(ctx, user, { action, request, status, durationMs, requestId, timestamp })
    })
  }
}

/** Whom an auth request was about: the signed-in caller, or the user a new session names. */
async function authUser(ctx: PlatformContext, callerId: string | null, response: Response) {
  let id = callerId
  if (!id && response.ok) {
    const body = (await response.clone().json().catch(() => null)) as { user?: { id?: unknown } } | null
    id = typeof body?.user?.id === 'string' ? body.user.id : null
  }
  return id ? ctx.db.users.findFirst((q) => q.where({ id: id! })) : undefined
}

function authAction(pathname: string, grant: string | null): string | null {
  if (pathname.endsWith('/auth/v1/token')) return grant === 'refresh_token' ? 'token_refreshed' : 'login'
  if (pathname.endsWith('/auth/v1/signup')) return 'user_signedup'
  if (pathname.endsWith('/auth/v1/logout')) return 'logout'
  return null
}

/**
 * Auth events belong to no project on our platform (its sign-in is the dashboard's own): each shows
 * in the logs of every project of the user's organizations, and only there.
 */
function recordAuth(ctx: PlatformContext, user: { id: string; email: string }, event: { action: string; request: Request; status: number; durationMs: number; requestId: string | null; timestamp: Date }) {
  const url = new URL(event.request.url)
  for (const project of projectsOfUser(ctx, user.id)) {
    const common = { project, timestamp: event.timestamp, request_id: event.requestId }
    ctx.logs.record({
      ...common,
      table: 'auth_logs',
      event_message: event.status >= 400 ? `${event.action} failed (${event.status})` : `${event.action}: ${user.email}`,
      level: levelOfStatus(event.status),
      action: event.action,
      method: event.request.method,
      path: url.pathname,
      status_code: event.status,
      duration_ms: Math.round(event.durationMs),
      host: url.host,
      user_id: user.id,
      user_email: user.email,
      metadata: { action: event.action, status: event.status, user_email: user.email },
    })
    if (event.status < 400) {
      ctx.logs.record({
        ...common,
        table: 'auth_audit_logs',
        event_message: `${event.action} by ${user.email}`,
        level: 'info',
        action: event.action,
        actor_id: user.id,
        actor_username: user.email,
        target: user.email,
        metadata: { action: event.action, actor_username: user.email },
      })
    }
  }
}

/** A change of membership (an invitation sent or accepted, a member removed): an Auth Audit event of each project of the organization. */
export function recordMembership(ctx: PlatformContext, organizationSlug: string, event: { action: string; actor: string; target: string }) {
  const timestamp = new Date(Date.now() + ctx.clockOffset)
  for (const project of ctx.db.projects.findMany((q) => q.where({ organization_slug: organizationSlug }))) {
    ctx.logs.record({
      table: 'auth_audit_logs',
      project: project.ref,
      timestamp,
      event_message: `${event.action}: ${event.target} by ${event.actor}`,
      level: 'info',
      action: event.action,
      actor_username: event.actor,
      target: event.target,
      metadata: { ...event, organization: organizationSlug },
    })
  }
}

/** msw's life-cycle events (the page's worker, node's server): each mocked answer, timed from its request's start. */
interface TrafficEvent {
  requestId: string
  request: Request
  response?: Response
}
/** The part of msw's life-cycle emitter (setupWorker's and setupServer's `events`) read here. */
interface TrafficEvents {
  on(type: 'request:start' | 'request:end' | 'response:mocked', listener: (event: TrafficEvent) => void): unknown
}

export function observeTraffic(ctx: PlatformContext, events: TrafficEvents) {
  const started = new Map<string, number>()
  events.on('request:start', ({ requestId }) => {
    started.set(requestId, performance.now())
  })
  events.on('response:mocked', ({ request, requestId, response }) => {
    const at = started.get(requestId)
    started.delete(requestId)
    if (response) recordRequest(ctx, request, response, at === undefined ? 0 : performance.now() - at)
  })
  events.on('request:end', ({ requestId }) => {
    started.delete(requestId)
  })
}

/** A statement's Postgres event: its text, duration, and when it failed its severity and SQLSTATE. */
function statementEvent(ref: string, requestId: string | null, sql: string, durationMs: number, outcome: { result?: QueryResult; error?: unknown }, now: Date): LogEvent {
  const duration = Math.round(durationMs * 1000) / 1000
  const failure = outcome.error as { message?: string; code?: string; severity?: string } | undefined
  if (failure) {
    const severity = failure.severity ?? 'ERROR'
    return {
      table: 'postgres_logs',
      project: ref,
      timestamp: now,
      event_message: failure.message ?? String(outcome.error),
      level: 'error',
      request_id: requestId,
      error_severity: severity,
      sqlstate: failure.code ?? 'XX000',
      user_name: 'postgres',
      database_name: 'postgres',
      duration_ms: duration,
      query: sql,
      metadata: { parsed: { error_severity: severity, sql_state_code: failure.code ?? null, query: sql, user_name: 'postgres' } },
    }
  }
  return {
    table: 'postgres_logs',
    project: ref,
    timestamp: now,
    event_message: `duration: ${duration} ms  statement: ${sql}`,
    level: 'info',
    request_id: requestId,
    error_severity: 'LOG',
    sqlstate: '00000',
    user_name: 'postgres',
    database_name: 'postgres',
    command_tag: outcome.result?.command ?? null,
    duration_ms: duration,
    query: sql,
    metadata: { parsed: { error_severity: 'LOG', command_tag: outcome.result?.command ?? null, query: sql, user_name: 'postgres' } },
  }
}

/** The database as a request uses it: every statement becomes a Postgres event carrying the request's id. */
export function loggedDatabase(ctx: PlatformContext, ref: string, requestId: string | null, database: ProjectDatabase): ProjectDatabase {
  const timed = async <T extends QueryResult | QueryResult[]>(sql: string, run: () => Promise<T>): Promise<T> => {
    const begun = performance.now()
    try {
      const result = await run()
      ctx.logs.record(statementEvent(ref, requestId, sql, performance.now() - begun, { result: Array.isArray(result) ? result.at(-1) : result }, new Date(Date.now() + ctx.clockOffset)))
      return result
    } catch (error) {
      ctx.logs.record(statementEvent(ref, requestId, sql, performance.now() - begun, { error }, new Date(Date.now() + ctx.clockOffset)))
      throw error
    }
  }
  return {
    exec: (sql, options) => timed(sql, () => database.exec(sql, options)),
    query: (sql, params, options) => timed(sql, () => database.query(sql, params, options)),
    close: () => database.close(),
  }
}

/** A pg_cron run: the Cron source, and its statement in the Postgres source (pg_cron logs there too). */
export function recordCronRun(ctx: PlatformContext, ref: string, run: CronRunOutcome) {
  const timestamp = new Date(run.startedAt)
  const failed = run.status === 'failed'
  ctx.logs.record({
    table: 'pg_cron_logs',
    project: ref,
    timestamp,
    event_message: `cron job ${run.jobid}${run.jobname ? ` (${run.jobname})` : ''} ${run.status}: ${run.returnMessage}`,
    level: failed ? 'error' : 'info',
    jobid: Number(run.jobid),
    jobname: run.jobname,
    status: run.status,
    duration_ms: Math.round(run.durationMs * 1000) / 1000,
    return_message: run.returnMessage,
    user_name: run.username,
    metadata: { jobid: run.jobid, runid: run.runid, command: run.command, status: run.status },
  })
  ctx.logs.record({
    table: 'postgres_logs',
    project: ref,
    timestamp,
    event_message: failed ? run.returnMessage : `cron job ${run.jobid} completed: ${run.returnMessage}`,
    level: failed ? 'error' : 'info',
    error_severity: failed ? 'ERROR' : 'LOG',
    user_name: run.username,
    database_name: 'postgres',
    command_tag: failed ? null : run.returnMessage.split(' ')[0],
    duration_ms: Math.round(run.durationMs * 1000) / 1000,
    query: run.command,
    metadata: { parsed: { application_name: 'pg_cron', user_name: run.username, error_severity: failed ? 'ERROR' : 'LOG' } },
  })
}

/** A request pg_net sent (a webhook, an HTTP cron job): pg_net writes it to the Postgres log; edge function calls are Function Edge events too. */
export function recordHttpCall(ctx: PlatformContext, ref: string, requestId: string | null, request: QueuedRequest, outcome: HttpOutcome, durationMs: number) {
  const timestamp = new Date(Date.now() + ctx.clockOffset)
  const failed = outcome.status === null || outcome.status >= 500
  const summary = outcome.status === null ? `failed: ${outcome.error ?? (outcome.timedOut ? 'timed out' : 'no answer')}` : `answered ${outcome.status}`
  ctx.logs.record({
    table: 'postgres_logs',
    project: ref,
    timestamp,
    event_message: `pg_net: ${request.method} ${request.url} ${summary} in ${Math.round(durationMs)} ms`,
    level: failed ? 'error' : 'info',
    request_id: requestId,
    error_severity: failed ? 'WARNING' : 'LOG',
    user_name: 'postgres',
    database_name: 'postgres',
    duration_ms: Math.round(durationMs * 1000) / 1000,
    metadata: { parsed: { application_name: 'pg_net' }, request: { id: request.id, method: request.method, url: request.url }, response: { status_code: outcome.status, timed_out: outcome.timedOut, error: outcome.error } },
  })
  const url = new URL(request.url)
  const functionName = /\/functions\/v1\/([^/?]+)/.exec(url.pathname)?.[1]
  if (functionName && outcome.status !== null) {
    ctx.logs.record({
      table: 'function_edge_logs',
      project: ref,
      timestamp,
      event_message: `${request.method} | ${outcome.status} | ${request.url}`,
      level: levelOfStatus(outcome.status),
      request_id: requestId,
      function_name: functionName,
      method: request.method,
      path: url.pathname,
      status_code: outcome.status,
      execution_time_ms: Math.round(durationMs),
      host: url.host,
      role: 'service_role',
      metadata: { function_name: functionName, request: { method: request.method, url: request.url }, response: { status_code: outcome.status } },
    })
  }
}

/**
 * A mail the project's auth server sent on an admin's request (an invitation, a password recovery):
 * an Auth event carrying the mail (to, subject, link: the project's Auth logs are the mock platform's
 * mailbox), and an Auth Audit event of who asked.
 */
export function recordAuthMail(ctx: PlatformContext, ref: string, mail: { type: string; to: string; subject: string; link: string; actor: string; requestId: string | null }) {
  const timestamp = new Date(Date.now() + ctx.clockOffset)
  const message = { mail_type: mail.type, to: mail.to, subject: mail.subject, link: mail.link }
  ctx.logs.record({ table: 'auth_logs', project: ref, timestamp, request_id: mail.requestId, event_message: `mail.send: "${mail.subject}" to ${mail.to}: ${mail.link}`, level: 'info', action: `${mail.type}_mail_sent`, user_email: mail.to, metadata: message })
  const action = mail.type === 'invite' ? 'user_invited' : 'user_recovery_requested'
  ctx.logs.record({ table: 'auth_audit_logs', project: ref, timestamp, request_id: mail.requestId, event_message: `${action}: ${mail.to} by ${mail.actor}`, level: 'info', action, actor_username: mail.actor, target: mail.to, metadata: { action, actor_username: mail.actor, target: mail.to } })
}
