import { assign, setup } from 'xstate'
import { OAUTH_STATE_LENGTH, POPUP_POLL_CAP, POPUP_POLL_INTERVAL } from '../src/constants'
import { withQueryParams } from '../src/lib/code-hosting'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'

export interface OAuthPopupContext {
  /** What the popup is for (e.g. 'authorize', 'install'), handed back to the callback. */
  purpose: string | null
  /** The provider page, without the state. */
  url: string | null
  /** The random state token stored before the popup opens and sent with it. */
  state: string | null
}

export type OAuthPopupEvent = { type: 'start'; purpose: string; url: string; state: string } | { type: 'cancel' }

/** `start` is taken from every resting state but the open popup: a retry is a fresh start with a fresh state. */
const start = { guard: 'validStart', target: 'opening', actions: 'rememberStart' } as const

/**
 * SPEC §4: a provider page (authorise or app installation) in a popup. The 32-character state is
 * stored, then the popup opens at the page with that state; it is polled every 500 ms until it
 * closes, then the callback fires. After 5 minutes polling stops and the popup is closed. A popup
 * the browser refused to open is `blocked`. The app provides the window work: `openPopup` (fails
 * when the browser blocks it), `checkPopupClosed`, `closePopup`, `storeState`, `discardState`
 * and `onPopupClosed`.
 */
export const oauthPopupMachine = setup({
  types: { context: {} as OAuthPopupContext, events: {} as OAuthPopupEvent },
  actors: {
    openPopup: providedByTheApp<void, { url: string }>('openPopup'),
    checkPopupClosed: providedByTheApp<boolean>('checkPopupClosed'),
  },
  actions: {
    rememberStart: assign(({ event }) => (event.type === 'start' ? { purpose: event.purpose, url: event.url, state: event.state } : {})),
    storeState: (_, _params: { state: string; purpose: string }) => {},
    discardState: () => {},
    closePopup: () => {},
    onPopupClosed: (_, _params: { purpose: string }) => {},
  },
  guards: {
    validStart: ({ event }) => event.type === 'start' && event.url !== '' && event.state.length === OAUTH_STATE_LENGTH,
    popupClosed: ({ event }) => (event as { output?: unknown }).output === true,
  },
  delays: { pollInterval: POPUP_POLL_INTERVAL, pollCap: POPUP_POLL_CAP },
}).createMachine({
  id: 'oauthPopup',
  context: { purpose: null, url: null, state: null },
  initial: 'idle',
  states: {
    idle: { on: { start } },
    opening: {
      // Stored before the popup exists, so the callback page can always check what it receives.
      entry: { type: 'storeState', params: ({ context }) => ({ state: context.state ?? '', purpose: context.purpose ?? '' }) },
      invoke: {
        id: 'openPopup',
        src: 'openPopup',
        input: ({ context }) => ({ url: withQueryParams(context.url ?? '', { state: context.state ?? '' }) }),
        onDone: 'open',
        onError: { target: 'blocked', actions: 'discardState' },
      },
    },
    open: {
      initial: 'waiting',
      // The cap runs from the opening, across every poll.
      after: { pollCap: { target: 'timedOut', actions: ['closePopup', 'discardState'] } },
      on: { cancel: { target: 'idle', actions: ['closePopup', 'discardState'] } },
      states: {
        waiting: { after: { pollInterval: 'checking' } },
        checking: {
          invoke: {
            id: 'checkPopupClosed',
            src: 'checkPopupClosed',
            onDone: [{ guard: 'popupClosed', target: '#oauthPopup.completed' }, { target: 'waiting' }],
            onError: 'waiting',
          },
        },
      },
    },
    completed: {
      entry: { type: 'onPopupClosed', params: ({ context }) => ({ purpose: context.purpose ?? '' }) },
      on: { start },
    },
    blocked: { on: { start, cancel: 'idle' } },
    timedOut: { on: { start, cancel: 'idle' } },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const oauthPopupCoverage: CoverageModel<typeof oauthPopupMachine> = {
  events: [
    { type: 'start', purpose: 'authorize', url: '/mock-github/login/oauth/authorize?client_id=c', state: 'A'.repeat(OAUTH_STATE_LENGTH) },
    { type: 'start', purpose: 'authorize', url: '/mock-github/login/oauth/authorize?client_id=c', state: 'short' },
    { type: 'cancel' },
    { type: 'xstate.done.actor.openPopup' },
    { type: 'xstate.error.actor.openPopup', error: new Error('blocked') },
    { type: 'xstate.after.pollInterval.oauthPopup.open.waiting' },
    { type: 'xstate.done.actor.checkPopupClosed', output: false },
    { type: 'xstate.done.actor.checkPopupClosed', output: true },
    { type: 'xstate.error.actor.checkPopupClosed', error: new Error('no') },
    { type: 'xstate.after.pollCap.oauthPopup.open' },
  ],
}
