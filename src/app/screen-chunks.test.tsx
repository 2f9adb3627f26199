import { act, render, screen as view } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { chunk, screen } from './screen-chunks'

function Fallback() {
  return <p>loading</p>
}

describe('screen chunks', () => {
  it('renders a screen whose chunk has arrived at once, never its fallback (so React has no reveal to hold back)', async () => {
    const OrganizationsScreen = screen(async () => ({ default: () => <h1>Organizations</h1> }))
    await OrganizationsScreen.preload()
    const fallbacks = vi.fn(Fallback)
    const FallbackSpy = () => fallbacks()
    render(
      <Suspense fallback={<FallbackSpy />}>
        <OrganizationsScreen />
      </Suspense>,
    )
    // Synchronously, in the first commit: with React.lazy this found the fallback instead.
    expect(view.getByRole('heading', { name: 'Organizations' })).toBeTruthy()
    expect(fallbacks).not.toHaveBeenCalled()
  })

  it('suspends a screen while its chunk is on its way, then shows it', async () => {
    let arrive!: () => void
    const arrived = new Promise<void>((resolve) => (arrive = resolve))
    const BillingScreen = screen(async () => {
      await arrived
      return { default: () => <h1>Billing</h1> }
    })
    // A render that suspends on a promise is awaited in act (React's rule for tests).
    await act(async () => {
      render(
        <Suspense fallback={<Fallback />}>
          <BillingScreen />
        </Suspense>,
      )
    })
    expect(view.getByText('loading')).toBeTruthy()
    await act(async () => {
      arrive()
      await arrived
    })
    // React reveals a boundary no sooner than 300 ms after its fallback appeared.
    expect(await view.findByRole('heading', { name: 'Billing' }, { timeout: 3000 })).toBeTruthy()
  })


  it('loads a chunk once, and asks again after a failure; a failed preload is swallowed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: () => null })
    const code = chunk(load)
    await expect(code.load()).rejects.toThrow('offline')
    const module = await code.load()
    expect(await code.load()).toBe(module)
    expect(load).toHaveBeenCalledTimes(2)
    // Marked for React's `use`: read at once, without suspending.
    expect(code.load()).toMatchObject({ status: 'fulfilled', value: module })

    const FailingScreen = screen(() => Promise.reject(new Error('offline')))
    await expect(FailingScreen.preload()).resolves.toBeUndefined()
  })
})
