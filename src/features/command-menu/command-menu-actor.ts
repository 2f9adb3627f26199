import { useEffect } from 'react'
import { commandMenuMachine } from '../../../machines/command-menu.machine'
import { createInspectedActor } from '../../lib/inspection'
import { isShortcut } from '../../lib/keyboard'

const startCommandMenu = () => createInspectedActor(commandMenuMachine)
let actor: ReturnType<typeof startCommandMenu> | null = null

/**
 * The page's one command menu actor (long-lived, so QA can watch it), started on first use: pages
 * without the dashboard's chrome (sign-in, the popup's callbacks) never start one.
 */
export function commandMenuActor() {
  actor ??= startCommandMenu()
  return actor
}

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
      commandMenuActor().send({ type: 'menu.toggle' })
    }
    window.addEventListener('keydown', onKeyDown, { capture: true })
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true })
  }, [key])
}
