import { http, HttpResponse } from 'msw'
import type { PlatformContext } from '../context'
import { readJson, withLatency } from './util'

/** What the mock platform was told, kept so tests can read it. */
export interface PlatformRecords {
  telemetry: unknown[]
  errorReports: unknown[]
}

/** Server time (clock-skew check), telemetry and error reports. */
export function systemHandlers(ctx: PlatformContext, records: PlatformRecords) {
  return [
    http.get('*/api/get-utc-time', async () => {
      await withLatency(ctx)
      return HttpResponse.json({ utcTime: new Date(Date.now() + ctx.clockOffset).toISOString() })
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
