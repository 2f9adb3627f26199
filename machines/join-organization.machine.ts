import { assign, setup } from 'xstate'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { errorMessage } from '../src/lib/error-message'

export interface JoinOrganizationInput {
  slug: string
  token: string
}

/** The platform answers 409 when the user already belongs to the organization. */
export const ALREADY_MEMBER_STATUS = 409

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
}

/**
 * Accepting an organization invitation from a join link: idle → joining → joined, or failed with
 * the platform's message and a retry, or alreadyMember when the platform answers 409.
 * `acceptInvitation` (the POST) and `onJoined` (refresh the organizations, toast, navigate) are
 * provided by the app; tests give fakes.
 */
export const joinOrganizationMachine = setup({
  types: {
    input: {} as JoinOrganizationInput,
    context: {} as JoinOrganizationInput & { error: string | null },
    events: {} as { type: 'join.accept' } | { type: 'join.retry' },
  },
  actors: {
    acceptInvitation: providedByTheApp<void, JoinOrganizationInput>('acceptInvitation'),
  },
  actions: {
    onJoined: (_, _params: JoinOrganizationInput) => {},
  },
  guards: {
    // Invoked actors' errors reach guards as `xstate.error.actor.*` events, outside the declared events.
    isAlreadyMember: ({ event }) => errorCode((event as { error?: unknown }).error) === ALREADY_MEMBER_STATUS,
  },
}).createMachine({
  id: 'joinOrganization',
  context: ({ input }) => ({ slug: input.slug, token: input.token, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'join.accept': 'joining' },
    },
    joining: {
      entry: assign({ error: null }),
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ slug: context.slug, token: context.token }),
        onDone: 'joined',
        onError: [
          { guard: 'isAlreadyMember', target: 'alreadyMember' },
          { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    failed: {
      on: { 'join.retry': 'joining' },
    },
    alreadyMember: { type: 'final' },
    joined: {
      type: 'final',
      entry: { type: 'onJoined', params: ({ context }) => ({ slug: context.slug, token: context.token }) },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const joinOrganizationCoverage: CoverageModel<typeof joinOrganizationMachine> = {
  events: [
    { type: 'join.accept' },
    { type: 'join.retry' },
    { type: 'xstate.done.actor.acceptInvitation' },
    { type: 'xstate.error.actor.acceptInvitation', error: Object.assign(new Error('An error has occurred: 500'), { code: 500 }) },
    { type: 'xstate.error.actor.acceptInvitation', error: Object.assign(new Error('User is already a member of this organization'), { code: 409 }) },
  ],
  input: { slug: 'umbrella-labs', token: 'tok_123' } satisfies JoinOrganizationInput,
}
