/**
 * pg_net's background worker, played by the mock platform (shims/pg-net.ts): takes the queued
 * requests off `net.http_request_queue`, sends them, and writes each answer (or why there is none)
 * to `net._http_response` under the request's id, as the real worker does.
 *
 * The mock sends a request only where it stays on this machine: its own echo endpoint
 * (MOCK_ECHO_PATH, answered by the mock itself) and loopback hosts (tests, a local service). Any
 * other URL is recorded as blocked, with the reason, instead of leaving the sandbox.
 */
import { MOCK_ECHO_PATH } from '../../src/constants/platform.ts'
import type { ProjectDatabase } from '../postgres/types.ts'
import { errorMessage } from '../../src/lib/error-message'

export interface QueuedRequest {
  id: string
  method: string
  url: string
  headers: Record<string, string>
  body: string | null
  timeoutMs: number
}

export interface HttpOutcome {
  status: number | null
  contentType: string | null
  headers: Record<string, string> | null
  content: string | null
  timedOut: boolean
  error: string | null
}

export interface NetWorkerOptions {
  fetch?: typeof fetch
  /** Why a URL is not called, or null when it is (default: the embedded mock's, blockedReason). */
  blocked?: (url: string) => string | null
  /** Told of each request sent (the log store records the call). */
  onSent?: (request: QueuedRequest, outcome: HttpOutcome, durationMs: number) => void
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])
/** Requests taken per round; the rest wait for the next one (the real worker's batch size is similar). */
const BATCH = 50

export function blockedReason(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return `Not a valid URL: ${url}`
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `Only http and https URLs are called (got ${parsed.protocol})`
  if (parsed.pathname === MOCK_ECHO_PATH || LOOPBACK_HOSTS.has(parsed.hostname)) return null
  return `Blocked by the mock platform: it calls only its echo endpoint (…${MOCK_ECHO_PATH}) and localhost, never the internet`
}

/**
 * Served (`npm run serve`), the worker's requests would leave from the server itself: to its own
 * network (databases, internal services) or, by the echo path, to any host. It sends none.
 */
export function blockedOnServer(): string {
  return 'Blocked by the served platform: its pg_net stand-in sends no requests (they would leave from the server’s own network)'
}

/** Sends one request, within its timeout; never throws (every failure is an outcome). */
export async function sendRequest(request: QueuedRequest, send: typeof fetch = fetch, blockedBy: (url: string) => string | null = blockedReason): Promise<HttpOutcome> {
  const failed = (error: string, timedOut = false): HttpOutcome => ({ status: null, contentType: null, headers: null, content: null, timedOut, error })
  const blocked = blockedBy(request.url)
  if (blocked) return failed(blocked)
  try {
    const response = await send(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.method === 'GET' || request.method === 'DELETE' ? undefined : (request.body ?? undefined),
      signal: AbortSignal.timeout(request.timeoutMs),
    })
    const headers: Record<string, string> = Object.create(null) as Record<string, string>
    response.headers.forEach((value, name) => (headers[name] = value))
    return { status: response.status, contentType: response.headers.get('content-type'), headers, content: await response.text(), timedOut: false, error: null }
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    return failed(timedOut ? `Timeout of ${request.timeoutMs} ms reached` : errorMessage(error), timedOut)
  }
}

/** Whether the database has pg_net's queue (the shim or the real extension). */
async function hasQueue(db: ProjectDatabase): Promise<boolean> {
  const { rows } = await db.query(`select to_regclass('net.http_request_queue') is not null as present`)
  return rows[0]?.['present'] === true
}

/**
 * Databases whose queue was found: drained without asking first (a drain follows every statement
 * the SQL editor runs, so asking cost a round trip each); a queue dropped since is found out by the
 * drain itself, and asked for again next time.
 */
const queueFound = new WeakSet<ProjectDatabase>()
/** PostgreSQL's SQLSTATE for a relation that does not exist. */
const UNDEFINED_TABLE = '42P01'

/** Sends what is queued now, round after round until the queue is empty; resolves to how many were sent. */
export async function drainHttpQueue(db: ProjectDatabase, options: NetWorkerOptions = {}): Promise<number> {
  if (!queueFound.has(db)) {
    if (!(await hasQueue(db))) return 0
    queueFound.add(db)
  }
  let sent = 0
  for (;;) {
    // Taken off the queue in one statement, so two drains never send the same request.
    const { rows } = await db
      .query(
        `delete from net.http_request_queue
          where id in (select id from net.http_request_queue order by id limit ${BATCH})
      returning id::text as id, method::text as method, url, headers, convert_from(body, 'UTF8') as body, timeout_milliseconds`,
      )
      .catch((error: unknown) => {
        if ((error as { code?: unknown } | null)?.code !== UNDEFINED_TABLE) throw error
        queueFound.delete(db)
        return { rows: [] }
      })
    if (rows.length === 0) return sent
    for (const row of rows) {
      const request: QueuedRequest = {
        id: String(row['id']),
        method: String(row['method']),
        url: String(row['url']),
        headers: Object.fromEntries(Object.entries((row['headers'] ?? {}) as Record<string, unknown>).map(([name, value]) => [name, String(value)])),
        body: row['body'] === null ? null : String(row['body']),
        timeoutMs: Number(row['timeout_milliseconds']),
      }
      const sending = performance.now()
      const outcome = await sendRequest(request, options.fetch, options.blocked)
      options.onSent?.(request, outcome, performance.now() - sending)
      await db.query(
        `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg) values ($1, $2, $3, $4, $5, $6, $7)`,
        [request.id, outcome.status, outcome.contentType, outcome.headers === null ? null : JSON.stringify(outcome.headers), outcome.content, outcome.timedOut, outcome.error],
      )
      sent++
    }
  }
}

/** Per database: the drain running, and the one waiting to start after it (with the latest caller's options). */
interface Drains {
  running: Promise<void> | null
  waiting: { done: Promise<void>; options: NetWorkerOptions } | null
}
const drains = new WeakMap<ProjectDatabase, Drains>()

/**
 * Drains after whatever drain is running for this database (one at a time per database); errors are
 * logged, never thrown. A drain that has not started yet sends whatever is queued when it starts, so
 * callers while one waits share it: under load (a drain after every statement) they had queued one
 * each, thousands behind, and a request queued by a statement waited for all of them.
 */
export function scheduleHttpDrain(db: ProjectDatabase, options: NetWorkerOptions = {}): Promise<void> {
  let state = drains.get(db)
  if (!state) drains.set(db, (state = { running: null, waiting: null }))
  const drainsOf = state
  if (drainsOf.waiting) {
    drainsOf.waiting.options = options
    return drainsOf.waiting.done
  }
  const waiting: NonNullable<Drains['waiting']> = { done: Promise.resolve(), options }
  waiting.done = (drainsOf.running ?? Promise.resolve())
    .then(() => {
      drainsOf.waiting = null
      drainsOf.running = waiting.done
      return drainHttpQueue(db, waiting.options)
    })
    .then(
      () => undefined,
      (error: unknown) => console.warn('pg_net worker (mock): a round failed', error),
    )
    .finally(() => {
      if (drainsOf.running === waiting.done) drainsOf.running = null
    })
  drainsOf.waiting = waiting
  return waiting.done
}
