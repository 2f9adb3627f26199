import { POSTGRES_IDENTIFIER_MAX_BYTES, WEBHOOK_TIMEOUT_MS } from '../../../constants'
import { httpUrlProblem, parseNameValueLines } from '../../../lib/name-value-lines'
import { WEBHOOK_METHODS, type WebhookDefinition, type WebhookEvent, type WebhookMethod } from '../../../lib/sql/webhooks'

/**
 * The webhook form as typed: every field text, so nothing the user typed is lost to a parse (a
 * refused save keeps it all). Headers are lines `Name: value`; params lines `name=value`.
 */
export interface WebhookFormValues {
  name: string
  schema: string
  table: string
  events: Record<WebhookEvent, boolean>
  method: WebhookMethod
  url: string
  timeoutMs: string
  headers: string
  params: string
}

export type WebhookField = 'name' | 'table' | 'events' | 'url' | 'timeoutMs' | 'headers' | 'params'

export const DEFAULT_WEBHOOK_HEADERS = 'Content-Type: application/json'

export function emptyWebhookForm(schema = 'public', table = ''): WebhookFormValues {
  return {
    name: '',
    schema,
    table,
    events: { insert: true, update: false, delete: false },
    method: 'POST',
    url: '',
    timeoutMs: String(WEBHOOK_TIMEOUT_MS.default),
    headers: DEFAULT_WEBHOOK_HEADERS,
    params: '',
  }
}

/** The definition the form stands for, or what is wrong with each field. */
export function readWebhookForm(values: WebhookFormValues): { definition: WebhookDefinition | null; errors: Partial<Record<WebhookField, string>> } {
  const errors: Partial<Record<WebhookField, string>> = {}
  const name = values.name.trim()
  if (name === '') errors.name = 'Name the webhook.'
  else if (new TextEncoder().encode(name).length > POSTGRES_IDENTIFIER_MAX_BYTES) errors.name = `The name is longer than Postgres allows (${POSTGRES_IDENTIFIER_MAX_BYTES} bytes).`
  if (values.table === '') errors.table = 'Choose the table to watch.'
  const events = (Object.keys(values.events) as WebhookEvent[]).filter((event) => values.events[event])
  if (events.length === 0) errors.events = 'Choose at least one event.'
  const url = httpUrlProblem(values.url)
  if (url) errors.url = url
  const timeout = Number(values.timeoutMs)
  if (!/^\d+$/.test(values.timeoutMs.trim()) || timeout < WEBHOOK_TIMEOUT_MS.min || timeout > WEBHOOK_TIMEOUT_MS.max) {
    errors.timeoutMs = `The timeout is a whole number of milliseconds from ${WEBHOOK_TIMEOUT_MS.min} to ${WEBHOOK_TIMEOUT_MS.max}.`
  }
  const headers = parseNameValueLines(values.headers, ':', 'header')
  if (headers.error) errors.headers = headers.error
  const params = parseNameValueLines(values.params, '=', 'parameter')
  if (params.error) errors.params = params.error
  if (Object.keys(errors).length > 0) return { definition: null, errors }
  return {
    definition: { name, schema: values.schema, table: values.table, events, method: values.method, url: values.url.trim(), headers: headers.values, params: params.values, timeoutMs: timeout },
    errors,
  }
}

/** A stored webhook's trigger arguments back as the form (every header kept, Authorization included). */
export function webhookFormFrom(hook: { name: string; schema: string; table: string; on_insert: boolean; on_update: boolean; on_delete: boolean; args: readonly string[] }): WebhookFormValues {
  const [url = '', method = 'POST', headers = '{}', params = '{}', timeout = String(WEBHOOK_TIMEOUT_MS.default)] = hook.args
  const lines = (json: string, separator: string) => {
    try {
      const parsed = JSON.parse(json) as unknown
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return ''
      return Object.entries(parsed as Record<string, unknown>)
        .map(([name, value]) => `${name}${separator}${String(value)}`)
        .join('\n')
    } catch {
      return ''
    }
  }
  return {
    name: hook.name,
    schema: hook.schema,
    table: hook.table,
    events: { insert: hook.on_insert, update: hook.on_update, delete: hook.on_delete },
    method: (WEBHOOK_METHODS as readonly string[]).includes(method) ? (method as WebhookMethod) : 'POST',
    url,
    timeoutMs: timeout,
    headers: lines(headers, ': '),
    params: lines(params, '='),
  }
}
