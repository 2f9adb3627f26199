import { useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { useLocation, useSearch } from 'wouter'
import { profileMachine } from '../../machines/profile.machine'
import { api } from '../api/client'
import { fetchForActor } from '../api/query-client'
import { profileQuery } from '../api/queries/profile'
import { queryKeys } from '../api/queries/keys'
import { ProfileSchema } from '../api/schemas'
import { PROFILE_MESSAGE } from '../constants'
import { settings } from '../lib/settings'
import { ErrorState, LoadingState } from '../ui/states'
import { showToast } from '../ui/toast'
import { fromPromiseUntilStopped } from '../lib/actor-promise'
import { useRetryWaitText } from '../features/retries/use-retry-wait'
import { useInspectedActorRef } from '../ui/use-inspected-machine'

/** Screens render once the profile is loaded (or created); a 401 signs out and comes back here after. */
export function ProfileGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [location, navigate] = useLocation()
  const search = useSearch()
  const actor = useInspectedActorRef(
    profileMachine.provide({
      actors: {
        fetchProfile: fromPromiseUntilStopped<unknown>(({ signal }) => fetchForActor(queryClient, profileQuery(), signal)),
        createProfile: fromPromiseUntilStopped<unknown>(() => api.post('/platform/profile', { schema: ProfileSchema })),
      },
      actions: {
        refreshAfterCreation: () => {
          for (const queryKey of [queryKeys.profile(), queryKeys.organizations(), queryKeys.permissions()]) {
            void queryClient.invalidateQueries({ queryKey, exact: true })
          }
        },
        reportConflict: () => {
          console.info('Profile already exists (409): fetching it again')
          if (settings.environment !== 'production') showToast('info', 'Profile already exists', 'Creation answered 409; the existing profile is used.')
        },
        reportCreationFailure: (_, { message }) => void showToast('error', PROFILE_MESSAGE.createFailedToast, message),
        signOut: () => {
          const here = search ? `${location}?${search}` : location
          navigate(`/logout?${new URLSearchParams({ returnTo: here })}`, { replace: true })
        },
      },
    }),
  )
  const state = useSelector(actor, (snapshot) => ({ value: snapshot.value, error: snapshot.context.error }))
  // SPEC §7 retries take about 7 s under a failing server: say so, and when the next try is.
  const retrying = useRetryWaitText(profileQuery().queryKey)
  if (state.value === 'loaded') return <>{children}</>
  if (state.value === 'failed') {
    return (
      <div className={css({ maxW: 'xl', mx: 'auto', my: '12', px: '6' })}>
        <ErrorState title="Your profile could not be loaded" message={state.error ?? ''} onRetry={() => actor.send({ type: 'retry' })} />
      </div>
    )
  }
  if (state.value === 'creating') return <LoadingState label="Setting up your profile…" />
  return <LoadingState label="Loading your profile…" problem={retrying} />
}
