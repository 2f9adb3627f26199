import { useSelector } from '@xstate/react'
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { CONSENT_MESSAGE, PRIVACY_POLICY_URL } from '../../constants'
import { Button } from '../../ui/button'
import { ExternalLink } from '../../ui/external-link'
import { showToast } from '../../ui/toast'
import type { ConsentActorRef } from './consent-actor'

// The dialog (and Ark's dialog with its focus trap) loads when first opened: the first screen has only the toast.
// This sits outside the screens' error boundary, so a chunk that fails to load (offline, a deploy
// in between) must not take the page down: say so and close again.
const PrivacySettingsDialog = lazy<ComponentType<{ actor: ConsentActorRef }>>(() =>
  import('./PrivacySettingsDialog')
    .then((module) => ({ default: module.PrivacySettingsDialog }))
    .catch((error: unknown) => {
      console.error('The privacy settings dialog could not load', error)
      return { default: PrivacySettingsUnavailable }
    }),
)

function PrivacySettingsUnavailable({ actor }: { actor: ConsentActorRef }) {
  useEffect(() => {
    showToast('error', CONSENT_MESSAGE.loadFailed, CONSENT_MESSAGE.loadFailedDetail, { id: 'privacy-settings-unavailable' })
    actor.send({ type: 'privacy.close' })
  }, [actor])
  return null
}

// SPEC §9: 639 px and narrower is the mobile layout (CONSENT_MOBILE_BREAKPOINT): the whole width
// at the bottom; from Panda's `sm` (640 px, the first desktop width) the bottom-right corner.

const cardClass = css({
  position: 'fixed',
  zIndex: 'banner',
  bg: 'bg.surface',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  boxShadow: 'lg',
  p: '4',
  display: 'flex',
  flexDir: 'column',
  gap: '3',
  left: { base: '0', sm: 'auto' },
  right: { base: '0', sm: '4' },
  bottom: { base: '0', sm: '4' },
  w: { sm: '26rem' },
  maxW: { sm: 'calc(100vw - 32px)' },
  borderRadius: { base: '0', sm: 'lg' },
  borderBottomWidth: { base: '0', sm: '1px' },
  borderLeftWidth: { base: '0', sm: '1px' },
  borderRightWidth: { base: '0', sm: '1px' },
})

/**
 * SPEC §2 consent toast: stays in the bottom-right corner (the whole width on narrow screens) on
 * every page until accept all or opt out; also hosts the privacy settings dialog, which can be
 * opened again later.
 */
export function ConsentToast({ actor }: { actor: ConsentActorRef }) {
  const undecided = useSelector(actor, (s) => s.matches({ decision: 'showConsentToast' }))
  const privacyOpen = useSelector(actor, (s) => s.value.privacySettings !== 'closed')
  // Once opened it stays mounted, so closing plays the dialog's own way out.
  const [privacyWanted, setPrivacyWanted] = useState(privacyOpen)
  if (privacyOpen && !privacyWanted) setPrivacyWanted(true)
  return (
    <>
      {undecided ? (
        <section aria-label="Cookie consent" className={cardClass}>
          <p className={css({ fontSize: 'sm' })}>
            {CONSENT_MESSAGE.toast}{' '}
            <ExternalLink href={PRIVACY_POLICY_URL}>{CONSENT_MESSAGE.learnMore}</ExternalLink>
          </p>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
            <Button variant="primary" size="sm" onClick={() => actor.send({ type: 'consent.accept' })}>
              {CONSENT_MESSAGE.accept}
            </Button>
            <Button size="sm" onClick={() => actor.send({ type: 'consent.deny' })}>
              {CONSENT_MESSAGE.optOut}
            </Button>
            <Button variant="ghost" size="sm" className={css({ ml: 'auto' })} onClick={() => actor.send({ type: 'privacy.open' })}>
              {CONSENT_MESSAGE.privacySettings}
            </Button>
          </div>
        </section>
      ) : null}
      {privacyWanted ? (
        <Suspense fallback={null}>
          <PrivacySettingsDialog actor={actor} />
        </Suspense>
      ) : null}
    </>
  )
}
