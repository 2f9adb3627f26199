import { api, type ApiClient } from '../client'
import { AuditLogSchema } from '../schemas'
import { queryKeys } from './keys'
import { organizationPath } from './organizations'

/** GET …/organizations/{slug}/audit: the organization's writes between two instants (ISO), newest first, within the plan's retention. */
export function organizationAuditQuery(slug: string, start: string, end: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.organizationAudit(slug, start, end),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      client.get(`${organizationPath(slug)}/audit`, { query: { iso_timestamp_start: start || undefined, iso_timestamp_end: end || undefined }, schema: AuditLogSchema, signal }),
  }
}
