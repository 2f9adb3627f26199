import { DEFAULT_API_SCHEMAS } from '../constants'

/** The schemas the project's API serves, from its settings' `db_schema` (comma-separated, as PostgREST reads it); the platform's default without one. */
export function exposedSchemas(dbSchema: string | null | undefined): readonly string[] {
  const listed = (dbSchema ?? '')
    .split(',')
    .map((schema) => schema.trim())
    .filter((schema) => schema !== '')
  return listed.length > 0 ? listed : DEFAULT_API_SCHEMAS
}
