import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { PROJECT_POLL_INTERVAL } from '../src/constants'
import { needsPolling, projectStatusMachine, type ProjectStatusDetail, projectStatusCoverage } from './project-status.machine'
import { formatCoverage, modelCoverage } from './testing/model-coverage'

afterEach(() => vi.useRealTimers())

function start(answers: (ProjectStatusDetail | Error)[]) {
  const fetchDetail = vi.fn(async () => {
    const next = answers.length > 1 ? answers.shift()! : answers[0]!
    if (next instanceof Error) throw next
    return next
  })
  const actor = createActor(projectStatusMachine.provide({ actors: { fetchDetail: fromPromise(fetchDetail) } }), {
    input: { ref: 'abc' },
  }).start()
  return { actor, fetchDetail }
}

const healthy: ProjectStatusDetail = { status: 'ACTIVE_HEALTHY', connectionString: 'enc:1' }
const comingUp: ProjectStatusDetail = { status: 'COMING_UP', connectionString: null }

describe('needsPolling', () => {
  it.each([
    [{ status: 'COMING_UP', connectionString: 'x' }, true],
    [{ status: 'UNKNOWN', connectionString: 'x' }, true],
    [{ status: 'ACTIVE_HEALTHY', connectionString: null }, true],
    [{ status: 'ACTIVE_HEALTHY', connectionString: undefined }, true],
    [{ status: 'ACTIVE_HEALTHY', connectionString: '  ' }, true],
    [{ status: 'ACTIVE_HEALTHY', connectionString: 'x' }, false],
    [{ status: 'INACTIVE', connectionString: 'x' }, false],
    [{ status: 'RESTORING', connectionString: 'x' }, false],
  ] as const)('%j → %s', (detail, expected) => expect(needsPolling(detail)).toBe(expected))
})

describe('projectStatusMachine', () => {
  it('polls every 5 s while coming up and stops once healthy', async () => {
    vi.useFakeTimers()
    const { actor, fetchDetail } = start([comingUp, comingUp, healthy])
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchDetail).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().value).toBe('waiting')
    await vi.advanceTimersByTimeAsync(PROJECT_POLL_INTERVAL - 1)
    expect(fetchDetail).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchDetail).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(PROJECT_POLL_INTERVAL)
    expect(fetchDetail).toHaveBeenCalledTimes(3)
    expect(actor.getSnapshot().value).toBe('settled')
    expect(actor.getSnapshot().context.detail).toEqual(healthy)
    await vi.advanceTimersByTimeAsync(PROJECT_POLL_INTERVAL * 10)
    expect(fetchDetail).toHaveBeenCalledTimes(3)
  })

  it('does not poll a settled project at all', async () => {
    vi.useFakeTimers()
    const { actor, fetchDetail } = start([healthy])
    await vi.advanceTimersByTimeAsync(PROJECT_POLL_INTERVAL * 5)
    expect(fetchDetail).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().value).toBe('settled')
  })

  it('keeps trying after a failed read, and stops when the actor stops', async () => {
    vi.useFakeTimers()
    const { actor, fetchDetail } = start([new Error('offline'), comingUp])
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.error).toBe('offline')
    await vi.advanceTimersByTimeAsync(PROJECT_POLL_INTERVAL)
    expect(fetchDetail).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.stop()
    await vi.advanceTimersByTimeAsync(PROJECT_POLL_INTERVAL * 5)
    expect(fetchDetail).toHaveBeenCalledTimes(2)
  })

  it('reaches every state and transition on the paths xstate/graph generates', () => {
    const coverage = modelCoverage(projectStatusMachine, projectStatusCoverage)
    console.log(formatCoverage(coverage))
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing).toEqual([])
  })
})
