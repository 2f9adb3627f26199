import { useQueryClient } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { useLocation, useSearch } from 'wouter'
import { signOutMachine } from '../../../machines/sign-out.machine'
import { signInPathFor } from '../../lib/return-path'
import { PageMain } from '../../ui/page-main'
import { Spinner } from '../../ui/spinner'
import { stopAssistantActors } from '../assistant'
import { stopFeaturePreviews } from '../previews'
import { clearLocalStorage, endSession } from './session-actions'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { useInspectedMachine } from '../../ui/use-inspected-machine'

/** /logout: runs the sign-out machine, then lands on /sign-in. */
export default function LogoutPage() {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  // A sign-out forced by the platform (401) brings the user back where they were after signing in.
  const returnTo = new URLSearchParams(useSearch()).get('returnTo')
  useInspectedMachine(
    signOutMachine.provide({
      actors: { endSession: fromPromiseUntilStopped(() => endSession()) },
      actions: {
        clearLocalStorage: () => {
          // The assistants would otherwise write their chats back after the clear.
          stopAssistantActors()
          clearLocalStorage()
          // The next person to sign in starts from their own (cleared, so default off) preview flags.
          stopFeaturePreviews()
        },
        clearCache: () => queryClient.clear(),
        redirect: () => navigate(returnTo ? signInPathFor(returnTo) : '/sign-in', { replace: true }),
      },
    }),
  )
  return (
    <PageMain className={css({ minH: '100vh', display: 'grid', placeItems: 'center' })}>
      <p className={css({ display: 'flex', gap: '2', alignItems: 'center', color: 'fg.muted' })}>
        <Spinner label="Signing out" /> Signing out…
      </p>
    </PageMain>
  )
}
