import { assign, setup } from 'xstate'
import { POLLING_PROJECT_STATUSES, PROJECT_POLL_INTERVAL, TRANSITIONAL_PROJECT_STATUSES, type ProjectStatus } from '../src/constants'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { errorMessage } from '../src/lib/error-message'

export interface ProjectStatusDetail {
  status: ProjectStatus
  connectionString: string | null | undefined
}

/**
 * SPEC §4: poll while COMING_UP or UNKNOWN, or while the connection string is missing or invalid;
 * and while any other transition is under way (restoring, restarting, pausing…), so a screen
 * waiting at the project-state gate opens, or closes, by itself when it ends.
 */
export function needsPolling(detail: ProjectStatusDetail): boolean {
  const connection = detail.connectionString
  if (POLLING_PROJECT_STATUSES.includes(detail.status) || TRANSITIONAL_PROJECT_STATUSES.includes(detail.status)) return true
  // A paused or failed project has no connection to wait for: nothing will change by itself.
  if (!detail.status.startsWith('ACTIVE_')) return false
  return typeof connection !== 'string' || connection.trim() === ''
}

/**
 * A project's status on the screens of that project: fetch, then every 5 s while it needs polling,
 * and not at all once it is settled. Pause and restore (the project home) run here too, so the
 * gate in front of every database screen sees them through: restore → RESTORING → healthy, and the
 * general settings' restart → RESTARTING → healthy.
 * Stopping the actor (leaving the project) stops it. `fetchDetail`, `pauseProject` and
 * `restoreProject` are provided by the app (the query cache and the API), so views see every answer.
 */
export const projectStatusMachine = setup({
  types: {
    input: {} as { ref: string },
    context: {} as { ref: string; detail: ProjectStatusDetail | null; error: string | null; actionError: string | null },
    events: {} as { type: 'refresh' } | { type: 'pause' } | { type: 'restore' } | { type: 'restart' },
  },
  actors: {
    fetchDetail: providedByTheApp<ProjectStatusDetail, { ref: string }>('fetchDetail'),
    pauseProject: providedByTheApp<void, { ref: string }>('pauseProject'),
    restoreProject: providedByTheApp<void, { ref: string }>('restoreProject'),
    restartProject: providedByTheApp<void, { ref: string }>('restartProject'),
  },
  guards: {
    needsPolling: ({ context }) => context.detail === null || needsPolling(context.detail),
    canPause: ({ context }) => context.detail?.status === 'ACTIVE_HEALTHY' || context.detail?.status === 'ACTIVE_UNHEALTHY',
    canRestore: ({ context }) => context.detail?.status === 'INACTIVE',
  },
  delays: { poll: PROJECT_POLL_INTERVAL },
}).createMachine({
  id: 'projectStatus',
  context: ({ input }) => ({ ref: input.ref, detail: null, error: null, actionError: null }),
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
      on: {
        refresh: 'fetching',
        restore: { guard: 'canRestore', target: 'restoring' },
      },
    },
    settled: {
      on: {
        refresh: 'fetching',
        pause: { guard: 'canPause', target: 'pausing' },
        restore: { guard: 'canRestore', target: 'restoring' },
        // Any running project restarts (the same test as a pause's, without the plan's).
        restart: { guard: 'canPause', target: 'restarting' },
      },
    },
    restarting: {
      entry: assign({ actionError: null }),
      invoke: {
        id: 'restartProject',
        src: 'restartProject',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: 'fetching',
        onError: { target: 'deciding', actions: assign({ actionError: ({ event }) => errorMessage(event.error) }) },
      },
    },
    pausing: {
      entry: assign({ actionError: null }),
      invoke: {
        id: 'pauseProject',
        src: 'pauseProject',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: 'fetching',
        onError: { target: 'deciding', actions: assign({ actionError: ({ event }) => errorMessage(event.error) }) },
      },
    },
    restoring: {
      entry: assign({ actionError: null }),
      invoke: {
        id: 'restoreProject',
        src: 'restoreProject',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: 'fetching',
        onError: { target: 'deciding', actions: assign({ actionError: ({ event }) => errorMessage(event.error) }) },
      },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const projectStatusCoverage: CoverageModel<typeof projectStatusMachine> = {
  events: [
    { type: 'xstate.done.actor.fetchDetail', output: { status: 'COMING_UP', connectionString: null } satisfies ProjectStatusDetail },
    { type: 'xstate.done.actor.fetchDetail', output: { status: 'ACTIVE_HEALTHY', connectionString: 'enc:1' } satisfies ProjectStatusDetail },
    { type: 'xstate.done.actor.fetchDetail', output: { status: 'INACTIVE', connectionString: 'enc:1' } satisfies ProjectStatusDetail },
    { type: 'xstate.error.actor.fetchDetail', error: new Error('x') },
    { type: 'xstate.after.poll.projectStatus.waiting' },
    { type: 'refresh' },
    { type: 'pause' },
    { type: 'restore' },
    { type: 'restart' },
    { type: 'xstate.done.actor.pauseProject' },
    { type: 'xstate.error.actor.pauseProject', error: new Error('x') },
    { type: 'xstate.done.actor.restoreProject' },
    { type: 'xstate.error.actor.restoreProject', error: new Error('x') },
    { type: 'xstate.done.actor.restartProject' },
    { type: 'xstate.error.actor.restartProject', error: new Error('x') },
  ],
  input: { ref: 'abc' },
}
