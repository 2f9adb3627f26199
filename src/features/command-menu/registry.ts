import { useEffect, useSyncExternalStore } from 'react'
import { changeListeners } from '../../lib/change-listeners'
import type { CommandSection } from '../../lib/command-search'

/** Sections the screens on view add to the command menu, by id (a later registration of an id replaces it). */
const sections = new Map<string, CommandSection>()
const listeners = changeListeners()
let snapshot: readonly CommandSection[] = []

function changed() {
  snapshot = [...sections.values()]
  listeners.notify()
}

/** A screen's own commands, listed while it is mounted. Pass a memoized section (or null for none). */
export function useRegisterCommandSection(section: CommandSection | null): void {
  useEffect(() => {
    if (!section) return
    sections.set(section.id, section)
    changed()
    return () => {
      if (sections.get(section.id) === section) {
        sections.delete(section.id)
        changed()
      }
    }
  }, [section])
}

export function useRegisteredCommandSections(): readonly CommandSection[] {
  return useSyncExternalStore(listeners.subscribe, () => snapshot)
}
