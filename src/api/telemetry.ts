import { TELEMETRY_EVENT_PATH, TELEMETRY_FAILURE_LOG } from '../constants'
import { hasTelemetryConsent, readTelemetryId } from '../lib/consent-decision'
import { api, type ApiClient } from './client'

export interface TelemetryEvent {
  action: string
  properties?: Record<string, unknown>
  groups?: { project?: string; organization?: string }
}

/**
 * Sends one telemetry event (PLATFORM-API §12, Version 2) when the user has consented. It never
 * throws: a failure only logs 'Failed to send Telemetry event' (SPEC §7/§8). Resolves to whether
 * the event was accepted by the platform.
 */
export async function sendTelemetryEvent(event: TelemetryEvent, options: { client?: ApiClient; storage?: Storage } = {}): Promise<boolean> {
  if (!hasTelemetryConsent(options.storage)) return false
  const location = globalThis.location
  const body = {
    action: event.action,
    page_url: location?.href ?? '',
    page_title: globalThis.document?.title ?? '',
    pathname: location?.pathname ?? '',
    ph: {
      referrer: globalThis.document?.referrer ?? '',
      language: globalThis.navigator?.language ?? '',
      user_agent: globalThis.navigator?.userAgent ?? '',
      search: location?.search ?? '',
      viewport_height: globalThis.innerHeight ?? 0,
      viewport_width: globalThis.innerWidth ?? 0,
      distinct_id: readTelemetryId() ?? undefined,
    },
    custom_properties: event.properties ?? {},
    ...(event.groups ? { groups: event.groups } : {}),
  }
  try {
    await (options.client ?? api).post(TELEMETRY_EVENT_PATH, { body, headers: { Version: '2' } })
    return true
  } catch (error) {
    console.error(TELEMETRY_FAILURE_LOG, error)
    return false
  }
}
