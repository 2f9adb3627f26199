import { assign, setup } from 'xstate'
import { LOGS_SEARCH_DEBOUNCE_MS } from '../src/constants'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { errorMessage } from '../src/lib/error-message'

/** One statement over the logs, as the screen built it (or the user wrote it in query mode). */
export interface LogsQueryRequest {
  sql: string
  /** The range, ISO instants. */
  start: string
  end: string
  /** The row limit `sql` ends with; absent for a statement the user wrote (its limit is its own). */
  limit?: number
  /** The same statement cut to the newest `firstLimit` rows: painted before the whole answer lands. */
  firstSql?: string
  firstLimit?: number
}

export type LogsQueryRow = Record<string, unknown>

/** What a read gives back: the rows, and how long the dashboard waited for them. */
export interface LogsQueryAnswer {
  rows: LogsQueryRow[]
  ms: number
}

interface LogsQueryContext {
  /** The latest request (typed, run, or waiting for typing to pause). */
  request: LogsQueryRequest | null
  /** The rows on screen and the request they answer (the previous answer stays while the next loads). */
  rows: LogsQueryRow[] | null
  rowsRequest: LogsQueryRequest | null
  /** The rows are the whole answer of `rowsRequest` (not its quick first part), and it was not cut at its limit. */
  complete: boolean
  /** Only the quick first part of `rowsRequest` is here yet. */
  partial: boolean
  ms: number | null
  error: { message: string; code: number | null } | null
}

const readInput = (sql: string, request: LogsQueryRequest) => ({ sql, start: request.start, end: request.end })

/**
 * The logs screens' query runner (SPEC §2 logs): typing waits for a pause, a pick or Run (⌘/Ctrl+Enter)
 * reads at once, and a new request replaces one still reading (its read aborted). A built request
 * reads its newest rows first, so the list paints at once, then the whole range up to the row
 * limit. A refusal keeps its message and code for the screen to show as they are. Live mode's new
 * events are put in front of the rows on screen.
 */
export const logsQueryMachine = setup({
  types: {
    context: {} as LogsQueryContext,
    events: {} as
      | { type: 'query.set'; request: LogsQueryRequest }
      | { type: 'query.run'; request: LogsQueryRequest }
      | { type: 'query.cancel' }
      | { type: 'rows.prepend'; rows: LogsQueryRow[] },
  },
  actors: {
    readRows: providedByTheApp<LogsQueryAnswer, { sql: string; start: string; end: string }>('readRows'),
  },
  guards: {
    hasFirstRead: ({ context, event }) => {
      const request = 'request' in event ? event.request : context.request
      return request?.firstSql !== undefined && request.firstLimit !== undefined
    },
    firstReadIsWhole: ({ context, event }) =>
      'output' in event && (event.output as LogsQueryAnswer).rows.length < (context.request?.firstLimit ?? 0),
  },
  actions: {
    keepRequest: assign({ request: ({ event }) => ('request' in event ? event.request : null) }),
    keepAnswer: assign(({ context, event }, params: { partial: boolean }) => {
      const answer = (event as unknown as { output: LogsQueryAnswer }).output
      const limit = params.partial ? context.request?.firstLimit : context.request?.limit
      return {
        rows: answer.rows,
        rowsRequest: context.request,
        partial: params.partial,
        complete: !params.partial && limit !== undefined && answer.rows.length < limit,
        ms: answer.ms,
        error: null,
      }
    }),
    keepWholeFromFirst: assign(({ context, event }) => {
      const answer = (event as unknown as { output: LogsQueryAnswer }).output
      return { rows: answer.rows, rowsRequest: context.request, partial: false, complete: true, ms: answer.ms, error: null }
    }),
  },
  delays: { typingPause: LOGS_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'logsQuery',
  context: { request: null, rows: null, rowsRequest: null, complete: false, partial: false, ms: null, error: null },
  initial: 'idle',
  on: {
    'query.set': { target: '.debouncing', reenter: true, actions: 'keepRequest' },
    'query.run': [
      { guard: 'hasFirstRead', target: '.loading.first', reenter: true, actions: 'keepRequest' },
      { target: '.loading.whole', reenter: true, actions: 'keepRequest' },
    ],
  },
  states: {
    idle: {},
    debouncing: {
      after: { typingPause: [{ guard: 'hasFirstRead', target: 'loading.first' }, { target: 'loading.whole' }] },
      on: { 'query.cancel': 'cancelled' },
    },
    loading: {
      initial: 'whole',
      on: { 'query.cancel': 'cancelled' },
      states: {
        first: {
          invoke: {
            id: 'readFirst',
            src: 'readRows',
            input: ({ context }) => readInput(context.request!.firstSql!, context.request!),
            onDone: [
              // Fewer rows than asked for: the range holds no more, the whole read would answer the same.
              { guard: 'firstReadIsWhole', target: '#logsQuery.done', actions: 'keepWholeFromFirst' },
              { target: 'whole', actions: { type: 'keepAnswer', params: { partial: true } } },
            ],
            onError: { target: '#logsQuery.failed', actions: assign({ error: ({ event }) => failure(event.error) }) },
          },
        },
        whole: {
          invoke: {
            id: 'readWhole',
            src: 'readRows',
            input: ({ context }) => readInput(context.request!.sql, context.request!),
            onDone: { target: '#logsQuery.done', actions: { type: 'keepAnswer', params: { partial: false } } },
            onError: { target: '#logsQuery.failed', actions: assign({ error: ({ event }) => failure(event.error) }) },
          },
        },
      },
    },
    done: {
      on: {
        'rows.prepend': { actions: assign({ rows: ({ context, event }) => [...event.rows, ...(context.rows ?? [])] }) },
      },
    },
    failed: {},
    cancelled: {},
  },
})

function failure(error: unknown): { message: string; code: number | null } {
  const code = (error as { code?: unknown } | null)?.code
  return { message: errorMessage(error), code: typeof code === 'number' ? code : null }
}

const request: LogsQueryRequest = { sql: 'select * from edge_logs limit 3', start: '2026-11-24T10:00:00.000Z', end: '2026-11-24T11:00:00.000Z', limit: 3, firstSql: 'select * from edge_logs limit 2', firstLimit: 2 }
const row = (id: string) => ({ id, timestamp: '2026-11-24T10:30:00.000Z' })

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const logsQueryCoverage: CoverageModel<typeof logsQueryMachine> = {
  events: [
    { type: 'query.set', request },
    { type: 'query.run', request },
    { type: 'query.run', request: { sql: 'select count(*) from edge_logs', start: request.start, end: request.end } satisfies LogsQueryRequest },
    { type: 'query.cancel' },
    { type: 'rows.prepend', rows: [row('new')] },
    { type: 'xstate.after.typingPause.logsQuery.debouncing' },
    { type: 'xstate.done.actor.readFirst', output: { rows: [row('a')], ms: 1 } satisfies LogsQueryAnswer },
    { type: 'xstate.done.actor.readFirst', output: { rows: [row('a'), row('b')], ms: 1 } satisfies LogsQueryAnswer },
    { type: 'xstate.error.actor.readFirst', error: Object.assign(new Error('refused'), { code: 400 }) },
    { type: 'xstate.done.actor.readWhole', output: { rows: [row('a'), row('b'), row('c')], ms: 2 } satisfies LogsQueryAnswer },
    { type: 'xstate.error.actor.readWhole', error: new Error('network') },
  ],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
}
