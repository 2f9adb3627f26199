import { http, HttpResponse } from 'msw'
import {
  API_ERROR_MESSAGE,
  PG_META_HEADERS,
  PG_META_ROW_PARTS,
  PG_META_TIMING,
  SAMPLE_ROWS_HEADER,
  SQL_READ_ONLY_MESSAGE,
} from '../../src/constants'
import { markPath } from '../../src/lib/path-marks'
import { jsonLinesStream } from '../../src/lib/json-lines'
import { splitStatements } from '../../src/lib/sql/statements'
import { formatServerTiming, type ServerTimingMetric } from '../../src/lib/server-timing'
import type { PlatformContext } from '../context'
import { databaseStartState, openProjectDatabase } from '../projects/database-start'
import { answerWithSampleRows, isMissingWrapperHandler, sampleRowsRefusal, type SampledAnswer } from '../projects/foreign-samples'
import type { ProjectDatabase, StatementTiming } from '../postgres/types'
import { recordHttpCall } from '../logs/log-events'
import { scheduleHttpDrain } from '../net/net-worker'
import { runPgMetaQuery, toPgMetaError } from '../postgres'
import { formatPgError, type PgMetaErrorBody } from '../postgres/errors'
import { READ_ONLY_SQLSTATE } from '../postgres/read-only'
import { installRefusedShim, isExtensionNotAvailable } from '../postgres/shims/create-extension'
import { OTHER_RESULTS_MESSAGE, RowParts, type PartsEndLine } from './pg-meta-parts'
import { authorizeProject, errorResponse, mayChangeProjectData, readJson } from './util'
import { isActiveProjectStatus } from '../../src/lib/project-gate'

/** pg-meta over each project's own real Postgres (PLATFORM-API §5). */
export function pgMetaHandlers(ctx: PlatformContext) {
  return [
    http.post('*/platform/pg-meta/:ref/query', async ({ request, params }) => {
      const requestId = request.headers.get('x-request-id')
      markPath('handler:start', requestId)
      const ref = String(params.ref)
      // A paused, failed or transitioning project has no database to run on: 400, with the status.
      const { user, project, denied } = await authorizeProject(ctx, request, ref, { outsiders: 403, active: true })
      if (denied) return denied
      // SPEC §6, decided here: a member who may not change the database has the database refuse it (read-only.ts).
      const readOnly = !mayChangeProjectData(ctx, user.id, project)
      // SPEC §8: without the encrypted connection the database cannot be reached.
      const connection = request.headers.get(PG_META_HEADERS.connection)
      if (!connection || connection !== project.connectionString) {
        return errorResponse(400, API_ERROR_MESSAGE.pgMetaNoConnection)
      }
      const body = await readJson(request)
      if (typeof body.query !== 'string' || body.query.trim() === '') return errorResponse(400, 'query is required')
      const query = body.query
      const parameters = Array.isArray(body.parameters) ? body.parameters : undefined
      let opened: Awaited<ReturnType<typeof openProjectDatabase>>
      try {
        opened = await openProjectDatabase(ctx, project, request)
      } catch (error) {
        // A database that cannot be reached is 503 with Retry-After, in pg-meta's shape (errors.ts).
        return pgMetaErrorAnswer(error, query)
      }
      const { database, unlogged, startedInMs } = opened
      markPath('handler:database', requestId)
      // Timed around the database's own work only: not the start above, not the wait for this handler.
      const executing = performance.now()
      const parts: StatementTiming = { databaseMs: 0, decodeMs: 0 }
      let executed: number | null = null
      let serializeMs: number | null = null
      const serverTiming = () => {
        const metrics: ServerTimingMetric[] = [{ name: PG_META_TIMING.execution, duration: (executed ?? performance.now()) - executing, description: 'Statement' }]
        if (startedInMs !== null) metrics.push({ name: PG_META_TIMING.startup, duration: startedInMs, description: 'Database start' })
        if (parts.databaseMs > 0) {
          metrics.push({ name: PG_META_TIMING.database, duration: parts.databaseMs, description: 'Database calls' })
          metrics.push({ name: PG_META_TIMING.decode, duration: parts.decodeMs, description: 'Decoding' })
        }
        if (serializeMs !== null) metrics.push({ name: PG_META_TIMING.serialize, duration: serializeMs, description: 'JSON body' })
        return formatServerTiming(metrics)
      }
      const timing = () => ({ [PG_META_TIMING.header]: serverTiming() })
      const inParts = request.headers.get('accept')?.includes(PG_META_ROW_PARTS.contentType) === true
      const answerInParts = (rowParts: RowParts, ending: Promise<PartsEndLine>) => {
        markPath('handler:end', requestId)
        return new HttpResponse(jsonLinesStream(rowParts.lines(ending)), { headers: { 'content-type': PG_META_ROW_PARTS.contentType, ...timing() } })
      }
      const endLine = (rowCount: number): PartsEndLine => ({ end: { rowCount, serverTiming: serverTiming() } })
      try {
        // Rows handed on as the database reads them: only one statement's (several answer with the
        // last one's rows, known at the end) and never a read-only run's (its statement is wrapped).
        const live = inParts && parameters === undefined && !readOnly && splitStatements(query).length === 1 ? new RowParts() : null
        // A client that goes away (the editor's Cancel) cancels the statement where the database can.
        const finished = runPgMetaQuery(database, { query: body.query, parameters }, { signal: request.signal, timing: parts, readOnly, ...(live && { onRows: live.add }) }).then((rows) => {
          executed = performance.now()
          markPath('handler:rows', requestId)
          // pg_net's worker (the mock plays it): what the statement queued is sent after it answered.
          // Not in the user's own database: a real pg_net there has its own worker.
          if (!ctx.userDatabase) void scheduleHttpDrain(unlogged, { blocked: ctx.netBlocked, onSent: (sent, outcome, ms) => recordHttpCall(ctx, ref, requestId, sent, outcome, ms) })
          return rows
        })
        // The first rows are in while the statement still runs: the answer starts, its end comes last.
        if (live && (await live.firstPartBefore(finished))) {
          const ending = finished.then(
            (rows): PartsEndLine => (live.otherResults ? { status: 400, error: toPgMetaError(new Error(OTHER_RESULTS_MESSAGE)).body } : endLine(rows.length)),
            (error: unknown): PartsEndLine => {
              const { status, body: errorBody } = toPgMetaError(error, query)
              return { error: errorBody, status }
            },
          )
          return answerInParts(live, ending)
        }
        const rows = await finished
        if (inParts && rows.length > PG_META_ROW_PARTS.firstBatchRows) return answerInParts(RowParts.of(rows), Promise.resolve(endLine(rows.length)))
        const json = JSON.stringify(rows)
        serializeMs = performance.now() - executed!
        const response = new HttpResponse(json, { headers: { 'content-type': 'application/json', ...timing() } })
        markPath('handler:end', requestId)
        return response
      } catch (error) {
        // Both run the text again as the platform, with write rights: never for a read-only run.
        // A foreign table of a wrapper without handler: sample rows, never the bare refusal.
        if (!readOnly && isMissingWrapperHandler(error)) return sampleRowsAnswer(database, body.query, parameters, error, request.signal, timing)
        // A shim asked for on a server without its files (DATABASE_URL): its script as plain SQL.
        // Never into the user's own database: there the server's refusal is the answer.
        if (!readOnly && !ctx.userDatabase && isExtensionNotAvailable(error)) {
          try {
            if (await installRefusedShim(database, body.query)) return HttpResponse.json([], { headers: timing() })
          } catch (failure) {
            return pgMetaErrorAnswer(failure, body.query, timing())
          }
        }
        const { status, body: errorBody, headers } = toPgMetaError(error, body.query)
        return HttpResponse.json(readOnly ? withReadOnlyHint(errorBody, body.query) : errorBody, { status, headers: { ...timing(), ...headers } })
      }
    }),

    /**
     * The platform lists `[{identifier, status}]` per database (PLATFORM-API §3, not examined in
     * detail). Ours start on first need, so asking is a need: a stopped database starts and reads
     * COMING_UP until it runs. `started_in_ms` (how long its start took) and `error` (why it did
     * not) are the mock's own: a platform database never has to boot in the page.
     */
    http.get('*/platform/projects/:ref/databases-statuses', async ({ request, params }) => {
      const ref = String(params.ref)
      const { project, denied } = await authorizeProject(ctx, request, ref)
      if (denied) return denied
      // A paused or failed project has no database to start.
      if (!isActiveProjectStatus(project.status)) return HttpResponse.json([{ identifier: ref, status: project.status }])
      const start = databaseStartState(ctx, ref)
      if (start.state === 'stopped') void openProjectDatabase(ctx, project).catch(() => undefined)
      const answer =
        start.state === 'running'
          ? { identifier: ref, status: project.status, started_in_ms: Math.round(start.startedInMs) }
          : start.state === 'failed'
            ? { identifier: ref, status: 'INIT_FAILED', error: start.message }
            : { identifier: ref, status: 'COMING_UP' }
      return HttpResponse.json([answer])
    }),
  ]
}

/** A write refused by the read-only transaction says why the member's SQL was read-only. */
function withReadOnlyHint(body: PgMetaErrorBody, query: string): PgMetaErrorBody {
  if (body.code !== READ_ONLY_SQLSTATE || body.hint !== undefined) return body
  const hinted = { ...body, hint: SQL_READ_ONLY_MESSAGE.hint }
  const formatted = formatPgError(hinted, query)
  return { ...hinted, formattedError: formatted, error: formatted }
}

/** Sample rows for reads of handler-less foreign tables (foreign-samples.ts), or a refusal that says why not. */
async function sampleRowsAnswer(
  database: ProjectDatabase,
  query: string,
  parameters: unknown[] | undefined,
  error: unknown,
  signal: AbortSignal,
  timing: () => Record<string, string>,
) {
  let sampled: SampledAnswer | null
  try {
    sampled = await answerWithSampleRows(database, query, parameters, signal)
  } catch (failure) {
    return pgMetaErrorAnswer(failure, query, timing())
  }
  if (sampled) return HttpResponse.json(sampled.rows, { headers: { ...timing(), [SAMPLE_ROWS_HEADER]: sampled.sampled.join(',') } })
  const { status, body, headers } = toPgMetaError(error, query)
  const message = sampleRowsRefusal(body.message)
  return HttpResponse.json({ ...body, message, error: message }, { status, headers: { ...timing(), ...headers } })
}

/** pg-meta's answer for an error (errors.ts), with its Retry-After when the database cannot be reached. */
function pgMetaErrorAnswer(error: unknown, query: string, headers: Record<string, string> = {}) {
  const { status, body, headers: errorHeaders } = toPgMetaError(error, query)
  return HttpResponse.json(body, { status, headers: { ...headers, ...errorHeaders } })
}
