import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import * as v from 'valibot'
import { outageBannerMachine } from '../../machines/outage-banner.machine'
import { incidentStatusQuery, type PastOutage } from '../api/queries/incidents'
import { LAYOUT_BANNERS_MAX_WAIT, OUTAGE_NOTICE_ACK_STORAGE_KEY, STATUS_PAGE_URL } from '../constants'
import { browserStorage, readStoredText, writeStoredText } from '../lib/storage'
import { Banner } from '../ui/banner'
import { ExternalLink } from '../ui/external-link'
import { BillingWarningBanners, useBillingWarnings } from '../features/billing/BillingBanners'
import { ClockSkewBanner } from './ClockSkewBanner'
import { useCurrentPlace } from './current-place'
import { useInspectedMachine } from '../ui/use-inspected-machine'

/**
 * What the layout banners show (SPEC §2), and `settled`: whether every banner that depends on an
 * answer has it. The shell holds the screen back until then, so a banner arriving late never
 * pushes the page down under a pointer about to click. The clock-skew banner is not waited for: it
 * needs a device clock minutes off, and its check is a round trip of its own.
 */
export function useLayoutBanners() {
  const status = useQuery(incidentStatusQuery())
  const place = useCurrentPlace()
  const billing = useBillingWarnings(place)
  return { incident: status.data?.incidents[0], pastOutage: status.data?.pastOutage, billing, settled: !status.isPending && billing.settled }
}

/**
 * Whether the screen below the banners may show: once the banners have settled, or once
 * `LAYOUT_BANNERS_MAX_WAIT` has passed, whichever comes first, and from then on for good (a banner
 * that changes later changes with something the user did, not under their pointer).
 */
export function useScreenRevealed(bannersSettled: boolean): boolean {
  const [revealed, setRevealed] = useState(bannersSettled)
  if (bannersSettled && !revealed) setRevealed(true)
  useEffect(() => {
    if (revealed) return
    const timer = setTimeout(() => setRevealed(true), LAYOUT_BANNERS_MAX_WAIT)
    return () => clearTimeout(timer)
  }, [revealed])
  return revealed
}

/** SPEC §2, in order: ongoing incident, past-outage notice, billing warnings, clock skew. */
export function LayoutBanners({ banners }: { banners: ReturnType<typeof useLayoutBanners> }) {
  const { incident, pastOutage, billing } = banners
  return (
    <>
      {incident ? (
        <Banner tone="incident" label="Ongoing incident">
          <strong>We are investigating a technical issue.</strong> {incident.name}.{' '}
          <ExternalLink href={incident.shortlink ?? STATUS_PAGE_URL}>Follow the updates on the status page</ExternalLink>
        </Banner>
      ) : null}
      {pastOutage ? <PastOutageNotice key={pastOutage.id} notice={pastOutage} /> : null}
      <BillingWarningBanners warnings={billing} />
      <ClockSkewBanner />
    </>
  )
}

/** The id of the notice this browser dismissed, kept as plain text. */
const AcknowledgedNoticeSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(200))

/** Whether this browser dismissed the notice `id` (the stored id is checked on read like every key). */
export function isOutageNoticeAcknowledged(id: string): boolean {
  return readStoredText(browserStorage('local'), OUTAGE_NOTICE_ACK_STORAGE_KEY, AcknowledgedNoticeSchema) === id
}

/** One notice, until this browser dismisses it (remembered by the notice's id, so a later notice shows again). */
function PastOutageNotice({ notice }: { notice: PastOutage }) {
  const [snapshot, send] = useInspectedMachine(
    outageBannerMachine.provide({
      actions: {
        remember: () => void writeStoredText(browserStorage('local'), OUTAGE_NOTICE_ACK_STORAGE_KEY, notice.id),
      },
    }),
    { input: { acknowledged: isOutageNoticeAcknowledged(notice.id) } },
  )
  if (snapshot.matches('acknowledged')) return null
  return (
    <Banner tone="warning" label="Past outage" onDismiss={() => send({ type: 'outage.acknowledge' })}>
      <strong>{notice.title}.</strong> {notice.message}
    </Banner>
  )
}
