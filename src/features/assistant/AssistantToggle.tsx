import { useSelector } from '@xstate/react'
import { Button } from '../../ui/button'
import { assistantActorFor } from './assistant-actors'

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/** The top bar's button for a project's assistant panel. */
export function AssistantToggle({ projectRef }: { projectRef: string }) {
  const actor = assistantActorFor(projectRef)
  const open = useSelector(actor, (s) => s.context.open)
  return (
    <Button
      size="sm"
      variant={open ? 'primary' : undefined}
      aria-pressed={open}
      title={`AI assistant (${isMac ? '⌘I' : 'Ctrl+I'})`}
      onClick={() => actor.send({ type: 'panel.toggle' })}
    >
      ✦ Assistant
    </Button>
  )
}
