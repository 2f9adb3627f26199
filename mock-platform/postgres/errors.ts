/**
 * Errors shaped like pg-meta's `/query` answers (PLATFORM-API.md §5; postgres-meta `src/lib/db.ts`
 * and `translateErrorToResponseCode`).
 */

export interface PgMetaErrorBody {
  /** `formattedError` for database errors, the message otherwise (pg-meta: `formattedError ?? message`). */
  error: string
  message: string
  /** psql style: `ERROR:  42P01: relation "x" does not exist\nLINE 1: …\n        ^\n`. */
  formattedError: string
  /** SQLSTATE; for failures without one: `08006` (connection) or `XX000`. */
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
  const code = stringField(fields, 'code')
  const severity = stringField(fields, 'severity')
  const status = statusFor(message, code)

  if (code === undefined || severity === undefined || !/^[0-9A-Z]{5}$/.test(code)) {
    return {
      status,
      body: { error: message, message, formattedError: message, code: status >= 503 ? '08006' : 'XX000', severity: 'ERROR' },
    }
  }

  const body: PgMetaErrorBody = { error: '', message, formattedError: '', code, severity }
  for (const key of OPTIONAL_FIELDS) {
    const value = stringField(fields, key)
    if (value !== undefined) body[key] = value
  }
  body.formattedError = formatPgError(body, sql ?? stringField(fields, 'query'))
  body.error = body.formattedError
  return { status, body }
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

/** pg-meta's statuses: 400 unless the failure is about time or capacity. */
function statusFor(message: string, code: string | undefined): number {
  if (message.includes('Query read timeout')) return 408
  if (message.includes('too many clients') || code === '53300') return 503
  // pg-meta's 'Connection terminated due to connection timeout', and pg's and pg-pool's own wordings.
  if (/connection timeout|timeout expired|timeout exceeded when trying to connect|ETIMEDOUT/.test(message) || code === 'ETIMEDOUT') {
    return 504
  }
  return 400
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
