/**
 * The per-project Postgres layer, without any provider: providers are imported by path
 * (`pglite-memory.ts` for node, `pglite-browser.ts` for the page, `server-postgres.ts` for a real
 * server) so node code never pulls the Worker and the page never pulls `pg`.
 */
export type { DatabaseProvider, ProjectDatabase, QueryField, QueryResult } from './types.ts'
export { runPgMetaQuery, toJsonValue, type PgMetaQueryBody } from './query.ts'
export { formatPgError, toPgMetaError, type PgMetaError, type PgMetaErrorBody } from './errors.ts'
export { SEED_MARKER_SCHEMA, SEED_TABLES, buildSeedSql, isSeeded, seedProjectDatabase } from './seed.ts'
export { sqlArray, sqlIdent, sqlJson, sqlLiteral, type SqlScalar } from '../../src/lib/sql/quote.ts'
export { LARGE_TABLE, LARGE_TABLE_ROWS, SAMPLE_TABLE, SAMPLE_TABLE_ROWS, ensureLargeTables } from './large-tables.ts'
