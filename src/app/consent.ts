import { consentMachine } from '../../machines/consent.machine'
import { consentCategoriesQuery } from '../api/queries/consent'
import { fetchForActor, queryClient } from '../api/query-client'
import { createInspectedActor } from '../lib/inspection'
import {
  deleteTelemetryCookie,
  readConsentDecision,
  readTelemetryId,
  setTelemetryCookie,
  writeConsentDecision,
  type ConsentDecision,
} from '../lib/consent-decision'
import { fromPromiseUntilStopped } from '../lib/actor-promise'

/** Accept sets the anonymous telemetry id cookie (kept if one is already set); deny deletes it (SPEC §4). */
export function rememberConsent(decision: ConsentDecision): void {
  writeConsentDecision(decision)
  if (decision === 'accepted') setTelemetryCookie(readTelemetryId() ?? crypto.randomUUID())
  else deleteTelemetryCookie()
}

function startConsent() {
  return createInspectedActor(
    consentMachine.provide({
      actors: { loadCategories: fromPromiseUntilStopped(({ signal }) => fetchForActor(queryClient, consentCategoriesQuery(), signal)) },
      actions: { remember: (_, params) => rememberConsent(params.decision) },
    }),
    { input: { decision: readConsentDecision() } },
  )
}

export type ConsentActor = ReturnType<typeof startConsent>

let consentActor: ConsentActor | null = null
/** The one consent actor of the page (long-lived, for the toast, the dialog and the inspector): started on first use. */
export function getConsentActor(): ConsentActor {
  consentActor ??= startConsent()
  return consentActor
}

/** Opens the privacy settings dialog, whether or not the toast was answered (e.g. from the command menu). */
export function openPrivacySettings(): void {
  getConsentActor().send({ type: 'privacy.open' })
}
