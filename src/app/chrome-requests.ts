import type { QueryClient } from '@tanstack/query-core'
import { incidentStatusQuery } from '../api/queries/incidents'
import { organizationsQuery } from '../api/queries/organizations'
import { permissionsQuery, profileQuery } from '../api/queries/profile'
import { settings } from '../lib/settings'

let started = false

/**
 * The queries the platform's chrome reads on every signed-in screen (the profile gate, the
 * organization switcher, permissions, the incident banner), asked for as the first screen starts to
 * render. Self-hosted has no profile, organizations or permissions to ask for.
 * The chrome asks for them itself only after its chunk has run and its first render has committed:
 * ~300 ms on the bench's machine in which no request was in flight. Once a page: afterwards each
 * query keeps its own freshness, and `staleTime: Infinity` here only means "when nothing is cached".
 */
export function startChromeRequests(client: QueryClient): void {
  if (started || !settings.isPlatform) return
  started = true
  void client.prefetchQuery({ ...profileQuery(), staleTime: Infinity })
  void client.prefetchQuery({ ...organizationsQuery(), staleTime: Infinity })
  void client.prefetchQuery({ ...permissionsQuery(), staleTime: Infinity })
  void client.prefetchQuery({ ...incidentStatusQuery(), staleTime: Infinity })
}
