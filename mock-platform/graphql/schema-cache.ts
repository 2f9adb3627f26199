/**
 * One schema per project database and role, built again when the catalog changes. Every request
 * reads the catalog (one query; its md5 is the fingerprint) so a change made any way at all (the
 * SQL editor, a migration, a grant, a cron job) shows in the next answer; the schema itself is only
 * rebuilt when the fingerprint moved.
 */
import type { ProjectDatabase } from '../postgres/types.ts'
import { readCatalog, type ApiRole, type Catalog } from './catalog.ts'
import { buildRoleModel } from './model.ts'
import { buildGraphqlSchema, type BuiltSchema } from './schema.ts'

interface Cached {
  fingerprint: string
  catalog: Catalog
  schemas: Map<ApiRole, BuiltSchema>
}

// Keyed by the database object: a project's database reopened (or another platform's) starts afresh.
const cache = new WeakMap<ProjectDatabase, Cached>()

export async function schemaFor(database: ProjectDatabase, role: ApiRole): Promise<BuiltSchema> {
  const { catalog, fingerprint } = await readCatalog(database)
  let cached = cache.get(database)
  if (!cached || cached.fingerprint !== fingerprint) {
    cached = { fingerprint, catalog, schemas: new Map() }
    cache.set(database, cached)
  }
  let built = cached.schemas.get(role)
  if (!built) {
    built = buildGraphqlSchema(buildRoleModel(cached.catalog, role))
    cached.schemas.set(role, built)
  }
  return built
}
