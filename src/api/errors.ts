import { API_ERROR_MESSAGE } from '../constants'

/** The one error every failed platform call becomes (SPEC §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  /** HTTP status; undefined when no response arrived. */
  readonly code: number | undefined
  readonly requestId: string | undefined
  /** Seconds the server asked us to wait (Retry-After), if any. */
  readonly retryAfter: number | undefined
  /** Extra fields of the error body (e.g. Postgres position), kept for screens that show them. */
  readonly details: Readonly<Record<string, unknown>>

  constructor(init: {
    message?: string
    code?: number
    requestId?: string
    retryAfter?: number
    details?: Record<string, unknown>
  }) {
    super(init.message || API_ERROR_MESSAGE.default)
    this.code = init.code
    this.requestId = init.requestId
    this.retryAfter = init.retryAfter
    this.details = init.details ?? {}
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, Math.ceil((date - now) / 1000))
}

/** Reads the message out of an error body the way the platform writes them. */
export function messageFromBody(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined
  if (typeof body !== 'object' || body === null) return undefined
  const record = body as Record<string, unknown>
  for (const key of ['message', 'msg', 'error_description']) {
    const value = record[key]
    if (typeof value === 'string' && value.trim()) return value
  }
  const error = record.error
  if (typeof error === 'string' && error.trim()) return error
  if (typeof error === 'object' && error !== null) return messageFromBody(error)
  return undefined
}
