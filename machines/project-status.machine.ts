import { assign, fromPromise, setup } from 'xstate'
import { POLLING_PROJECT_STATUSES, PROJECT_POLL_INTERVAL, type ProjectStatus } from '../src/constants'
import type { CoverageModel } from './testing/model-coverage'
import { errorMessage } from './errors'

export interface ProjectStatusDetail {
  status: ProjectStatus
  connectionString: string | null | undefined
}

/** SPEC §4: poll while COMING_UP or UNKNOWN, or while the connection string is missing or invalid. */
export function needsPolling(detail: ProjectStatusDetail): boolean {
  const connection = detail.connectionString
  return POLLING_PROJECT_STATUSES.includes(detail.status) || typeof connection !== 'string' || connection.trim() === ''
}

/**
 * Keeps a project's detail fresh while it is coming up: fetch, then every 5 s while it needs
 * polling, and not at all once it is settled. Stopping the actor (the screen going away) stops it.
 * `fetchDetail` is provided by the app (the query cache), so views see every answer.
 */
export const projectStatusMachine = setup({
  types: {
    input: {} as { ref: string },
    context: {} as { ref: string; detail: ProjectStatusDetail | null; error: string | null },
    events: {} as { type: 'refresh' },
  },
  actors: {
    fetchDetail: fromPromise<ProjectStatusDetail, { ref: string }>(async () => {
      throw new Error('fetchDetail is provided by the app')
    }),
  },
  guards: {
    needsPolling: ({ context }) => context.detail === null || needsPolling(context.detail),
  },
  delays: { poll: PROJECT_POLL_INTERVAL },
}).createMachine({
  id: 'projectStatus',
  context: ({ input }) => ({ ref: input.ref, detail: null, error: null }),
  initial: 'fetching',
  states: {
    fetching: {
      invoke: {
        id: 'fetchDetail',
        src: 'fetchDetail',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: {
          target: 'deciding',
          actions: assign({ detail: ({ event }) => event.output, error: null }),
        },
        onError: {
          // A failed read says nothing about the project: try again at the next tick.
          target: 'waiting',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    deciding: {
      always: [{ guard: 'needsPolling', target: 'waiting' }, { target: 'settled' }],
    },
    waiting: {
      after: { poll: 'fetching' },
      on: { refresh: 'fetching' },
    },
    settled: {
      on: { refresh: 'fetching' },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const projectStatusCoverage: CoverageModel<typeof projectStatusMachine> = {
  events: [
    { type: 'xstate.done.actor.fetchDetail', output: { status: 'COMING_UP', connectionString: null } satisfies ProjectStatusDetail },
    { type: 'xstate.done.actor.fetchDetail', output: { status: 'ACTIVE_HEALTHY', connectionString: 'enc:1' } satisfies ProjectStatusDetail },
    { type: 'xstate.error.actor.fetchDetail', error: new Error('x') },
    { type: 'xstate.after.poll.projectStatus.waiting' },
    { type: 'refresh' },
  ],
  input: { ref: 'abc' },
}
