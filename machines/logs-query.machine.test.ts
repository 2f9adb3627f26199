import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { LOGS_SEARCH_DEBOUNCE_MS } from '../src/constants'
import { formatCoverage, modelCoverage } from './testing/model-coverage'
import { logsQueryCoverage, logsQueryMachine, type LogsQueryAnswer, type LogsQueryRequest } from './logs-query.machine'

afterEach(() => vi.useRealTimers())

const row = (id: string) => ({ id, timestamp: '2026-11-24T10:30:00.000Z' })
const built = (sql: string, extra: Partial<LogsQueryRequest> = {}): LogsQueryRequest => ({
  sql: `${sql} limit 5`,
  firstSql: `${sql} limit 2`,
  firstLimit: 2,
  limit: 5,
  start: '2026-11-24T10:00:00.000Z',
  end: '2026-11-24T11:00:00.000Z',
  ...extra,
})

function start(read: (input: { sql: string }, signal: AbortSignal) => Promise<LogsQueryAnswer>) {
  const spy = vi.fn(read)
  const actor = createActor(logsQueryMachine.provide({ actors: { readRows: fromPromise(({ input, signal }) => spy(input, signal)) } })).start()
  return { actor, read: spy }
}

const answer = (n: number): LogsQueryAnswer => ({ rows: Array.from({ length: n }, (_, i) => row(String(i))), ms: 1 })

describe('logsQueryMachine', () => {
  it('paints the newest rows first, then reads the whole range', async () => {
    vi.useFakeTimers()
    const { actor, read } = start(async (input) => answer(input.sql.endsWith('limit 2') ? 2 : 4))
    actor.send({ type: 'query.run', request: built('select * from edge_logs') })
    await vi.advanceTimersByTimeAsync(0)
    expect(read.mock.calls.map(([input]) => input.sql)).toEqual(['select * from edge_logs limit 2', 'select * from edge_logs limit 5'])
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().value).toBe('done')
    expect(context.rows).toHaveLength(4)
    // Four of at most five: the whole range, not cut at the limit.
    expect(context).toMatchObject({ complete: true, partial: false, error: null })
  })

  it('stops after the first read when it holds fewer rows than asked for', async () => {
    vi.useFakeTimers()
    const { actor, read } = start(async () => answer(1))
    actor.send({ type: 'query.run', request: built('select * from edge_logs') })
    await vi.advanceTimersByTimeAsync(0)
    expect(read).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().context).toMatchObject({ complete: true, partial: false })
  })

  it('shows the first part while the rest loads; a cut answer is not complete', async () => {
    vi.useFakeTimers()
    let finish: (a: LogsQueryAnswer) => void = () => {}
    const { actor } = start((input) => (input.sql.endsWith('limit 2') ? Promise.resolve(answer(2)) : new Promise((resolve) => (finish = resolve))))
    actor.send({ type: 'query.run', request: built('select * from edge_logs') })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toEqual({ loading: 'whole' })
    expect(actor.getSnapshot().context).toMatchObject({ partial: true, complete: false })
    expect(actor.getSnapshot().context.rows).toHaveLength(2)
    finish(answer(5))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context).toMatchObject({ partial: false, complete: false })
  })

  it('waits for typing to pause, and a newer request aborts the one reading', async () => {
    vi.useFakeTimers()
    const signals: AbortSignal[] = []
    const { actor, read } = start((_, signal) => {
      signals.push(signal)
      return new Promise(() => {})
    })
    actor.send({ type: 'query.set', request: built('a') })
    actor.send({ type: 'query.set', request: built('ab') })
    await vi.advanceTimersByTimeAsync(LOGS_SEARCH_DEBOUNCE_MS - 1)
    expect(read).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(read.mock.calls.map(([input]) => input.sql)).toEqual(['ab limit 2'])
    actor.send({ type: 'query.run', request: built('abc') })
    await vi.advanceTimersByTimeAsync(0)
    expect(signals[0]!.aborted).toBe(true)
    expect(read.mock.calls.at(-1)![0].sql).toBe('abc limit 2')
    actor.send({ type: 'query.cancel' })
    expect(signals[1]!.aborted).toBe(true)
    expect(actor.getSnapshot().value).toBe('cancelled')
  })

  it('keeps a refusal with its code and the rows of the previous answer; a statement of the user reads once', async () => {
    vi.useFakeTimers()
    const { actor } = start(async (input) => {
      if (input.sql.includes('no_such')) throw Object.assign(new Error('"no_such" is not a log table.'), { code: 400 })
      return answer(3)
    })
    actor.send({ type: 'query.run', request: { sql: 'select * from edge_logs', start: 'a', end: 'b' } })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context).toMatchObject({ complete: false, partial: false })
    actor.send({ type: 'query.run', request: { sql: 'select * from no_such', start: 'a', end: 'b' } })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toEqual({ message: '"no_such" is not a log table.', code: 400 })
    expect(actor.getSnapshot().context.rows).toHaveLength(3)
  })

  it('puts live events in front of the rows', async () => {
    vi.useFakeTimers()
    const { actor } = start(async () => answer(1))
    actor.send({ type: 'query.run', request: built('x') })
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'rows.prepend', rows: [row('new')] })
    expect(actor.getSnapshot().context.rows!.map((r) => r.id)).toEqual(['new', '0'])
  })

  it('reaches every state and transition', () => {
    const coverage = modelCoverage(logsQueryMachine, logsQueryCoverage)
    expect(formatCoverage(coverage)).toMatch(/states (\d+)\/\1, transitions (\d+)\/\2/)
  })
})
