import { describe, expect, it, vi } from 'vitest'
import { changeListeners } from './change-listeners'

describe('changeListeners', () => {
  it('tells every subscribed listener, and no longer one that unsubscribed', () => {
    const listeners = changeListeners()
    const first = vi.fn()
    const second = vi.fn()
    listeners.subscribe(first)
    const unsubscribe = listeners.subscribe(second)
    listeners.notify()
    unsubscribe()
    listeners.notify()
    expect(first).toHaveBeenCalledTimes(2)
    expect(second).toHaveBeenCalledTimes(1)
  })
})
