import { api } from './client'
import { errorMessage } from '../lib/error-message'

export interface ErrorReport {
  message: string
  stack?: string
  tags: Record<string, string>
}

/**
 * The error-reporting port. Reports go to the platform's error intake (the mock platform records
 * them); the returned id is what support links carry as `sid`. Reporting never throws.
 */
export function reportError(error: unknown, tags: Record<string, string>): string | undefined {
  const id = crypto.randomUUID().replace(/-/g, '')
  const report: ErrorReport & { id: string } = {
    id,
    message: errorMessage(error),
    stack: error instanceof Error ? error.stack : undefined,
    tags,
  }
  api.post('/platform/error-reports', { body: report }).catch((failure: unknown) => {
    console.warn('Could not send the error report', failure)
  })
  return id
}
