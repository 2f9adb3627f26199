import { POSTGREST_CONFIG_PATH } from '../../constants'
import { api, type ApiClient } from '../client'
import { PostgrestConfigSchema } from '../schemas'

/** POST /platform/projects/{ref}/settings/jwt-secret: a new JWT secret; the API keys change with it. */
export async function rotateJwtSecret(ref: string, client: ApiClient = api): Promise<void> {
  await client.post(`/platform/projects/${encodeURIComponent(ref)}/settings/jwt-secret`, { body: {} })
}

/** PATCH /platform/projects/{ref}/config/postgrest: the schemas the project's API serves, comma-separated as PostgREST reads them. */
export function updateExposedSchemas(ref: string, schemas: readonly string[], client: ApiClient = api) {
  return client.patch(POSTGREST_CONFIG_PATH(ref), { body: { db_schema: schemas.join(', ') }, schema: PostgrestConfigSchema })
}
