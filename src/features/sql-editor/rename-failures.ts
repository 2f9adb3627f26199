import { useSyncExternalStore } from 'react'
import { changeListeners } from '../../lib/change-listeners'

/**
 * Renames the server refused, per snippet, until the user retries or discards them. The name the
 * user typed is kept here, so it is shown beside the snippet's name with the error, never lost to a
 * toast that fades (the save status speaks for the text, not the name).
 */
export interface RenameFailure {
  /** The name the user asked for. */
  name: string
  error: string
}

const failures = new Map<string, RenameFailure>()
const listeners = changeListeners()
const keyOf = (ref: string, id: string) => JSON.stringify([ref, id])
const changed = listeners.notify

export function recordRenameFailure(ref: string, id: string, failure: RenameFailure): void {
  failures.set(keyOf(ref, id), failure)
  changed()
}

export function clearRenameFailure(ref: string, id: string): void {
  if (failures.delete(keyOf(ref, id))) changed()
}

export function renameFailureOf(ref: string, id: string): RenameFailure | null {
  return failures.get(keyOf(ref, id)) ?? null
}

export function useRenameFailure(ref: string, id: string): RenameFailure | null {
  return useSyncExternalStore(listeners.subscribe, () => renameFailureOf(ref, id))
}
