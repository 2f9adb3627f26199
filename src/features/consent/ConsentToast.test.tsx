import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { consentMachine, type ConsentCategory } from '../../../machines/consent.machine'
import { rememberConsent } from '../../app/consent'
import { CONSENT_MESSAGE, CONSENT_STORAGE_KEY, PRIVACY_POLICY_URL, TELEMETRY_COOKIE } from '../../constants'
import { readTelemetryId, type ConsentDecision } from '../../lib/consent-decision'
import { ConsentToast } from './ConsentToast'

const CATEGORIES: ConsentCategory[] = [
  { slug: 'essential', label: 'Strictly necessary', description: 'Sign-in and security', isEssential: true, services: [] },
  { slug: 'analytics', label: 'Analytics', description: 'Usage telemetry', isEssential: false, services: [] },
  { slug: 'marketing', label: 'Marketing', description: 'Campaigns', isEssential: false, services: [] },
]

function renderToast(decision: ConsentDecision | null, load: () => Promise<readonly ConsentCategory[]> = async () => CATEGORIES) {
  const remember = vi.fn<(decision: ConsentDecision) => void>()
  const actor = createActor(
    consentMachine.provide({ actors: { loadCategories: fromPromise(load) }, actions: { remember: (_, params) => remember(params.decision) } }),
    { input: { decision } },
  ).start()
  render(<ConsentToast actor={actor} />)
  return { actor, remember }
}

describe('ConsentToast', () => {
  it("shows the text, 'Learn more' and the three buttons until answered; Accept dismisses it", () => {
    const { remember } = renderToast(null)
    const toast = screen.getByRole('region', { name: 'Cookie consent' })
    expect(toast.textContent).toContain(CONSENT_MESSAGE.toast)
    expect(within(toast).getByRole('link', { name: CONSENT_MESSAGE.learnMore }).getAttribute('href')).toBe(PRIVACY_POLICY_URL)
    within(toast).getByRole('button', { name: CONSENT_MESSAGE.privacySettings })
    fireEvent.click(within(toast).getByRole('button', { name: CONSENT_MESSAGE.accept }))
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
    expect(remember).toHaveBeenCalledExactlyOnceWith('accepted')
  })

  it('Opt out dismisses it', () => {
    const { remember } = renderToast(null)
    fireEvent.click(screen.getByRole('button', { name: CONSENT_MESSAGE.optOut }))
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
    expect(remember).toHaveBeenCalledExactlyOnceWith('denied')
  })

  it('the dialog: essential disabled and on, the others off while undecided; saving both on accepts', async () => {
    const { actor, remember } = renderToast(null)
    fireEvent.click(screen.getByRole('button', { name: CONSENT_MESSAGE.privacySettings }))
    const dialog = await screen.findByRole('dialog', { name: CONSENT_MESSAGE.dialogTitle })
    const essential = await within(dialog).findByRole('switch', { name: 'Strictly necessary' })
    expect((essential as HTMLInputElement).disabled).toBe(true)
    expect((essential as HTMLInputElement).checked).toBe(true)
    const analytics = within(dialog).getByRole('switch', { name: 'Analytics' })
    const marketing = within(dialog).getByRole('switch', { name: 'Marketing' })
    expect((analytics as HTMLInputElement).checked).toBe(false)
    expect(document.getElementById(analytics.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Usage telemetry')
    fireEvent.click(analytics)
    fireEvent.click(marketing)
    // The dialog's own state, not the input's: a clicked input is checked at once, the choice it
    // makes lands a tick later on a loaded machine (CI once saved "denied" in between).
    const stateOf = (input: HTMLElement) => input.closest('[data-scope="switch"][data-part="root"]')?.getAttribute('data-state')
    await waitFor(() => expect([stateOf(analytics), stateOf(marketing)]).toEqual(['checked', 'checked']))
    expect((analytics as HTMLInputElement).checked).toBe(true)
    expect((marketing as HTMLInputElement).checked).toBe(true)
    fireEvent.click(within(dialog).getByRole('button', { name: CONSENT_MESSAGE.save }))
    // The decision may land a tick after the click on a loaded machine (CI once saw it not yet made).
    await waitFor(() => expect(remember).toHaveBeenCalledExactlyOnceWith('accepted'))
    expect(actor.getSnapshot().value).toEqual({ decision: 'accepted', privacySettings: 'closed' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
  })

  it('a remembered decision shows no toast; the dialog opened later starts with the switches on; Cancel changes nothing', async () => {
    const { actor, remember } = renderToast('accepted')
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
    act(() => actor.send({ type: 'privacy.open' }))
    expect(((await screen.findByRole('switch', { name: 'Marketing' })) as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: CONSENT_MESSAGE.cancel }))
    expect(actor.getSnapshot().value).toEqual({ decision: 'accepted', privacySettings: 'closed' })
    expect(remember).not.toHaveBeenCalled()
  })

  it("a failed load shows 'Unable to Load Privacy Settings' with Retry, which loads again", async () => {
    let attempts = 0
    renderToast(null, async () => {
      attempts += 1
      if (attempts === 1) throw new Error('Failed to fetch')
      return CATEGORIES
    })
    fireEvent.click(screen.getByRole('button', { name: CONSENT_MESSAGE.privacySettings }))
    const warning = await screen.findByRole('alert', { name: CONSENT_MESSAGE.loadFailed })
    expect(warning.textContent).toMatch(/ad blocker/)
    fireEvent.click(within(warning).getByRole('button', { name: CONSENT_MESSAGE.retry }))
    expect(((await screen.findByRole('switch', { name: 'Analytics' })) as HTMLInputElement).checked).toBe(false)
    expect(attempts).toBe(2)
  })
})

describe('rememberConsent', () => {
  it('accept stores true and sets a random telemetry id, kept on a second accept; deny stores false and deletes it', () => {
    rememberConsent('accepted')
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('true')
    const id = readTelemetryId()
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    rememberConsent('accepted')
    expect(readTelemetryId()).toBe(id)
    rememberConsent('denied')
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('false')
    expect(document.cookie).not.toContain(TELEMETRY_COOKIE)
  })
})
