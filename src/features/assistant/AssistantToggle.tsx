import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { Button } from '../../ui/button'
import { assistantActorFor } from './assistant-actors'
import { ASSISTANT_TOGGLE_SHORTCUT } from './shortcut'

/** The top bar's button for a project's assistant panel. */
export function AssistantToggle({ projectRef }: { projectRef: string }) {
  const actor = assistantActorFor(projectRef)
  const open = useSelector(actor, (s) => s.context.open)
  return (
    <Button
      size="sm"
      variant={open ? 'primary' : undefined}
      aria-pressed={open}
      title={`AI assistant (${ASSISTANT_TOGGLE_SHORTCUT})`}
      onClick={() => actor.send({ type: 'panel.toggle' })}
    >
      ✦ <span className={css({ srOnly: { base: true, sm: false } })}>Assistant</span>
    </Button>
  )
}
