import { http, HttpResponse, delay } from 'msw'
import { ASSISTANT_GENERATE_PATH, CONSENT_CATEGORIES_PATH, INCIDENT_STATUS_PATH, PROFILE_MESSAGE, type MockScenario } from '../../src/constants'
import type { PlatformContext } from '../context'
import { authenticate, errorResponse } from './util'

export const SLOW_SCENARIO_DELAY = 2500
export const RATE_LIMIT_RETRY_AFTER_SECONDS = 1
export const CLOCK_SKEW_SCENARIO_OFFSET = 10 * 60_000

export const ONGOING_INCIDENT = {
  id: 'inc_dashboard_latency',
  name: 'Increased latency on the dashboard and Management API',
  status: 'investigating',
  impact: 'minor',
  shortlink: 'https://status.supabase.com/incidents/inc_dashboard_latency',
}
export const PAST_OUTAGE = {
  id: 'outage-2026-11-18',
  title: 'The dashboard was briefly unavailable',
  message: 'Between 14:02 and 14:19 UTC on 18 Nov 2026 the dashboard failed to load for some users. Projects, databases and APIs kept running throughout.',
}

/**
 * Named faults, as handlers placed in front of the normal ones. A handler that returns nothing
 * lets the request fall through to the normal handler.
 */
export function scenarioHandlers(scenario: MockScenario, ctx: PlatformContext) {
  switch (scenario) {
    case 'profile-unauthorized':
      return [http.get('*/platform/profile', () => errorResponse(401, 'Unauthorized: the session is no longer valid'))]
    case 'profile-not-found': {
      let created = false
      return [
        http.get('*/platform/profile', () => (created ? undefined : errorResponse(404, PROFILE_MESSAGE.notFound))),
        http.post('*/platform/profile', ({ request }) => {
          const { user, denied } = authenticate(ctx, request)
          if (denied) return denied
          created = true
          // The user already has a record underneath the fault: answer as a fresh creation would.
          const profile = ctx.db.profiles.findFirst((q) => q.where({ gotrue_id: user.id }))
          return profile ? HttpResponse.json(profile, { status: 201 }) : undefined
        }),
      ]
    }
    case 'profile-create-conflict': {
      let attempted = false
      return [
        http.get('*/platform/profile', () => (attempted ? undefined : errorResponse(404, PROFILE_MESSAGE.notFound))),
        http.post('*/platform/profile', () => {
          attempted = true
          return errorResponse(409, 'Profile already exists')
        }),
      ]
    }
    case 'profile-create-failure':
      return [
        http.get('*/platform/profile', () => errorResponse(404, PROFILE_MESSAGE.notFound)),
        http.post('*/platform/profile', () => errorResponse(500, 'Profile service is unavailable')),
      ]
    case 'rate-limited': {
      // Each path is refused once, then served: enough to watch Retry-After being honoured.
      const refused = new Set<string>()
      const refuseOnce = ({ request }: { request: Request }) => {
        const key = `${request.method} ${new URL(request.url).pathname}`
        if (refused.has(key)) return undefined
        refused.add(key)
        return errorResponse(429, 'Too many requests, slow down', { 'Retry-After': String(RATE_LIMIT_RETRY_AFTER_SECONDS) })
      }
      // The assistant (a Studio route, not /platform) is limited too: its answer waits Retry-After.
      return [http.all('*/platform/*', refuseOnce), http.post(`*${ASSISTANT_GENERATE_PATH}`, refuseOnce)]
    }
    case 'server-error':
      return [http.all('*/platform/*', () => errorResponse(500, 'Internal server error'))]
    case 'network-error':
      return [http.all('*/platform/*', () => HttpResponse.error())]
    case 'clock-skew':
      // The server's clock runs ten minutes ahead of this device's.
      return [http.get('*/api/get-utc-time', () => HttpResponse.json({ utcTime: new Date(Date.now() + CLOCK_SKEW_SCENARIO_OFFSET).toISOString() }))]
    case 'consent-unavailable':
      // As an ad blocker does: the request never reaches the platform.
      return [http.get(`*${CONSENT_CATEGORIES_PATH}`, () => HttpResponse.error())]
    case 'incident':
      return [http.get(`*/api${INCIDENT_STATUS_PATH}`, () => HttpResponse.json({ incidents: [ONGOING_INCIDENT], pastOutage: null }))]
    case 'past-outage':
      return [http.get(`*/api${INCIDENT_STATUS_PATH}`, () => HttpResponse.json({ incidents: [], pastOutage: PAST_OUTAGE }))]
    case 'slow':
      return [
        http.all('*/platform/*', async () => {
          await delay(SLOW_SCENARIO_DELAY)
          return undefined
        }),
      ]
  }
}
