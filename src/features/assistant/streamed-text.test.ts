import { afterEach, describe, expect, it, vi } from 'vitest'
import { streamedText } from './streamed-text'

afterEach(() => vi.useRealTimers())

describe('streamedText', () => {
  it('hands on the first piece at once, then the latest at most once per interval', () => {
    vi.useFakeTimers()
    const delivered: string[] = []
    const stream = streamedText((text) => delivered.push(text), 100)
    let text = ''
    // 94 pieces over about a second, as the mock model streams one answer.
    for (let piece = 0; piece < 94; piece++) {
      text += `w${piece} `
      stream.push(text)
      vi.advanceTimersByTime(11)
    }
    vi.advanceTimersByTime(100)
    expect(delivered[0]).toBe('w0 ')
    expect(delivered.at(-1)).toBe(text)
    expect(delivered.length).toBeLessThanOrEqual(12)
    expect(delivered.length).toBeGreaterThanOrEqual(10)
  })

  it('flush hands on what waits now; cancel drops it', () => {
    vi.useFakeTimers()
    const delivered: string[] = []
    const stream = streamedText((text) => delivered.push(text), 100)
    stream.push('a')
    stream.push('ab')
    stream.flush()
    expect(delivered).toEqual(['a', 'ab'])
    stream.push('abc')
    stream.push('abcd')
    stream.cancel()
    vi.advanceTimersByTime(500)
    expect(delivered).toEqual(['a', 'ab', 'abc'])
  })
})
