import type { QueryClient } from '@tanstack/query-core'
import { EXCLUDED_SCHEMAS } from '../../constants'
import { PLATFORM_SCHEMAS } from '../../constants/advisors'
import { columnTypesSql, tableEntitiesSql, tableSchemaSql } from '../../lib/sql/table-catalog'
import { columnDependentsSql } from '../../lib/sql/table-structure'
import { api, type ApiClient } from '../client'
import { ColumnDependentsAnswerSchema, ColumnTypesAnswerSchema, TableEntitiesAnswerSchema, TableSchemaAnswerSchema } from '../schemas'
import { queryKeys } from './keys'
import { databaseQuery, postQuery } from './sql'

/** The project's tables, views and materialized views (side list of the table editor). */
export function tableEntitiesQuery(ref: string, connectionString: string | null | undefined, client: ApiClient = api) {
  return {
    queryKey: queryKeys.tableEntities(ref),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      postQuery({ ref, connectionString, query: tableEntitiesSql(EXCLUDED_SCHEMAS), signal }, TableEntitiesAnswerSchema, client),
  }
}

/** One relation's schema (SPEC §3 "Table schema"); null when the id is no longer a relation. */
export function tableSchemaQuery(ref: string, connectionString: string | null | undefined, id: number, client: ApiClient = api) {
  return databaseQuery(queryKeys.tableSchema(ref, id), { ref, connectionString, query: () => tableSchemaSql(id) }, TableSchemaAnswerSchema, client)
}

/** The database's enums and domains a column can take (the platform's own left out), for the column type picker. */
export function columnTypesQuery(ref: string, connectionString: string | null | undefined, client: ApiClient = api) {
  return {
    queryKey: queryKeys.columnTypes(ref),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      postQuery({ ref, connectionString, query: columnTypesSql([...EXCLUDED_SCHEMAS, ...PLATFORM_SCHEMAS]), signal }, ColumnTypesAnswerSchema, client),
  }
}

/** What would stop a column's drop (the drop dialog names them before it runs). */
export function columnDependentsQuery(ref: string, connectionString: string | null | undefined, table: { schema: string; name: string }, column: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.columnDependents(ref, table.schema, table.name, column),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      postQuery({ ref, connectionString, query: columnDependentsSql(table.schema, table.name, column), signal }, ColumnDependentsAnswerSchema, client),
  }
}

/** Everything read from the project's catalogue (the tables and their structure, the database tools' reads, the diagram), read again. */
export async function refreshCatalogQueries(queryClient: QueryClient, ref: string): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.databaseCatalog(ref) }), queryClient.invalidateQueries({ queryKey: queryKeys.tableEntities(ref) })])
}
