import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { consentMachine, type ConsentCategory } from '../../../machines/consent.machine'
import { CONSENT_MESSAGE } from '../../constants'
import { ConsentToast } from './ConsentToast'

// The dialog's chunk failing to load (offline, a deploy in between) is its own module graph here.
vi.mock('./PrivacySettingsDialog', () => {
  throw new Error('Failed to fetch dynamically imported module')
})
const showToast = vi.hoisted(() => vi.fn())
vi.mock('../../ui/toast', () => ({ showToast }))

describe('ConsentToast when the privacy settings chunk cannot load', () => {
  it('says so in a toast, closes the settings again and keeps the consent buttons working', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const actor = createActor(consentMachine.provide({ actors: { loadCategories: fromPromise(async (): Promise<readonly ConsentCategory[]> => []) } }), {
      input: { decision: null },
    }).start()
    render(<ConsentToast actor={actor} />)
    fireEvent.click(screen.getByRole('button', { name: CONSENT_MESSAGE.privacySettings }))
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('error', CONSENT_MESSAGE.loadFailed, CONSENT_MESSAGE.loadFailedDetail, expect.anything()))
    expect(actor.getSnapshot().value).toMatchObject({ privacySettings: 'closed' })
    fireEvent.click(screen.getByRole('button', { name: CONSENT_MESSAGE.accept }))
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
  })
})
