import { useQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { outageBannerMachine } from '../../machines/outage-banner.machine'
import { incidentStatusQuery, type PastOutage } from '../api/queries/incidents'
import { OUTAGE_NOTICE_ACK_STORAGE_KEY, STATUS_PAGE_URL } from '../constants'
import { browserStorage, readStoredText, writeStoredText } from '../lib/storage'
import { Banner } from '../ui/banner'
import { ExternalLink } from '../ui/external-link'
import { BillingWarningBanners } from '../features/billing/BillingBanners'
import { ClockSkewBanner } from './ClockSkewBanner'
import { useCurrentPlace } from './current-place'
import { useInspectedMachine } from '../ui/use-inspected-machine'

/** SPEC §2, in order: ongoing incident, past-outage notice, billing warnings, clock skew. */
export function LayoutBanners() {
  const status = useQuery(incidentStatusQuery())
  const incident = status.data?.incidents[0]
  const pastOutage = status.data?.pastOutage
  const place = useCurrentPlace()
  return (
    <>
      {incident ? (
        <Banner tone="incident" label="Ongoing incident">
          <strong>We are investigating a technical issue.</strong> {incident.name}.{' '}
          <ExternalLink href={incident.shortlink ?? STATUS_PAGE_URL}>Follow the updates on the status page</ExternalLink>
        </Banner>
      ) : null}
      {pastOutage ? <PastOutageNotice key={pastOutage.id} notice={pastOutage} /> : null}
      <BillingWarningBanners organization={place.organization} organizations={place.organizations} organizationPending={place.organizationPending} />
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
