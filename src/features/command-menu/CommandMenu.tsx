import { Dialog } from '@ark-ui/react/dialog'
import { useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect } from 'react'
import { useLocation } from 'wouter'
import type { CommandSection } from '../../lib/command-search'
import { commandMenuActor, useCommandMenuShortcut } from './command-menu-actor'
import { useRegisteredCommandSections } from './registry'

// The search and list load on first use only.
const CommandMenuDialog = lazy(() => import('./CommandMenuDialog'))

/**
 * SPEC §2 command menu: ⌘/Ctrl + `shortcutKey` opens it; it closes when a route change completes.
 * `sections` are the dashboard's own; the screens on view add theirs through the registry; a search
 * also finds the current project's tables and snippets by name (project-search.ts).
 */
export function CommandMenu({ sections, shortcutKey, projectRef }: { sections: readonly CommandSection[]; shortcutKey: string; projectRef?: string }) {
  const open = useSelector(commandMenuActor(), (s) => s.matches('open'))
  const registered = useRegisteredCommandSections()
  const [location] = useLocation()
  useCommandMenuShortcut(shortcutKey)
  useEffect(() => {
    commandMenuActor().send({ type: 'route.changed' })
  }, [location])

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && commandMenuActor().send({ type: 'menu.close' })} lazyMount unmountOnExit>
      {open ? (
        <Suspense fallback={null}>
          <CommandMenuDialog sections={[...registered, ...sections]} projectRef={projectRef} />
        </Suspense>
      ) : null}
    </Dialog.Root>
  )
}
