import { useSyncExternalStore } from 'react'
import * as v from 'valibot'
import { PROJECT_RAIL_KEY } from '../../constants'
import { changeListeners } from '../../lib/change-listeners'
import { browserStorage, readStored, writeStored } from '../../lib/storage'

/** Whether the project rail shows its labels (collapsed: icons only, labels on hover). Remembered per browser. */
const RailPreferenceSchema = v.object({ expanded: v.boolean() })

const listeners = changeListeners()
let expanded: boolean | null = null

export function readRailExpanded(storage = browserStorage('local')): boolean {
  return readStored(storage, PROJECT_RAIL_KEY, RailPreferenceSchema)?.expanded ?? false
}

export function setRailExpanded(next: boolean, storage = browserStorage('local')): void {
  expanded = next
  writeStored(storage, PROJECT_RAIL_KEY, { expanded: next })
  listeners.notify()
}

export function useRailExpanded(): boolean {
  return useSyncExternalStore(listeners.subscribe, () => (expanded ??= readRailExpanded()))
}
