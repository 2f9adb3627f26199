import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { sqlRunMachine, type SqlRunInput, type SqlRunOutcome, type SqlRunRequest } from './sql-run.machine'

afterEach(() => vi.useRealTimers())

const request = (sql: string): SqlRunRequest => ({ sql, offset: 0, limit: 100 })
const outcome: SqlRunOutcome = {
  results: [{ statement: 'select 1', rows: [{ a: 1 }], columns: ['a'], hasMore: false, limit: 100, executionMs: 1 }],
  elapsedMs: 3,
  startupMs: null,
}

function start(execute: (r: SqlRunInput, signal: AbortSignal) => Promise<SqlRunOutcome>) {
  const spy = vi.fn(execute)
  const actor = createActor(sqlRunMachine.provide({ actors: { execute: fromPromise(({ input, signal }) => spy(input, signal)) } })).start()
  return { actor, execute: spy }
}

describe('sqlRunMachine', () => {
  it('runs a query and keeps its outcome', async () => {
    vi.useFakeTimers()
    const { actor, execute } = start(async () => outcome)
    actor.send({ type: 'run', request: request('select 1') })
    expect(actor.getSnapshot().value).toBe('running')
    await vi.advanceTimersByTimeAsync(0)
    expect(execute).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.outcome).toEqual(outcome)
  })

  it('asks before a destructive statement, naming it; dismissing runs nothing', async () => {
    vi.useFakeTimers()
    const { actor, execute } = start(async () => outcome)
    actor.send({ type: 'run', request: request('select 1; delete from orders') })
    expect(actor.getSnapshot().value).toBe('confirming')
    expect(actor.getSnapshot().context.pending.map((p) => p.description)).toEqual(['delete every row of orders (no WHERE clause)'])
    actor.send({ type: 'dismiss' })
    await vi.advanceTimersByTimeAsync(0)
    expect(execute).not.toHaveBeenCalled()
    actor.send({ type: 'run', request: request('drop table orders') })
    actor.send({ type: 'confirm' })
    await vi.advanceTimersByTimeAsync(0)
    expect(execute).toHaveBeenCalledOnce()
  })

  it('cancels a running query by aborting its request', async () => {
    vi.useFakeTimers()
    let seen: AbortSignal | undefined
    const { actor } = start((_, signal) => {
      seen = signal
      return new Promise(() => {})
    })
    actor.send({ type: 'run', request: request('select pg_sleep(10)') })
    await vi.advanceTimersByTimeAsync(1000)
    actor.send({ type: 'cancel' })
    expect(seen?.aborted).toBe(true)
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.cancelled).toBe(true)
  })

  it('keeps the failure with its position and earlier results; ignores empty text', async () => {
    vi.useFakeTimers()
    const { actor, execute } = start(async () => {
      throw Object.assign(new Error('relation "nope" does not exist'), { code: '42P01', offset: 14, results: outcome.results })
    })
    actor.send({ type: 'run', request: request('   ') })
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'run', request: request('select 1; select * from nope') })
    await vi.advanceTimersByTimeAsync(0)
    expect(execute).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().context.failure).toEqual({ message: 'relation "nope" does not exist', code: '42P01', offset: 14, results: outcome.results })
  })

  it('shows a big result as it arrives, and drops what arrives after the run ended', async () => {
    vi.useFakeTimers()
    let report: SqlRunInput['onProgress'] = () => {}
    let finish: (outcome: SqlRunOutcome) => void = () => {}
    const { actor } = start((input) => {
      report = input.onProgress
      return new Promise((resolve) => (finish = resolve))
    })
    actor.send({ type: 'run', request: request('select * from big') })
    await vi.advanceTimersByTimeAsync(0)
    const part = [{ ...outcome.results[0]!, executionMs: null }]
    report(part)
    expect(actor.getSnapshot().context.progress).toEqual(part)
    finish(outcome)
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context).toMatchObject({ progress: null, outcome })

    // A cancelled run's late parts are not shown.
    actor.send({ type: 'run', request: request('select * from big') })
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'cancel' })
    report(part)
    expect(actor.getSnapshot().context.progress).toBeNull()
    // The next run starts with nothing shown in progress.
    actor.send({ type: 'run', request: request('select 2') })
    expect(actor.getSnapshot().context.progress).toBeNull()
  })
})
