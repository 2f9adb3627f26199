import type { ActorRefFrom } from 'xstate'
import { assistantMachine } from '../../../machines/assistant.machine'
import { loadAssistantState, saveAssistantState } from '../../lib/assistant-state'
import { createInspectedActor } from '../../lib/inspection'
import { browserStorage } from '../../lib/storage'

export type AssistantActor = ActorRefFrom<typeof assistantMachine>

const actors = new Map<string, AssistantActor>()

/**
 * The assistant of a project: one long-lived actor per project ref, restored from browser storage
 * the first time the project is shown and saved back by the machine's debounced `persist`.
 */
export function assistantActorFor(projectRef: string): AssistantActor {
  let actor = actors.get(projectRef)
  if (!actor) {
    const storage = browserStorage('local')
    actor = createInspectedActor(
      assistantMachine.provide({ actions: { persist: (_, { projectRef: ref, state }) => saveAssistantState(storage, ref, state) } }),
      {
        // Named by project, so the inspector tells one project's assistant from another's.
        id: `assistant:${projectRef}`,
        // The clock and the id a new chat takes, in the input: a replay starts from what this start had.
        input: { projectRef, saved: loadAssistantState(storage, projectRef), now: Date.now(), newChatId: crypto.randomUUID() },
      },
    )
    actors.set(projectRef, actor)
  }
  return actor
}

// A reload or a closed tab within 500 ms of the last change (an answer just finished) would lose it:
// the write that waits happens as the page goes.
globalThis.addEventListener?.('pagehide', () => {
  for (const actor of actors.values()) actor.send({ type: 'persistence.flush' })
})

/** Sign-out clears local storage: the actors must not write their chats back afterwards. */
export function stopAssistantActors(): void {
  for (const actor of actors.values()) actor.stop()
  actors.clear()
}
