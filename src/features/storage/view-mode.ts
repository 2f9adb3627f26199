import { useSyncExternalStore } from 'react'
import * as v from 'valibot'
import { STORAGE_EXPLORER_VIEW_KEY } from '../../constants'
import { changeListeners } from '../../lib/change-listeners'
import { browserStorage, readStored, writeStored } from '../../lib/storage'

/** The files explorer's layout: Miller columns or one list. Remembered per browser. */
export const EXPLORER_VIEWS = ['columns', 'list'] as const
export type ExplorerView = (typeof EXPLORER_VIEWS)[number]
const ExplorerViewSchema = v.object({ view: v.picklist(EXPLORER_VIEWS) })

const listeners = changeListeners()
let current: ExplorerView | null = null

export function readExplorerView(storage = browserStorage('local')): ExplorerView {
  return readStored(storage, STORAGE_EXPLORER_VIEW_KEY, ExplorerViewSchema)?.view ?? 'columns'
}

export function setExplorerView(view: ExplorerView, storage = browserStorage('local')): boolean {
  current = view
  listeners.notify()
  return writeStored(storage, STORAGE_EXPLORER_VIEW_KEY, { view })
}

/** Forgets the value read (tests start each case from storage). */
export function resetExplorerView(): void {
  current = null
}

export function useExplorerView(): ExplorerView {
  return useSyncExternalStore(listeners.subscribe, () => (current ??= readExplorerView()))
}
