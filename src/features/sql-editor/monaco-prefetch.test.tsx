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
    prefetchMonacoWhenIdle(['/assets/monaco.js', '/assets/monaco.css'])
    expect(prefetches()).toEqual([])
    await vi.runAllTimersAsync()
    expect(prefetches()).toEqual([
      { href: '/assets/monaco.js', as: 'script', crossOrigin: 'anonymous' },
      { href: '/assets/monaco.css', as: 'style', crossOrigin: null },
    ])
    prefetchMonacoWhenIdle(['/assets/monaco.js', '/assets/monaco.css'])
    await vi.runAllTimersAsync()
    expect(prefetches()).toHaveLength(2)
  })

  it('leaves out a file the page already links', async () => {
    vi.useFakeTimers()
    const stylesheet = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/assets/monaco.css' })
    document.head.append(stylesheet)
    prefetchMonacoWhenIdle(['/assets/monaco.js', '/assets/monaco.css'])
    await vi.runAllTimersAsync()
    expect(prefetches().map((link) => link.href)).toEqual(['/assets/monaco.js'])
  })

  it('does nothing without files to name (the dev server)', async () => {
    vi.useFakeTimers()
    prefetchMonacoWhenIdle([])
    await vi.runAllTimersAsync()
    expect(prefetches()).toEqual([])
  })
})
