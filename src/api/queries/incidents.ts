import * as v from 'valibot'
import { INCIDENT_STATUS_PATH } from '../../constants'
import { api, type ApiClient } from '../client'
import { queryKeys } from './keys'

const IncidentSchema = v.object({
  id: v.string(),
  name: v.string(),
  status: v.string(),
  impact: v.string(),
  shortlink: v.nullish(v.string()),
})
export type Incident = v.InferOutput<typeof IncidentSchema>

const PastOutageSchema = v.object({ id: v.pipe(v.string(), v.minLength(1)), title: v.string(), message: v.string() })
export type PastOutage = v.InferOutput<typeof PastOutageSchema>

const IncidentStatusSchema = v.object({ incidents: v.array(IncidentSchema), pastOutage: v.nullable(PastOutageSchema) })

/** SPEC §2 layout banners: ongoing incidents (status page) and the notice of a past brief outage. */
export function incidentStatusQuery(client: ApiClient = api) {
  return {
    queryKey: queryKeys.incidentStatus(),
    queryFn: ({ signal }: { signal?: AbortSignal }) => client.get(INCIDENT_STATUS_PATH, { schema: IncidentStatusSchema, signal }),
    // A banner is not worth retrying for: the next screen asks again.
    retry: false,
  }
}
