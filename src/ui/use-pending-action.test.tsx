import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { usePendingAction } from './use-pending-action'

describe('usePendingAction', () => {
  it('is busy while the action runs and answers true when it goes through', async () => {
    const { result } = renderHook(() => usePendingAction())
    let finish = () => {}
    let outcome: Promise<boolean> = Promise.resolve(false)
    act(() => {
      outcome = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)))
    })
    expect(result.current.busy).toBe(true)
    await act(async () => finish())
    expect(await outcome).toBe(true)
    expect(result.current).toMatchObject({ busy: false, problem: null })
  })

  it("keeps a refusal's message (or the thrown value as text) and answers false", async () => {
    const { result } = renderHook(() => usePendingAction())
    await act(async () => expect(await result.current.run(() => Promise.reject(new Error('bucket already exists')))).toBe(false))
    expect(result.current).toMatchObject({ busy: false, problem: 'bucket already exists' })
    await act(async () => expect(await result.current.run(() => Promise.reject('offline'))).toBe(false))
    expect(result.current.problem).toBe('offline')
  })

  it('starts from the problem given, and leaves clearing it to the caller', async () => {
    const { result } = renderHook(() => usePendingAction('kept from before'))
    expect(result.current.problem).toBe('kept from before')
    await act(async () => expect(await result.current.run(() => Promise.resolve())).toBe(true))
    expect(result.current.problem).toBe('kept from before')
    act(() => result.current.setProblem(null))
    expect(result.current.problem).toBeNull()
  })
})
