import { render, screen } from '@testing-library/react'
import { StrictMode, useEffect } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppToaster, showToast } from './toast'
import { toaster } from './toast-region'

// vitest: own modules — it counts what the app's one toaster shows, which another file's work still
// settling after that file ended (a failed save's toast) could fill.

/** Raises a toast from an effect, as a screen does when its organization or project does not exist. */
function NotFoundScreen() {
  useEffect(() => {
    showToast('error', 'We couldn’t find that organization', undefined, { id: 'organization-not-found:nope' })
  }, [])
  return null
}

afterEach(() => toaster.remove())

describe('showToast', () => {
  it('from an effect under StrictMode: one toast, and React does not complain about a synchronous flush', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <StrictMode>
        <AppToaster />
        <NotFoundScreen />
      </StrictMode>,
    )
    expect(await screen.findByText('We couldn’t find that organization')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.getAllByText('We couldn’t find that organization')).toHaveLength(1)
    expect(consoleError.mock.calls.map((call) => String(call[0])).filter((text) => text.includes('flushSync'))).toEqual([])
    consoleError.mockRestore()
  })

  it('toasts without an id stay separate', async () => {
    render(<AppToaster />)
    showToast('info', 'Saved')
    showToast('info', 'Saved')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.getAllByText('Saved')).toHaveLength(2)
  })
})
