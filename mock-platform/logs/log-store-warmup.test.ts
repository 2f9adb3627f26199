import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PlatformContext } from '../context'
import { logsPageProject, warmLogStore } from './log-store-warmup'

const REF = 'abcdefghijklmnopqrst'

/** `databaseStart`: the project database's start in progress when the warm-up first asks, if any. */
function setUp(pathname: string, databaseStart: Promise<void> | null = null) {
  const warmed: string[] = []
  let starting = databaseStart
  const databases = {
    settled: async () => {
      if (!starting) return false
      await starting
      starting = null
      return true
    },
  }
  const ctx = { logs: { warm: async (ref: string) => void warmed.push(ref) }, databases: async () => databases } as unknown as PlatformContext
  let listener: ((args: { request: Request }) => void) | null = null
  const opening = warmLogStore(ctx, { on: (_event, handler) => void (listener = handler) }, { pathname }, '')
  const answer = (url: string, headers: Record<string, string> = {}) => listener?.({ request: new Request(url, { headers }) })
  return { warmed, answer, opening }
}

afterEach(() => vi.useRealTimers())

describe('starting the log store ahead of its first read', () => {
  it("knows a project's logs page, under a base path too", () => {
    expect(logsPageProject(`/project/${REF}/logs`, '')).toBe(REF)
    expect(logsPageProject(`/dashboard/project/${REF}/logs/`, '/dashboard')).toBe(REF)
    expect(logsPageProject(`/project/${REF}/logs-old`, '')).toBeNull()
    expect(logsPageProject(`/project/${REF}/editor`, '')).toBeNull()
  })

  it('starts it at once in a document opened on the logs, and says when it is open (the project database waits for it)', async () => {
    const { warmed, opening } = setUp(`/project/${REF}/logs`)
    expect(warmed).toEqual([REF])
    await expect(opening).resolves.toBeUndefined()
    expect(setUp('/org/acme').opening).toBeNull()
  })

  it('says so too when the store did not open, which the first read tries again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const ctx = { logs: { warm: () => Promise.reject(new Error('no IndexedDB')) } } as unknown as PlatformContext
    await expect(warmLogStore(ctx, { on: () => undefined }, { pathname: `/project/${REF}/logs` }, '')).resolves.toBeUndefined()
    expect(console.warn).toHaveBeenCalledWith('Log store: not started ahead of its first read', expect.any(Error))
    vi.restoreAllMocks()
  })

  it("elsewhere, starts it when idle a while after a project's first signed-in request, once", async () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 1))
    const { warmed, answer } = setUp('/org/acme')
    answer(`http://localhost/platform/projects/${REF}/settings`)
    answer('http://localhost/platform/profile', { authorization: 'Bearer t' })
    await vi.advanceTimersByTimeAsync(10_000)
    // Neither a request without a session nor one about no project.
    expect(warmed).toEqual([])
    answer(`http://localhost/platform/projects/${REF}/settings`, { authorization: 'Bearer t' })
    answer(`http://localhost/platform/projects/${REF}/databases`, { authorization: 'Bearer t' })
    await vi.advanceTimersByTimeAsync(1000)
    expect(warmed).toEqual([])
    await vi.advanceTimersByTimeAsync(10_000)
    expect(warmed).toEqual([REF])
    vi.unstubAllGlobals()
  })

  it("counts the while from the project's own database having started: a second Postgres would slow its start", async () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 1))
    let started: () => void = () => {}
    const { warmed, answer } = setUp('/org/acme', new Promise<void>((resolve) => (started = resolve)))
    answer(`http://localhost/platform/projects/${REF}/settings`, { authorization: 'Bearer t' })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(warmed).toEqual([])
    started()
    await vi.advanceTimersByTimeAsync(1000)
    expect(warmed, 'the first query has its time after the start').toEqual([])
    await vi.advanceTimersByTimeAsync(10_000)
    expect(warmed).toEqual([REF])
    vi.unstubAllGlobals()
  })
})
