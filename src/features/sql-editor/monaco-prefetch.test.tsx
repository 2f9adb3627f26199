import { afterEach, describe, expect, it, vi } from 'vitest'
import { prefetchMonacoWhenIdle, resetMonacoPrefetch } from './monaco-prefetch'

afterEach(() => {
  resetMonacoPrefetch()
  document.head.replaceChildren()
  vi.useRealTimers()
})

const prefetches = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => ({ href: link.getAttribute('href'), as: link.getAttribute('as'), crossOrigin: link.crossOrigin }))

describe('prefetchMonacoWhenIdle', () => {
  it('asks for each file once the page is idle, scripts in the mode a module import uses, and only once a page', async () => {
    vi.useFakeTimers()
    prefetchMonacoWhenIdle(undefined, ['/assets/monaco.js', '/assets/monaco.css'])
    expect(prefetches()).toEqual([])
    await vi.runAllTimersAsync()
    expect(prefetches()).toEqual([
      { href: '/assets/monaco.js', as: 'script', crossOrigin: 'anonymous' },
      { href: '/assets/monaco.css', as: 'style', crossOrigin: null },
    ])
    prefetchMonacoWhenIdle(undefined, ['/assets/monaco.js', '/assets/monaco.css'])
    await vi.runAllTimersAsync()
    expect(prefetches()).toHaveLength(2)
  })

  it("waits while the page's own requests are out, and asks anyway after 15 s of them", async () => {
    vi.useFakeTimers()
    let busy = true
    prefetchMonacoWhenIdle(() => busy, ['/assets/monaco.js'])
    await vi.advanceTimersByTimeAsync(5_000)
    expect(prefetches()).toEqual([])
    busy = false
    await vi.advanceTimersByTimeAsync(2_000)
    expect(prefetches()).toHaveLength(1)

    resetMonacoPrefetch()
    document.head.replaceChildren()
    prefetchMonacoWhenIdle(() => true, ['/assets/monaco.js'])
    await vi.advanceTimersByTimeAsync(12_000)
    expect(prefetches()).toEqual([])
    await vi.advanceTimersByTimeAsync(6_000)
    expect(prefetches()).toHaveLength(1)
  })

  it('leaves out a file the page already links', async () => {
    vi.useFakeTimers()
    const stylesheet = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/assets/monaco.css' })
    document.head.append(stylesheet)
    prefetchMonacoWhenIdle(undefined, ['/assets/monaco.js', '/assets/monaco.css'])
    await vi.runAllTimersAsync()
    expect(prefetches().map((link) => link.href)).toEqual(['/assets/monaco.js'])
  })

  it('does nothing without files to name (the dev server)', async () => {
    vi.useFakeTimers()
    prefetchMonacoWhenIdle(undefined, [])
    await vi.runAllTimersAsync()
    expect(prefetches()).toEqual([])
  })
})
