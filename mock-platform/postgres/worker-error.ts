/**
 * PGliteWorker's RPC sends only `message` back from the worker, so SQLSTATE, position, detail and
 * the rest would be lost. The worker packs them into the message; the page unpacks them.
 */

import { DATABASE_ERROR_FIELDS, isObject } from './errors'

const PREFIX = 'studio-pglite-error:'

type DatabaseErrorField = (typeof DATABASE_ERROR_FIELDS)[number]
export type DatabaseErrorFields = { message: string } & Partial<Record<DatabaseErrorField, string>>

/** In the worker: a Postgres error becomes an Error whose message carries all its fields. */
export function encodeWorkerError(error: unknown): unknown {
  if (!isObject(error) || typeof error['code'] !== 'string' || typeof error['message'] !== 'string') return error
  const fields: DatabaseErrorFields = { message: error['message'] }
  for (const key of DATABASE_ERROR_FIELDS) {
    const value = error[key]
    if (typeof value === 'string') fields[key] = value
  }
  return new Error(PREFIX + JSON.stringify(fields))
}

/** On the page: the Error from PGliteWorker becomes an error with the Postgres fields again. */
export function decodeWorkerError(error: unknown): unknown {
  if (!(error instanceof Error) || !error.message.startsWith(PREFIX)) return error
  let fields: unknown
  try {
    fields = JSON.parse(error.message.slice(PREFIX.length))
  } catch {
    return error
  }
  if (!isObject(fields) || typeof fields['message'] !== 'string') return error
  const decoded = new Error(fields['message'])
  decoded.name = 'DatabaseError'
  return Object.assign(decoded, fields)
}

