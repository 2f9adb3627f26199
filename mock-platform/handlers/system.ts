import { http, HttpResponse } from 'msw'
import { INCIDENT_STATUS_PATH, KEPT_REPORTS_LIMIT, REPORT_BODY_LIMIT_BYTES } from '../../src/constants'
import type { PlatformContext } from '../context'
import { errorResponse, withLatency } from './util'

/** What the mock platform was told, kept so tests can read it: the newest KEPT_REPORTS_LIMIT of each. */
export interface PlatformRecords {
  telemetry: unknown[]
  errorReports: unknown[]
}

/**
 * A report or event as sent (an object; anything else is kept as `{}`, as before), or the 413 answer
 * for one over REPORT_BODY_LIMIT_BYTES: both calls need no session, so neither may hold much.
 */
async function readReport(request: Request): Promise<{ report: Record<string, unknown>; refused?: undefined } | { refused: Response }> {
  const bytes = await request.arrayBuffer()
  if (bytes.byteLength > REPORT_BODY_LIMIT_BYTES) return { refused: errorResponse(413, `Report too large (over ${REPORT_BODY_LIMIT_BYTES} bytes)`) }
  try {
    const body: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return { report: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {} }
  } catch {
    return { report: {} }
  }
}

/** Keeps the newest reports only: the oldest go once there are KEPT_REPORTS_LIMIT. */
function keep(list: unknown[], report: unknown) {
  list.push(report)
  if (list.length > KEPT_REPORTS_LIMIT) list.splice(0, list.length - KEPT_REPORTS_LIMIT)
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
      const read = await readReport(request)
      if (read.refused) return read.refused
      keep(records.telemetry, read.report)
      return new HttpResponse(null, { status: 201 })
    }),
    http.post('*/platform/error-reports', async ({ request }) => {
      const read = await readReport(request)
      if (read.refused) return read.refused
      keep(records.errorReports, read.report)
      return new HttpResponse(null, { status: 201 })
    }),
  ]
}
