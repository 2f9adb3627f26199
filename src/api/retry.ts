import { RETRY } from '../constants'
import { isApiError } from './errors'

/** SPEC §7: at most 3 retries; 4xx never retried except 429. `failureCount` counts failures before this one. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= RETRY.maxRetries) return false
  if (isApiError(error) && error.code !== undefined) {
    if (error.code === 429) return true
    if (error.code >= 400 && error.code <= 499) return false
  }
  return true
}

/** Retry-After seconds when the server gave them, else 1 s doubling, capped at 30 s. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.retryAfter !== undefined) return error.retryAfter * 1000
  return Math.min(RETRY.baseDelay * 2 ** failureCount, RETRY.maxDelay)
}
