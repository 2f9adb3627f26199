import { assign, setup } from 'xstate'
import { findDestructiveStatements, type DestructiveStatement } from '../src/lib/sql/guards'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'

export interface SqlRunRequest {
  /** The text to run: the selection, or the whole editor. */
  sql: string
  /** Where `sql` starts in the editor text, so error positions land on the right character. */
  offset: number
  /** Row limit for queries (null: no limit). */
  limit: number | null
}

export interface StatementResult {
  statement: string
  rows: Record<string, unknown>[]
  columns: string[]
  hasMore: boolean
  limit: number | null
  /** The statement's own time on the database, as the server measured it; null when the server does not say. */
  executionMs: number | null
  /** Foreign tables the platform answered with sample rows (a wrapper without handler); absent when none. */
  sampled?: string[]
}

/** What the running statements are given: the request, and where to report results that arrive in parts. */
export interface SqlRunInput extends SqlRunRequest {
  onProgress: (results: StatementResult[]) => void
}

export interface SqlRunOutcome {
  results: StatementResult[]
  /** The whole run as the dashboard waited for it: statements, network and any database start. */
  elapsedMs: number
  /** How long the project's database took to start, when this run had to wait for it; else null. */
  startupMs: number | null
  /** Who the statements ran as, when not the project's role: "ran as authenticated (ana@example.com)". */
  ranAs?: string
}

export interface SqlRunFailure {
  message: string
  code?: string
  /** 0-based offset of the error in the editor text, when Postgres gave a position. */
  offset?: number
  /** Postgres's hint, when it gave one (the server's, e.g. why a member's SQL was read-only). */
  hint?: string
  /** Results of the statements that ran before the failing one. */
  results: StatementResult[]
}

interface SqlRunContext {
  request: SqlRunRequest | null
  pending: DestructiveStatement[]
  outcome: SqlRunOutcome | null
  failure: SqlRunFailure | null
  cancelled: boolean
  /** While running: the results so far of a big result arriving in parts; else null. */
  progress: StatementResult[] | null
}

/**
 * Running SQL from the editor: destructive statements are confirmed first (naming what they
 * would do); a run can be cancelled, which aborts its request; a big result shows as it arrives;
 * the last outcome or failure stays until the next run.
 */
export const sqlRunMachine = setup({
  types: {
    context: {} as SqlRunContext,
    events: {} as
      | { type: 'run'; request: SqlRunRequest }
      | { type: 'confirm' }
      | { type: 'dismiss' }
      | { type: 'cancel' }
      | { type: 'progress'; results: StatementResult[] },
  },
  actors: {
    execute: providedByTheApp<SqlRunOutcome, SqlRunInput>('execute'),
  },
  guards: {
    isDestructive: ({ event }) => event.type === 'run' && findDestructiveStatements(event.request.sql).length > 0,
    hasText: ({ event }) => event.type === 'run' && event.request.sql.trim() !== '',
  },
}).createMachine({
  id: 'sqlRun',
  context: { request: null, pending: [], outcome: null, failure: null, cancelled: false, progress: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        run: [
          {
            guard: 'isDestructive',
            target: 'confirming',
            actions: assign({
              request: ({ event }) => event.request,
              pending: ({ event }) => findDestructiveStatements(event.request.sql),
            }),
          },
          { guard: 'hasText', target: 'running', actions: assign({ request: ({ event }) => event.request, pending: [] }) },
        ],
      },
    },
    confirming: {
      on: {
        confirm: 'running',
        dismiss: { target: 'idle', actions: assign({ pending: [], request: null }) },
      },
    },
    running: {
      entry: assign({ failure: null, cancelled: false, progress: null }),
      invoke: {
        id: 'execute',
        src: 'execute',
        input: ({ context, self }) => ({ ...context.request!, onProgress: (results) => self.send({ type: 'progress', results }) }),
        onDone: { target: 'idle', actions: assign({ outcome: ({ event }) => event.output, pending: [], progress: null }) },
        onError: {
          target: 'idle',
          actions: assign({
            pending: [],
            progress: null,
            outcome: null,
            failure: ({ event }) => {
              const error = event.error as Partial<SqlRunFailure> & { message?: string }
              return { message: error?.message ?? String(event.error), code: error?.code, offset: error?.offset, hint: error?.hint, results: error?.results ?? [] }
            },
          }),
        },
      },
      on: {
        // Parts of a run that ended (cancelled, failed) arrive nowhere: only this state takes them.
        progress: { actions: assign({ progress: ({ event }) => event.results }) },
        cancel: { target: 'idle', actions: assign({ cancelled: true, pending: [], progress: null }) },
      },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const sqlRunCoverage: CoverageModel<typeof sqlRunMachine> = {
  events: [
    { type: 'run', request: { sql: 'select 1', offset: 0, limit: 100 } satisfies SqlRunRequest },
    { type: 'run', request: { sql: 'truncate orders', offset: 0, limit: 100 } satisfies SqlRunRequest },
    { type: 'run', request: { sql: '', offset: 0, limit: 100 } satisfies SqlRunRequest },
    { type: 'confirm' },
    { type: 'dismiss' },
    { type: 'cancel' },
    {
      type: 'progress',
      results: [{ statement: 'select 1', rows: [{ a: 1 }], columns: ['a'], hasMore: false, limit: 100, executionMs: null }] satisfies StatementResult[],
    },
    {
      type: 'xstate.done.actor.execute',
      output: {
        results: [{ statement: 'select 1', rows: [{ a: 1 }], columns: ['a'], hasMore: false, limit: 100, executionMs: 1 }],
        elapsedMs: 3,
        startupMs: null,
      } satisfies SqlRunOutcome,
    },
    { type: 'xstate.error.actor.execute', error: new Error('no') },
  ],
}
