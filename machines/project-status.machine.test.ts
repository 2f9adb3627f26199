import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { PROJECT_POLL_INTERVAL } from '../src/constants'
import { needsPolling, projectStatusMachine, type ProjectStatusDetail } from './project-status.machine'

afterEach(() => vi.useRealTimers())

function start(answers: (ProjectStatusDetail | Error)[], actions: { pause?: () => Promise<void>; restore?: () => Promise<void>; restart?: () => Promise<void> } = {}) {
  const fetchDetail = vi.fn(async () => {
    const next = answers.length > 1 ? answers.shift()! : answers[0]!
    if (next instanceof Error) throw next
    return next
  })
  const pauseProject = vi.fn(actions.pause ?? (async () => undefined))
  const restoreProject = vi.fn(actions.restore ?? (async () => undefined))
  const restartProject = vi.fn(actions.restart ?? (async () => undefined))
  const actor = createActor(
    projectStatusMachine.provide({
      actors: { fetchDetail: fromPromise(fetchDetail), pauseProject: fromPromise(pauseProject), restoreProject: fromPromise(restoreProject), restartProject: fromPromise(restartProject) },
    }),
    { input: { ref: 'abc' } },
  ).start()
  return { actor, fetchDetail, pauseProject, restoreProject, restartProject }
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
    [{ status: 'INACTIVE', connectionString: null }, false],
    [{ status: 'INIT_FAILED', connectionString: null }, false],
    [{ status: 'RESTORING', connectionString: 'x' }, true],
    [{ status: 'RESTARTING', connectionString: 'x' }, true],
    [{ status: 'RESIZING', connectionString: 'x' }, true],
    [{ status: 'UPGRADING', connectionString: 'x' }, true],
    [{ status: 'PAUSING', connectionString: 'x' }, true],
    [{ status: 'GOING_DOWN', connectionString: 'x' }, true],
    [{ status: 'ACTIVE_UNHEALTHY', connectionString: 'x' }, false],
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

  it('restores a paused project and polls it through RESTORING until it is healthy', async () => {
    vi.useFakeTimers()
    const paused: ProjectStatusDetail = { status: 'INACTIVE', connectionString: 'enc:1' }
    const restoring: ProjectStatusDetail = { status: 'RESTORING', connectionString: null }
    const { actor, fetchDetail, restoreProject } = start([paused, restoring, restoring, healthy])
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('settled')
    // Pausing a paused project is not a thing: ignored.
    actor.send({ type: 'pause' })
    expect(actor.getSnapshot().value).toBe('settled')
    actor.send({ type: 'restore' })
    await vi.advanceTimersByTimeAsync(0)
    expect(restoreProject).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.detail).toEqual(restoring)
    expect(actor.getSnapshot().value).toBe('waiting')
    await vi.advanceTimersByTimeAsync(PROJECT_POLL_INTERVAL * 2)
    expect(fetchDetail).toHaveBeenCalledTimes(4)
    expect(actor.getSnapshot().value).toBe('settled')
    expect(actor.getSnapshot().context.detail).toEqual(healthy)
  })

  it('pauses a running project; a refused pause keeps the project as it was and says why', async () => {
    vi.useFakeTimers()
    let refuse = true
    const { actor, pauseProject } = start([healthy, { status: 'PAUSING', connectionString: 'enc:1' }, { status: 'INACTIVE', connectionString: 'enc:1' }], {
      pause: async () => {
        if (refuse) throw new Error('Only Free plan projects can be paused')
      },
    })
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'restore' })
    expect(actor.getSnapshot().value).toBe('settled')
    actor.send({ type: 'pause' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('settled')
    expect(actor.getSnapshot().context.actionError).toBe('Only Free plan projects can be paused')
    refuse = false
    actor.send({ type: 'pause' })
    expect(actor.getSnapshot().context.actionError).toBeNull()
    await vi.advanceTimersByTimeAsync(0)
    expect(pauseProject).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.detail?.status).toBe('PAUSING')
    await vi.advanceTimersByTimeAsync(PROJECT_POLL_INTERVAL)
    expect(actor.getSnapshot().context.detail?.status).toBe('INACTIVE')
    expect(actor.getSnapshot().value).toBe('settled')
  })

  it('restarts a running project and polls it through RESTARTING until it is healthy; a paused one does not restart, a refusal says why', async () => {
    vi.useFakeTimers()
    const restarting: ProjectStatusDetail = { status: 'RESTARTING', connectionString: 'enc:1' }
    let refuse = true
    const { actor, fetchDetail, restartProject } = start([healthy, restarting, restarting, healthy], {
      restart: async () => {
        if (refuse) throw new Error('You need additional permissions to restart this project.')
      },
    })
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'restart' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('settled')
    expect(actor.getSnapshot().context.actionError).toMatch(/permissions to restart/)
    refuse = false
    actor.send({ type: 'restart' })
    await vi.advanceTimersByTimeAsync(0)
    expect(restartProject).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.detail).toEqual(restarting)
    expect(actor.getSnapshot().value).toBe('waiting')
    await vi.advanceTimersByTimeAsync(PROJECT_POLL_INTERVAL * 2)
    expect(fetchDetail).toHaveBeenCalledTimes(4)
    expect(actor.getSnapshot().context.detail).toEqual(healthy)
    expect(actor.getSnapshot().value).toBe('settled')

    const paused = start([{ status: 'INACTIVE', connectionString: 'enc:1' }])
    await vi.advanceTimersByTimeAsync(0)
    paused.actor.send({ type: 'restart' })
    expect(paused.actor.getSnapshot().value).toBe('settled')
    expect(paused.restartProject).not.toHaveBeenCalled()
  })
})
