import { useEffect } from 'react'
import { commandMenuMachine } from '../../../machines/command-menu.machine'
import { createInspectedActor } from '../../lib/inspection'
import { isShortcut } from '../../lib/keyboard'

/** The page's one command menu actor (long-lived, so QA can watch it). */
export const commandMenuActor = createInspectedActor(commandMenuMachine)

/**
 * ⌘/Ctrl + the configured key toggles the menu anywhere on the page, the code editor included
 * (listened for before the editor's own chords see it).
 */
export function useCommandMenuShortcut(key: string): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event, key)) return
      event.preventDefault()
      event.stopPropagation()
      commandMenuActor.send({ type: 'menu.toggle' })
    }
    window.addEventListener('keydown', onKeyDown, { capture: true })
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true })
  }, [key])
}
