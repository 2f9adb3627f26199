/**
 * The per-project Postgres layer, without any provider: providers are imported by path
 * (`pglite-memory.ts` for node, `pglite-browser.ts` for the page, `server-postgres.ts` for a real
 * server) so node code never pulls the Worker and the page never pulls `pg`. The seed and the large
 * fixture are the providers' business (provider-cache.ts).
 */
export type { DatabaseProvider, ProjectDatabase, QueryField, QueryResult } from './types.ts'
export { runPgMetaQuery } from './query.ts'
export { toPgMetaError } from './errors.ts'
