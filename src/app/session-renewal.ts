import type { Actor } from 'xstate'
import { sessionRenewalMachine } from '../../machines/session-renewal.machine'
import { getSession, setSessionRenewer, subscribeToSession, type RenewalOutcome } from '../api/session'
import { renewStoredSession } from '../features/auth/session-actions'
import { fromPromiseUntilStopped } from '../lib/actor-promise'
import { createInspectedActor } from '../lib/inspection'

type RenewalActor = Actor<typeof sessionRenewalMachine>

/** What the renewal needs from the app; the defaults are the stored session and the auth service. */
export interface SessionRenewalEffects {
  refreshSession: typeof renewStoredSession
}

/**
 * The page's one session renewal: the machine, told of every sign-in and sign-out, and the renewer
 * the API client asks when a request finds its token expired or refused. Requests asking while a
 * renewal is on its way wait for that one.
 */
export function createSessionRenewal(effects: SessionRenewalEffects = { refreshSession: renewStoredSession }) {
  const waiting = new Set<(outcome: RenewalOutcome) => void>()
  const endedListeners = new Set<() => void>()
  const settle = (outcome: RenewalOutcome) => {
    const waiters = [...waiting]
    waiting.clear()
    for (const resolve of waiters) resolve(outcome)
  }
  const actor: RenewalActor = createInspectedActor(
    sessionRenewalMachine.provide({
      actors: { refreshSession: fromPromiseUntilStopped(({ input, signal }) => effects.refreshSession(input, signal)) },
      actions: {
        renewed: () => settle('renewed'),
        renewalUnavailable: () => settle('unavailable'),
        renewalRefused: () => settle('refused'),
        signOut: () => endedListeners.forEach((listener) => listener()),
      },
    }),
  )
  const tell = () => {
    const session = getSession()
    actor.send(session?.refreshToken ? { type: 'session.stored', expiresAt: session.expiresAt } : { type: 'session.cleared' })
  }
  const unsubscribe = subscribeToSession(tell)
  tell()
  const unregister = setSessionRenewer(
    () =>
      new Promise<RenewalOutcome>((resolve) => {
        waiting.add(resolve)
        actor.send({ type: 'renew' })
      }),
  )
  return {
    actor,
    /** Told when the auth service refused to renew: the session has ended. */
    onEnded(listener: () => void): () => void {
      endedListeners.add(listener)
      return () => endedListeners.delete(listener)
    },
    stop() {
      unsubscribe()
      unregister()
      actor.stop()
      settle('refused')
    },
  }
}
export type SessionRenewal = ReturnType<typeof createSessionRenewal>

let pageRenewal: SessionRenewal | null = null

/** Started on first use (before the first signed-in request), kept for the page's life. */
export function pageSessionRenewal(): SessionRenewal {
  return (pageRenewal ??= createSessionRenewal())
}
