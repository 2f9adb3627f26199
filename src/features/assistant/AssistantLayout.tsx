import { useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Spinner } from '../../ui/spinner'
import { assistantActorFor } from './assistant-actors'
import { useRegisterCommandSection } from '../command-menu'
import { ASSISTANT_TOGGLE_SHORTCUT, isAssistantToggle } from './shortcut'
import { useAssistantUrl } from './use-assistant-url'

// The panel is its own chunk: a project screen loads it only when the assistant opens.
const AssistantPanel = lazy(() => import('./AssistantPanel'))

/** A project's screen with the assistant beside it (SPEC §2: `aiAssistantPanelOpen` opens and closes it). */
export function AssistantLayout({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  const actor = assistantActorFor(projectRef)
  useAssistantUrl(actor)
  const open = useSelector(actor, (s) => s.context.open)
  useRegisterCommandSection(
    useMemo(
      () => ({
        id: 'assistant',
        name: 'AI assistant',
        commands: [
          {
            id: 'assistant-toggle',
            name: 'Toggle AI assistant',
            keywords: ['ai', 'chat', 'panel'],
            hint: ASSISTANT_TOGGLE_SHORTCUT,
            run: () => actor.send({ type: 'panel.toggle' }),
          },
          { id: 'assistant-new-chat', name: 'New assistant chat', keywords: ['ai', 'chat'], run: () => actor.send({ type: 'chat.new', at: Date.now(), id: crypto.randomUUID(), open: true }) },
        ],
      }),
      [actor],
    ),
  )

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isAssistantToggle(event)) {
        event.preventDefault()
        // Before the code editor: Monaco takes Ctrl+I for its suggestions and stops the key there.
        event.stopPropagation()
        actor.send({ type: 'panel.toggle' })
      }
    }
    window.addEventListener('keydown', onKeyDown, { capture: true })
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true })
  }, [actor])

  return (
    <div className={css({ flex: '1', minH: '0', display: 'flex' })}>
      {/* The screen scrolls inside itself; the panel beside it keeps its place. */}
      <div className={css({ flex: '1', minW: '0', display: 'flex', flexDir: 'column', overflowY: 'auto' })}>{children}</div>
      {open ? (
        <Suspense
          fallback={
            <div className={css({ w: '420px', p: '6', borderLeftWidth: '1px', borderColor: 'border.default', alignSelf: 'stretch' })}>
              <Spinner label="Loading the assistant" />
            </div>
          }
        >
          <AssistantPanel actor={actor} projectRef={projectRef} />
        </Suspense>
      ) : null}
    </div>
  )
}
