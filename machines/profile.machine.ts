import { assign, setup } from 'xstate'
import { PROFILE_MESSAGE } from '../src/constants'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'

/** What the machine needs to know of a failed call. */
export interface CallFailure {
  message: string
  code?: number
}

function failureOf(error: unknown): CallFailure {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message, code } = error as { message: unknown; code?: unknown }
    return { message: String(message), code: typeof code === 'number' ? code : undefined }
  }
  return { message: String(error) }
}

/**
 * Profile loading (SPEC §4, §8): fetch the profile; 'User's profile not found' creates it and then
 * refreshes profile, organizations and permissions; a 409 on creation means it already exists and
 * the profile is fetched again; other creation failures are reported; a 401 signs the user out.
 */
export const profileMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as { type: 'retry' },
  },
  actors: {
    fetchProfile: providedByTheApp<unknown>('fetchProfile'),
    createProfile: providedByTheApp<unknown>('createProfile'),
  },
  actions: {
    refreshAfterCreation: () => {},
    reportConflict: () => {},
    reportCreationFailure: (_, _params: { message: string }) => {},
    signOut: () => {},
  },
  guards: {
    isProfileMissing: (_, params: { error: unknown }) => failureOf(params.error).message === PROFILE_MESSAGE.notFound,
    isUnauthorized: (_, params: { error: unknown }) => failureOf(params.error).code === 401,
    isConflict: (_, params: { error: unknown }) => failureOf(params.error).code === 409,
  },
}).createMachine({
  id: 'profile',
  context: { error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        onDone: { target: 'loaded', actions: assign({ error: null }) },
        onError: [
          { guard: { type: 'isProfileMissing', params: ({ event }) => ({ error: event.error }) }, target: 'creating' },
          { guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          { target: 'failed', actions: assign({ error: ({ event }) => failureOf(event.error).message }) },
        ],
      },
    },
    creating: {
      invoke: {
        id: 'createProfile',
        src: 'createProfile',
        onDone: { target: 'loading', actions: 'refreshAfterCreation' },
        onError: [
          { guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) }, target: 'loading', actions: 'reportConflict' },
          {
            target: 'failed',
            actions: [
              assign({ error: ({ event }) => PROFILE_MESSAGE.createFailed(failureOf(event.error).message) }),
              { type: 'reportCreationFailure', params: ({ event }) => ({ message: PROFILE_MESSAGE.createFailed(failureOf(event.error).message) }) },
            ],
          },
        ],
      },
    },
    loaded: {},
    failed: { on: { retry: { target: 'loading', actions: assign({ error: null }) } } },
    signedOut: { type: 'final', entry: 'signOut' },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const profileCoverage: CoverageModel<typeof profileMachine> = {
  events: [
    { type: 'xstate.done.actor.fetchProfile', output: {} },
    { type: 'xstate.error.actor.fetchProfile', error: { message: PROFILE_MESSAGE.notFound, code: 404 } },
    { type: 'xstate.error.actor.fetchProfile', error: { message: 'Unauthorized', code: 401 } },
    { type: 'xstate.error.actor.fetchProfile', error: { message: 'boom', code: 500 } },
    { type: 'xstate.done.actor.createProfile', output: {} },
    { type: 'xstate.error.actor.createProfile', error: { message: 'exists', code: 409 } },
    { type: 'xstate.error.actor.createProfile', error: { message: 'down', code: 500 } },
    { type: 'retry' },
  ],
}
