import { useEffect } from 'react'
import { commandMenuMachine } from '../../../machines/command-menu.machine'
import { createInspectedActor } from '../../lib/inspection'
import { hasShortcutModifier, isMacPlatform } from '../../lib/keyboard'

/** The page's one command menu actor (long-lived, so QA can watch it). */
export const commandMenuActor = createInspectedActor(commandMenuMachine)

export function commandMenuShortcutLabel(key: string): string {
  return isMacPlatform ? `⌘${key.toUpperCase()}` : `Ctrl+${key.toUpperCase()}`
}

export function isCommandMenuShortcut(event: KeyboardEvent, key: string): boolean {
  return hasShortcutModifier(event) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === key
}

/**
 * ⌘/Ctrl + the configured key toggles the menu anywhere on the page, the code editor included
 * (listened for before the editor's own chords see it).
 */
export function useCommandMenuShortcut(key: string): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isCommandMenuShortcut(event, key)) return
      event.preventDefault()
      event.stopPropagation()
      commandMenuActor.send({ type: 'menu.toggle' })
    }
    window.addEventListener('keydown', onKeyDown, { capture: true })
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true })
  }, [key])
}
