import { http, HttpResponse } from 'msw'
import { LOGS_MESSAGE, PLAN_NAMES, PLAN_QUOTAS, type PlanId } from '../../src/constants'
import type { PlatformContext } from '../context'
import { LogQueryRefused } from '../logs/log-store'
import { authorizeProject, errorResponse } from './util'
import { errorMessage } from '../../src/lib/error-message'

const HOUR_MS = 3600_000
const DAY_MS = 24 * HOUR_MS
// A range may start a little before the retention's edge: the screen computes it a moment earlier.
const RETENTION_SLACK_MS = 5 * 60_000

function parseDate(value: string | null): Date | null | undefined {
  if (value === null || value === '') return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** The log explorer's endpoint (PLATFORM-API: analytics `logs.all`): one checked SELECT over the project's log tables. */
export function logHandlers(ctx: PlatformContext) {
  return [
    http.get('*/platform/projects/:ref/analytics/endpoints/logs.all', async ({ request, params }) => {
      const ref = String(params.ref)
      const { project, denied } = await authorizeProject(ctx, request, ref)
      if (denied) return denied
      const url = new URL(request.url)
      const sql = url.searchParams.get('sql') ?? ''
      if (sql.trim() === '') return errorResponse(400, LOGS_MESSAGE.sqlRequired)
      const now = Date.now() + ctx.clockOffset
      const end = parseDate(url.searchParams.get('iso_timestamp_end')) ?? (url.searchParams.has('iso_timestamp_end') ? null : new Date(now))
      const start = parseDate(url.searchParams.get('iso_timestamp_start')) ?? (url.searchParams.has('iso_timestamp_start') ? null : end && new Date(end.getTime() - HOUR_MS))
      if (!start || !end || start >= end) return errorResponse(400, LOGS_MESSAGE.badRange)
      const organization = ctx.db.organizations.findFirst((q) => q.where({ slug: project.organization_slug }))
      const plan = (organization?.plan.id ?? 'free') as PlanId
      const retentionDays = PLAN_QUOTAS.logRetentionDays[plan]
      if (start.getTime() < now - retentionDays * DAY_MS - RETENTION_SLACK_MS) return errorResponse(400, LOGS_MESSAGE.retention(retentionDays, PLAN_NAMES[plan]))
      try {
        const result = await ctx.logs.query({ project: ref, sql, start, end, retentionDays })
        return HttpResponse.json({ result })
      } catch (error) {
        // A refusal says why; Postgres's own error (a typo, a missing column) is the user's to fix.
        const message = error instanceof LogQueryRefused ? error.message : errorMessage(error)
        return errorResponse(400, message)
      }
    }),
  ]
}
