import { useRef } from 'react'
import { oauthPopupMachine } from '../../../machines/oauth-popup.machine'
import { CODE_HOSTING_POPUP_NAME, POPUP_SIZE } from '../../constants'
import { popupFeatures } from '../../lib/code-hosting'
import { discardPendingAuthorization, storePendingAuthorization, type CodeHostingPurpose } from './pending-authorization'
import { fromPromiseUntilStopped } from '../../lib/actor-promise'
import { useInspectedActorRef } from '../../ui/use-inspected-machine'

/**
 * The oauthPopup machine for one organization, with the window work provided: `window.open` at
 * 600 × 800 (a null answer is a blocked popup), reading `closed`, closing it, and the state token
 * in local storage. `onPopupClosed` runs when the popup has closed (the SPEC §4 callback).
 */
export function useOAuthPopup(organizationSlug: string, onPopupClosed: (purpose: CodeHostingPurpose) => void) {
  const popup = useRef<Window | null>(null)
  const latest = useRef({ organizationSlug, onPopupClosed })
  latest.current = { organizationSlug, onPopupClosed }
  return useInspectedActorRef(
    oauthPopupMachine.provide({
      actors: {
        // Runs inside the click's send(), so the browser still counts the click as the reason for the popup.
        openPopup: fromPromiseUntilStopped(async ({ input }) => {
          const opened = window.open(input.url, CODE_HOSTING_POPUP_NAME, popupFeatures(POPUP_SIZE, window))
          if (!opened) throw new Error('The browser blocked the popup')
          popup.current = opened
          opened.focus()
        }),
        checkPopupClosed: fromPromiseUntilStopped(async () => popup.current?.closed ?? true),
      },
      actions: {
        storeState: (_, { state, purpose }) =>
          storePendingAuthorization({ state, purpose: purpose as CodeHostingPurpose, organization: latest.current.organizationSlug }),
        discardState: () => discardPendingAuthorization(),
        closePopup: () => popup.current?.close(),
        onPopupClosed: (_, { purpose }) => latest.current.onPopupClosed(purpose as CodeHostingPurpose),
      },
    }),
  )
}
