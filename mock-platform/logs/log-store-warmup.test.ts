import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PlatformContext } from '../context'
import { logsPageProject, warmLogStore } from './log-store-warmup'

const REF = 'abcdefghijklmnopqrst'

function setUp(pathname: string) {
  const warmed: string[] = []
  const ctx = { logs: { warm: async (ref: string) => void warmed.push(ref) } } as unknown as PlatformContext
  let listener: ((args: { request: Request }) => void) | null = null
  warmLogStore(ctx, { on: (_event, handler) => void (listener = handler) }, { pathname }, '')
  const answer = (url: string, headers: Record<string, string> = {}) => listener?.({ request: new Request(url, { headers }) })
  return { warmed, answer }
}

afterEach(() => vi.useRealTimers())

describe('starting the log store ahead of its first read', () => {
  it("knows a project's logs page, under a base path too", () => {
    expect(logsPageProject(`/project/${REF}/logs`, '')).toBe(REF)
    expect(logsPageProject(`/dashboard/project/${REF}/logs/`, '/dashboard')).toBe(REF)
    expect(logsPageProject(`/project/${REF}/logs-old`, '')).toBeNull()
    expect(logsPageProject(`/project/${REF}/editor`, '')).toBeNull()
  })

  it('starts it at once in a document opened on the logs', () => {
    expect(setUp(`/project/${REF}/logs`).warmed).toEqual([REF])
  })

  it("elsewhere, starts it when idle a while after a project's first signed-in request, once", () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 1))
    const { warmed, answer } = setUp('/org/acme')
    answer(`http://localhost/platform/projects/${REF}/settings`)
    answer('http://localhost/platform/profile', { authorization: 'Bearer t' })
    vi.advanceTimersByTime(10_000)
    // Neither a request without a session nor one about no project.
    expect(warmed).toEqual([])
    answer(`http://localhost/platform/projects/${REF}/settings`, { authorization: 'Bearer t' })
    answer(`http://localhost/platform/projects/${REF}/databases`, { authorization: 'Bearer t' })
    vi.advanceTimersByTime(1000)
    expect(warmed).toEqual([])
    vi.advanceTimersByTime(10_000)
    expect(warmed).toEqual([REF])
    vi.unstubAllGlobals()
  })
})
