import { http, HttpResponse } from 'msw'
import { INCIDENT_STATUS_PATH } from '../../src/constants'
import type { PlatformContext } from '../context'
import { readJson, withLatency } from './util'

/** What the mock platform was told, kept so tests can read it. */
export interface PlatformRecords {
  telemetry: unknown[]
  errorReports: unknown[]
}

/** The remote flags the previews of SPEC §5 depend on. Fly projects have no analytics or vector buckets. */
export function remoteFeatureFlags(cloudProvider: string | null): Record<string, boolean> {
  return { dashboard_branching: true, advisor_rules: true, unified_logs: true, storage_analytics_vector: cloudProvider !== 'FLY' }
}

/** Server time (clock-skew check), remote feature flags, telemetry and error reports. */
export function systemHandlers(ctx: PlatformContext, records: PlatformRecords) {
  return [
    // Normally quiet: the incident and past-outage scenarios answer this path with something to show.
    http.get(`*/api${INCIDENT_STATUS_PATH}`, async () => {
      await withLatency(ctx)
      return HttpResponse.json({ incidents: [], pastOutage: null })
    }),
    http.get('*/api/get-utc-time', async () => {
      await withLatency(ctx)
      return HttpResponse.json({ utcTime: new Date(Date.now() + ctx.clockOffset).toISOString() })
    }),
    // PLATFORM-API §12: a flat map of the platform's flags; the optional cloud_provider attribute narrows them.
    http.get('*/platform/telemetry/feature-flags', async ({ request }) => {
      await withLatency(ctx)
      return HttpResponse.json(remoteFeatureFlags(new URL(request.url).searchParams.get('cloud_provider')))
    }),
    http.post('*/platform/telemetry/event', async ({ request }) => {
      await withLatency(ctx)
      records.telemetry.push(await readJson(request))
      return new HttpResponse(null, { status: 201 })
    }),
    http.post('*/platform/error-reports', async ({ request }) => {
      records.errorReports.push(await readJson(request))
      return new HttpResponse(null, { status: 201 })
    }),
  ]
}
