import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { CONSENT_MESSAGE, CONSENT_MOBILE_BREAKPOINT, PRIVACY_POLICY_URL } from '../../constants'
import { Button } from '../../ui/button'
import type { ConsentActorRef } from './consent-actor'
import { PrivacySettingsDialog } from './PrivacySettingsDialog'
import { useMediaQuery } from './use-media-query'

// SPEC §9: 639 px and narrower is the mobile layout (640 px is the first desktop width).
const MOBILE_QUERY = `(max-width: ${CONSENT_MOBILE_BREAKPOINT}px)`

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
  '&[data-layout=corner]': { right: '4', bottom: '4', w: '26rem', maxW: 'calc(100vw - 32px)', borderRadius: 'lg' },
  '&[data-layout=full-width]': { left: '0', right: '0', bottom: '0', borderRadius: '0', borderBottomWidth: '0', borderLeftWidth: '0', borderRightWidth: '0' },
})

/**
 * SPEC §2 consent toast: stays in the bottom-right corner (the whole width on narrow screens) on
 * every page until accept all or opt out; also hosts the privacy settings dialog, which can be
 * opened again later.
 */
export function ConsentToast({ actor }: { actor: ConsentActorRef }) {
  const undecided = useSelector(actor, (s) => s.matches({ decision: 'showConsentToast' }))
  const mobile = useMediaQuery(MOBILE_QUERY)
  return (
    <>
      {undecided ? (
        <section aria-label="Cookie consent" data-layout={mobile ? 'full-width' : 'corner'} className={cardClass}>
          <p className={css({ fontSize: 'sm' })}>
            {CONSENT_MESSAGE.toast}{' '}
            <a href={PRIVACY_POLICY_URL} target="_blank" rel="noreferrer noopener" className={css({ color: 'accent.default', textDecoration: 'underline' })}>
              {CONSENT_MESSAGE.learnMore}
            </a>
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
      <PrivacySettingsDialog actor={actor} />
    </>
  )
}
