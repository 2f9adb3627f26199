/**
 * PGliteWorker's RPC sends only `message` back from the worker, so SQLSTATE, position, detail and
 * the rest would be lost. The worker packs them into the message; the page unpacks them.
 */

import { DATABASE_ERROR_FIELDS, isObject } from './errors'
import { errorMessage } from '../../src/lib/error-message'

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

/**
 * In the worker: what its `init` gives PGlite when the database did not start. PGlite's worker
 * helper awaits `init` without a catch, so a start that threw left the page's calls unanswered
 * forever ("Starting the database…" for good). This answers each of them with the start's error
 * instead, which the page's open then fails with (the databases' status says why).
 */
export function failedStart(error: unknown): object {
  const failure = new Error(errorMessage(error))
  return new Proxy(Object.create(null) as object, {
    get(_target, key) {
      if (key === 'waitReady') return Promise.resolve()
      if (key === 'onNotification') return () => () => undefined
      if (key === 'close') return async () => undefined
      if (key === 'debug') return 0 // a value the page reads (getDebugLevel), not a call
      // The page's lock on the database (each call takes it first): given, so the call it guards is asked and fails.
      if (key === '_runExclusiveQuery' || key === '_runExclusiveTransaction') return async (guarded: () => Promise<unknown>) => guarded()
      // Not a promise itself (it is awaited), nor anything but a call.
      if (typeof key !== 'string' || key === 'then') return undefined
      return async () => {
        throw failure
      }
    },
  })
}
