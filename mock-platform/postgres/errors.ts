/**
 * Errors shaped like pg-meta's `/query` answers (PLATFORM-API.md §5; postgres-meta `src/lib/db.ts`
 * and `translateErrorToResponseCode`). One departure: a database that cannot be reached (refused,
 * timed out, shut down) is 503 with Retry-After, never the 400 of a bad query, nor pg-meta's 504 for
 * a connection timeout (the client's retry then waits as the server asks).
 */
import { DATABASE_UNAVAILABLE_MESSAGE, DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../src/constants'

export interface PgMetaErrorBody {
  /** `formattedError` for database errors, the message otherwise (pg-meta: `formattedError ?? message`). */
  error: string
  message: string
  /** psql style: `ERROR:  42P01: relation "x" does not exist\nLINE 1: …\n        ^\n`. */
  formattedError: string
  /** SQLSTATE; for failures without one: `08006` (the database cannot be reached) or `XX000`. */
  code: string
  /** 1-based character offset into the query text. */
  position?: string
  severity: string
  detail?: string
  hint?: string
  where?: string
  schema?: string
  table?: string
  column?: string
  dataType?: string
  constraint?: string
  file?: string
  line?: string
  routine?: string
  internalQuery?: string
  internalPosition?: string
}

export interface PgMetaError {
  status: number
  body: PgMetaErrorBody
  /** Retry-After for a database that cannot be reached (503); none otherwise. */
  headers: Record<string, string>
}

/**
 * SQLSTATEs of a server that is going or gone, or takes no connection now: the connection exceptions
 * (class 08), admin shutdown, crash shutdown, cannot connect now (57P01–57P03), too many connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/
/** Node's socket errors for a server that is not there or went away. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'])
/** pg-meta's, node-postgres's and pg-pool's words for a connection that could not be made or broke (they carry no code). */
const UNAVAILABLE_WORDS = /connection timeout|timeout expired|timeout exceeded when trying to connect|Connection terminated|too many clients/

const isSqlState = (code: string | undefined): code is string => code !== undefined && /^[0-9A-Z]{5}$/.test(code)

/** Whether an error says the database cannot be reached now (rather than that the statement was wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const fields = isObject(error) ? error : {}
  const code = stringField(fields, 'code')
  // A database error is judged by its SQLSTATE alone: its message is the user's to word (raise exception …).
  if (isSqlState(code) && stringField(fields, 'severity') !== undefined) return UNAVAILABLE_SQLSTATE.test(code)
  if (code !== undefined && UNAVAILABLE_SOCKET_CODES.has(code)) return true
  return UNAVAILABLE_WORDS.test(stringField(fields, 'message') ?? '')
}

/** The answer for a database that cannot be reached: 503 with Retry-After, saying so; what the database or driver said is the detail. */
function unavailableError(fields: Record<string, unknown>, message: string): PgMetaError {
  const code = stringField(fields, 'code')
  const seconds = DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS
  const body: PgMetaErrorBody = {
    error: '',
    message: DATABASE_UNAVAILABLE_MESSAGE.database,
    formattedError: '',
    code: isSqlState(code) ? code : '08006',
    severity: stringField(fields, 'severity') ?? 'ERROR',
    detail: message,
    hint: DATABASE_UNAVAILABLE_MESSAGE.retryHint(seconds),
  }
  body.formattedError = formatPgError(body)
  body.error = body.formattedError
  return { status: 503, body, headers: { 'retry-after': String(seconds) } }
}

/** The fields of a Postgres ErrorResponse, as PGlite and node-postgres name them. */
export const DATABASE_ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const

type OptionalField = Exclude<(typeof DATABASE_ERROR_FIELDS)[number], 'severity' | 'code'>
// severity and code are always in the body; the rest only when the database gave them.
const OPTIONAL_FIELDS = DATABASE_ERROR_FIELDS.filter((f): f is OptionalField => f !== 'severity' && f !== 'code')

/**
 * Maps an error from PGlite or node-postgres (or anything else thrown) to pg-meta's status and
 * body. `sql` is the query text, for the `LINE n:` excerpt and caret; PGlite errors carry it too.
 */
export function toPgMetaError(error: unknown, sql?: string): PgMetaError {
  const fields = isObject(error) ? error : {}
  const message = stringField(fields, 'message') ?? (typeof error === 'string' ? error : 'Unknown error')
  if (isDatabaseUnavailable(error)) return unavailableError(fields, message)
  const code = stringField(fields, 'code')
  const severity = stringField(fields, 'severity')
  const status = message.includes('Query read timeout') ? 408 : 400

  if (severity === undefined || !isSqlState(code)) {
    return { status, body: { error: message, message, formattedError: message, code: 'XX000', severity: 'ERROR' }, headers: {} }
  }

  const body: PgMetaErrorBody = { error: '', message, formattedError: '', code, severity }
  for (const key of OPTIONAL_FIELDS) {
    const value = stringField(fields, key)
    if (value !== undefined) body[key] = value
  }
  body.formattedError = formatPgError(body, sql ?? stringField(fields, 'query'))
  body.error = body.formattedError
  return { status, body, headers: {} }
}

/** psql's layout of an error: severity, SQLSTATE, message, the offending line with a caret, then details. */
export function formatPgError(error: Omit<PgMetaErrorBody, 'error' | 'formattedError'>, sql?: string): string {
  let text = `${error.severity}:  ${error.code}: ${error.message}\n`
  if (error.position !== undefined && sql !== undefined) {
    const at = lineAt(sql, Number(error.position) - 1)
    if (at) {
      const label = `LINE ${at.lineNumber}: `
      text += `${label}${at.line}\n${' '.repeat(label.length + at.column)}^\n`
    }
  }
  if (error.detail !== undefined) text += `DETAIL:  ${error.detail}\n`
  if (error.hint !== undefined) text += `HINT:  ${error.hint}\n`
  if (error.internalQuery !== undefined) text += `QUERY:  ${error.internalQuery}\n`
  if (error.where !== undefined) text += `CONTEXT:  ${error.where}\n`
  return text
}

/**
 * The line holding a 0-based character offset (Postgres counts characters, so code points here,
 * not UTF-16 units). An offset just past the end (syntax error at end of input) points after the
 * last line.
 */
function lineAt(sql: string, offset: number): { line: string; lineNumber: number; column: number } | undefined {
  if (!Number.isInteger(offset) || offset < 0) return undefined
  const lines = sql.split('\n')
  let start = 0
  for (let index = 0; index < lines.length; index++) {
    const line = (lines[index] ?? '').replace(/\r$/, '')
    const length = [...(lines[index] ?? '')].length
    if (offset <= start + length - 1 || index === lines.length - 1) {
      return { line, lineNumber: index + 1, column: Math.min(offset - start, [...line].length) }
    }
    start += length + 1 // the newline
  }
  return undefined
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function stringField(fields: Record<string, unknown>, key: string): string | undefined {
  const value = fields[key]
  return typeof value === 'string' ? value : undefined
}
