import { useCallback, useSyncExternalStore } from 'react'
import * as v from 'valibot'
import { RUN_AS_KEY_PREFIX } from '../../constants'
import { browserStorage, readStored, writeStored } from '../../lib/storage'
import { PROJECT_ROLE, type RunAs } from '../../lib/sql/run-as'
import { STORED_UUID } from '../../lib/uuid'

/**
 * Who a project's SQL runs as in this tab (the SQL editor and the table editor share it), kept in
 * session storage so a reload keeps it and another tab starts as the project's role.
 */
const RunAsSchema = v.variant('role', [
  v.object({ role: v.literal('project') }),
  v.object({ role: v.literal('service_role') }),
  v.object({ role: v.literal('anon') }),
  v.object({
    role: v.literal('authenticated'),
    user: v.object({ id: v.pipe(v.string(), v.regex(STORED_UUID)), email: v.nullable(v.pipe(v.string(), v.maxLength(320))), phone: v.nullable(v.pipe(v.string(), v.maxLength(40))) }),
  }),
])

export const runAsKey = (ref: string) => `${RUN_AS_KEY_PREFIX}${ref}`

export function readRunAs(ref: string, storage = browserStorage('session')): RunAs {
  return readStored(storage, runAsKey(ref), RunAsSchema) ?? PROJECT_ROLE
}

const listeners = new Set<() => void>()
const cache = new Map<string, RunAs>()

function current(ref: string): RunAs {
  let value = cache.get(ref)
  if (!value) {
    value = readRunAs(ref)
    cache.set(ref, value)
  }
  return value
}

/** The tab's choice for the project, and a setter; every screen using it follows a change at once. */
export function useRunAs(ref: string): [RunAs, (next: RunAs) => void] {
  const subscribe = useCallback((listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }, [])
  const value = useSyncExternalStore(subscribe, () => current(ref))
  const set = useCallback(
    (next: RunAs) => {
      cache.set(ref, next)
      writeStored(browserStorage('session'), runAsKey(ref), next)
      for (const listener of listeners) listener()
    },
    [ref],
  )
  return [value, set]
}
