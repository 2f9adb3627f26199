import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { OAUTH_STATE_LENGTH, POPUP_POLL_CAP, POPUP_POLL_INTERVAL } from '../src/constants'
import { oauthPopupMachine } from './oauth-popup.machine'

afterEach(() => vi.useRealTimers())

const STATE = 'A'.repeat(OAUTH_STATE_LENGTH)
const startEvent = (state = STATE) => ({ type: 'start', purpose: 'authorize', url: '/mock-github/login/oauth/authorize?client_id=c', state }) as const

/** A fake popup: `blocked` makes opening fail; `closed` is what each poll reads. */
function start(options: { blocked?: boolean } = {}) {
  const calls: string[] = []
  const popup = { closed: false, url: null as string | null }
  const onPopupClosed = vi.fn()
  const check = vi.fn(async () => popup.closed)
  const actor = createActor(
    oauthPopupMachine.provide({
      actors: {
        openPopup: fromPromise(async ({ input }) => {
          calls.push('openPopup')
          if (options.blocked) throw new Error('blocked')
          popup.url = input.url
        }),
        checkPopupClosed: fromPromise(check),
      },
      actions: {
        storeState: (_, { state, purpose }) => calls.push(`storeState ${purpose} ${state}`),
        discardState: () => calls.push('discardState'),
        closePopup: () => {
          calls.push('closePopup')
          popup.closed = true
        },
        onPopupClosed: (_, { purpose }) => onPopupClosed(purpose),
      },
    }),
  ).start()
  return { actor, popup, calls, check, onPopupClosed }
}

describe('oauthPopupMachine', () => {
  it('stores the state, then opens the popup at the page with that state', async () => {
    vi.useFakeTimers()
    const { actor, popup, calls } = start()
    actor.send(startEvent())
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toEqual([`storeState authorize ${STATE}`, 'openPopup'])
    expect(popup.url).toBe(`/mock-github/login/oauth/authorize?client_id=c&state=${STATE}`)
    expect(actor.getSnapshot().matches('open')).toBe(true)
  })

  it('polls every 500 ms and fires the callback once the popup has closed', async () => {
    vi.useFakeTimers()
    const { actor, popup, check, onPopupClosed } = start()
    actor.send(startEvent())
    await vi.advanceTimersByTimeAsync(POPUP_POLL_INTERVAL - 1)
    expect(check).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(check).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(POPUP_POLL_INTERVAL * 3)
    expect(check).toHaveBeenCalledTimes(4)
    expect(onPopupClosed).not.toHaveBeenCalled()
    popup.closed = true
    await vi.advanceTimersByTimeAsync(POPUP_POLL_INTERVAL)
    expect(actor.getSnapshot().value).toBe('completed')
    expect(onPopupClosed).toHaveBeenCalledExactlyOnceWith('authorize')
    await vi.advanceTimersByTimeAsync(POPUP_POLL_CAP)
    expect(check).toHaveBeenCalledTimes(5)
    expect(actor.getSnapshot().value).toBe('completed')
  })

  it('stops after 5 minutes: timed out, the popup closed and the state discarded, no callback', async () => {
    vi.useFakeTimers()
    const { actor, calls, check, onPopupClosed } = start()
    actor.send(startEvent())
    await vi.advanceTimersByTimeAsync(POPUP_POLL_CAP - 1)
    expect(actor.getSnapshot().matches('open')).toBe(true)
    const checks = check.mock.calls.length
    expect(checks).toBeGreaterThan(POPUP_POLL_CAP / POPUP_POLL_INTERVAL - 2)
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().value).toBe('timedOut')
    expect(calls.slice(-2)).toEqual(['closePopup', 'discardState'])
    await vi.advanceTimersByTimeAsync(POPUP_POLL_INTERVAL * 10)
    expect(check.mock.calls.length).toBe(checks)
    expect(onPopupClosed).not.toHaveBeenCalled()
  })

  it('a popup the browser blocked is blocked; a new start opens it again', async () => {
    const blocked = start({ blocked: true })
    blocked.actor.send(startEvent())
    await vi.waitFor(() => expect(blocked.actor.getSnapshot().value).toBe('blocked'))
    expect(blocked.calls).toEqual([`storeState authorize ${STATE}`, 'openPopup', 'discardState'])
    expect(blocked.onPopupClosed).not.toHaveBeenCalled()
    blocked.actor.send({ type: 'cancel' })
    expect(blocked.actor.getSnapshot().value).toBe('idle')

    const retried = start()
    retried.actor.send(startEvent())
    await vi.waitFor(() => expect(retried.actor.getSnapshot().matches('open')).toBe(true))
  })

  it('retries from timed out and completed with a fresh state', async () => {
    vi.useFakeTimers()
    const { actor, popup, calls } = start()
    actor.send(startEvent())
    await vi.advanceTimersByTimeAsync(POPUP_POLL_CAP)
    expect(actor.getSnapshot().value).toBe('timedOut')
    popup.closed = false
    const fresh = 'B'.repeat(OAUTH_STATE_LENGTH)
    actor.send(startEvent(fresh))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches('open')).toBe(true)
    expect(actor.getSnapshot().context.state).toBe(fresh)
    expect(calls).toContain(`storeState authorize ${fresh}`)
    popup.closed = true
    await vi.advanceTimersByTimeAsync(POPUP_POLL_INTERVAL)
    expect(actor.getSnapshot().value).toBe('completed')
    actor.send({ ...startEvent(), purpose: 'install' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches('open')).toBe(true)
    expect(actor.getSnapshot().context.purpose).toBe('install')
  })

  it('cancel closes the popup and forgets the state without the callback', async () => {
    vi.useFakeTimers()
    const { actor, calls, onPopupClosed } = start()
    actor.send(startEvent())
    await vi.advanceTimersByTimeAsync(POPUP_POLL_INTERVAL * 2)
    actor.send({ type: 'cancel' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(calls.slice(-2)).toEqual(['closePopup', 'discardState'])
    await vi.advanceTimersByTimeAsync(POPUP_POLL_CAP)
    expect(onPopupClosed).not.toHaveBeenCalled()
  })

  it('ignores a start without a 32-character state or a page, and a start while the popup is open', async () => {
    vi.useFakeTimers()
    const { actor, calls } = start()
    actor.send(startEvent('short'))
    actor.send(startEvent('x'.repeat(OAUTH_STATE_LENGTH + 1)))
    actor.send({ ...startEvent(), url: '' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(calls).toEqual([])
    actor.send(startEvent())
    await vi.advanceTimersByTimeAsync(0)
    actor.send(startEvent('C'.repeat(OAUTH_STATE_LENGTH)))
    expect(actor.getSnapshot().context.state).toBe(STATE)
  })

  it('a failed check keeps polling', async () => {
    vi.useFakeTimers()
    let fail = true
    const check = vi.fn(async () => {
      if (fail) throw new Error('cannot read the window')
      return true
    })
    const actor = createActor(oauthPopupMachine.provide({ actors: { openPopup: fromPromise(async () => {}), checkPopupClosed: fromPromise(check) } })).start()
    actor.send(startEvent())
    await vi.advanceTimersByTimeAsync(POPUP_POLL_INTERVAL * 2)
    expect(actor.getSnapshot().matches({ open: 'waiting' })).toBe(true)
    fail = false
    await vi.advanceTimersByTimeAsync(POPUP_POLL_INTERVAL)
    expect(actor.getSnapshot().value).toBe('completed')
  })
})
