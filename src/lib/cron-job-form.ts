/**
 * The cron job form (SPEC §2 /integrations/cron): a name, a schedule and a structured command (a
 * SQL snippet, a database function with its arguments, an HTTP request through pg_net, or a call
 * of one of the project's edge functions), read into the job pg_cron keeps and the form kept beside
 * it (src/lib/sql/cron.ts). Every field is text as typed, so a refused save loses nothing, and the
 * form is stored as typed: a job opens again exactly as it was written.
 */
import { CRON_COMMAND_KINDS, POSTGRES_IDENTIFIER_MAX_BYTES, WEBHOOK_TIMEOUT_MS, type CronCommandKind, type CronHttpMethod } from '../constants'
import { parseCronSchedule } from './cron-schedule'
import { httpUrlProblem, parseNameValueLines } from './name-value-lines'
import type { CronJobDefinition } from './sql/cron'
import { sqlIdent, sqlLiteral } from './sql/quote'

/** A function or procedure a job may call, as the catalog lists it. */
export interface CronCallable {
  schema: string
  name: string
  procedure: boolean
  args: readonly { name: string; type: string }[]
}

export interface CronJobFormValues {
  name: string
  schedule: string
  kind: CronCommandKind
  sql: string
  callable: CronCallable | null
  /** One text per argument of `callable`; empty means NULL. */
  argumentValues: readonly string[]
  httpMethod: CronHttpMethod
  httpUrl: string
  /** The edge function's name (its slug in the project's functions URL). */
  edgeFunction: string
  httpHeaders: string
  httpBody: string
  httpTimeoutMs: string
}

/** The fields typed as text (what `field.change` changes). */
export type CronTextField = 'name' | 'schedule' | 'sql' | 'httpMethod' | 'httpUrl' | 'edgeFunction' | 'httpHeaders' | 'httpBody' | 'httpTimeoutMs'
export type CronJobField = CronTextField | 'callable'

export const DEFAULT_CRON_HEADERS = 'Content-Type: application/json'

export function emptyCronJobForm(): CronJobFormValues {
  return {
    name: '',
    schedule: '',
    kind: 'sql',
    sql: '',
    callable: null,
    argumentValues: [],
    httpMethod: 'POST',
    httpUrl: '',
    edgeFunction: '',
    httpHeaders: DEFAULT_CRON_HEADERS,
    httpBody: '',
    httpTimeoutMs: String(WEBHOOK_TIMEOUT_MS.default),
  }
}

/** What is kept beside the job: the chosen kind's fields, as typed. */
export type StoredCronForm =
  | { version: 1; kind: 'sql'; sql: string }
  | { version: 1; kind: 'function'; callable: CronCallable; argumentValues: string[] }
  | { version: 1; kind: 'http'; method: CronHttpMethod; url: string; headers: string; body: string; timeoutMs: string }
  | { version: 1; kind: 'edge-function'; method: CronHttpMethod; functionName: string; headers: string; body: string; timeoutMs: string }

export function storedCronForm(values: CronJobFormValues): StoredCronForm {
  const http = { method: values.httpMethod, headers: values.httpHeaders, body: values.httpBody, timeoutMs: values.httpTimeoutMs }
  switch (values.kind) {
    case 'sql':
      return { version: 1, kind: 'sql', sql: values.sql }
    case 'function':
      return { version: 1, kind: 'function', callable: values.callable!, argumentValues: [...values.argumentValues] }
    case 'http':
      return { version: 1, kind: 'http', url: values.httpUrl, ...http }
    case 'edge-function':
      return { version: 1, kind: 'edge-function', functionName: values.edgeFunction, ...http }
  }
}

/** A job back as the form: from the form kept beside it, or, without one, as the SQL its command is. */
export function cronJobFormFrom(job: { jobname: string | null; schedule: string; command: string }, stored: StoredCronForm | null): CronJobFormValues {
  const values: CronJobFormValues = { ...emptyCronJobForm(), name: job.jobname ?? '', schedule: job.schedule }
  if (!stored) return { ...values, kind: 'sql', sql: job.command }
  switch (stored.kind) {
    case 'sql':
      return { ...values, kind: 'sql', sql: stored.sql }
    case 'function':
      return { ...values, kind: 'function', callable: stored.callable, argumentValues: stored.argumentValues }
    case 'http':
      return { ...values, kind: 'http', httpMethod: stored.method, httpUrl: stored.url, httpHeaders: stored.headers, httpBody: stored.body, httpTimeoutMs: stored.timeoutMs }
    case 'edge-function':
      return { ...values, kind: 'edge-function', httpMethod: stored.method, edgeFunction: stored.functionName, httpHeaders: stored.headers, httpBody: stored.body, httpTimeoutMs: stored.timeoutMs }
  }
}

/** The edge function's address: the project's functions URL (beside its REST URL) and the name. */
export function edgeFunctionUrl(restUrl: string | null | undefined, functionName: string): string {
  const base = (restUrl ?? '').replace(/\/rest\/v1\/?$/, '')
  return `${base}/functions/v1/${encodeURIComponent(functionName)}`
}

const EDGE_FUNCTION_NAME = /^[A-Za-z0-9_-]+$/

/** A call through pg_net (`net.http_post` with a JSON body, `net.http_get`), one argument a line. */
function httpCallSql(method: CronHttpMethod, url: string, headers: Record<string, string>, body: string, timeoutMs: number): string {
  const args = [`url := ${sqlLiteral(url)}`, `headers := ${sqlLiteral(JSON.stringify(headers))}::jsonb`]
  if (method === 'POST' && body.trim() !== '') args.push(`body := ${sqlLiteral(body.trim())}::jsonb`)
  args.push(`timeout_milliseconds := ${timeoutMs}`)
  return `select net.${method === 'POST' ? 'http_post' : 'http_get'}(\n  ${args.join(',\n  ')}\n);`
}

function callSql(callable: CronCallable, values: readonly string[]): string {
  const args = callable.args.map(({ type }, index) => {
    const value = values[index] ?? ''
    return value === '' ? `null::${type}` : `${sqlLiteral(value)}::${type}`
  })
  return `${callable.procedure ? 'call' : 'select'} ${sqlIdent(callable.schema)}.${sqlIdent(callable.name)}(${args.join(', ')});`
}

export interface CronFormContext {
  /** Other jobs' names: a new name must not be one of them. */
  takenNames: readonly string[]
  /** The project's REST URL, beside which its functions URL is. */
  restUrl: string | null | undefined
}

/** The job the form stands for, or what is wrong with each field. */
export function readCronJobForm(values: CronJobFormValues, context: CronFormContext): { job: CronJobDefinition | null; errors: Partial<Record<CronJobField, string>> } {
  const errors: Partial<Record<CronJobField, string>> = {}
  const name = values.name.trim()
  if (name === '') errors.name = 'Name the job.'
  else if (new TextEncoder().encode(name).length > POSTGRES_IDENTIFIER_MAX_BYTES) errors.name = `The name is longer than pg_cron keeps (${POSTGRES_IDENTIFIER_MAX_BYTES} bytes).`
  else if (context.takenNames.includes(name)) errors.name = `A job named "${name}" already exists: choose another name.`
  const schedule = parseCronSchedule(values.schedule)
  if (schedule.problem) errors.schedule = schedule.problem

  let command = ''
  if (values.kind === 'sql') {
    command = values.sql.trim()
    if (command === '') errors.sql = 'Write the SQL the job runs.'
  } else if (values.kind === 'function') {
    if (values.callable) command = callSql(values.callable, values.argumentValues)
    else errors.callable = 'Choose the function the job calls.'
  } else {
    const headers = parseNameValueLines(values.httpHeaders, ':', 'header')
    if (headers.error) errors.httpHeaders = headers.error
    let url = values.httpUrl.trim()
    if (values.kind === 'http') {
      const problem = httpUrlProblem(url)
      if (problem) errors.httpUrl = problem
    } else if (!EDGE_FUNCTION_NAME.test(values.edgeFunction.trim())) {
      errors.edgeFunction = values.edgeFunction.trim() === '' ? 'Enter the edge function’s name.' : 'An edge function’s name is letters, digits, - and _ only.'
    } else url = edgeFunctionUrl(context.restUrl, values.edgeFunction.trim())
    if (values.httpMethod === 'POST' && values.httpBody.trim() !== '') {
      try {
        JSON.parse(values.httpBody)
      } catch {
        errors.httpBody = 'The body must be JSON: pg_net sends a JSON body.'
      }
    }
    const timeout = Number(values.httpTimeoutMs)
    if (!/^\d+$/.test(values.httpTimeoutMs.trim()) || timeout < WEBHOOK_TIMEOUT_MS.min || timeout > WEBHOOK_TIMEOUT_MS.max) {
      errors.httpTimeoutMs = `The timeout is a whole number of milliseconds from ${WEBHOOK_TIMEOUT_MS.min} to ${WEBHOOK_TIMEOUT_MS.max}.`
    }
    command = httpCallSql(values.httpMethod, url, headers.values, values.httpBody, timeout)
  }
  if (Object.keys(errors).length > 0) return { job: null, errors }
  return { job: { name, schedule: values.schedule.trim(), command, form: storedCronForm(values) }, errors }
}

/** The labels of the command kinds, for the form's choice. */
export const CRON_COMMAND_KIND_LABEL = Object.fromEntries(CRON_COMMAND_KINDS.map((kind) => [kind.id, kind.label])) as Record<CronCommandKind, string>
