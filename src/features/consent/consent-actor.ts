import type { ActorRefFrom } from 'xstate'
import type { consentMachine } from '../../../machines/consent.machine'

/** The page's consent actor as the toast and the privacy settings dialog read it. */
export type ConsentActorRef = ActorRefFrom<typeof consentMachine>
