import { availableExtensionsSql, extensionDependentsSql, extensionSchemasSql } from '../../lib/sql/extensions'
import { api, type ApiClient } from '../client'
import { DatabaseExtensionsAnswerSchema, ExtensionDependentsAnswerSchema, SchemaNamesAnswerSchema } from '../schemas'
import { queryKeys } from './keys'
import { databaseQuery, postQuery } from './sql'

type ConnectionString = string | null | undefined

/** What the project's database can install and what it has (the extensions screen's list). */
export function databaseExtensionsQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return {
    queryKey: queryKeys.databaseExtensions(ref),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      postQuery({ ref, connectionString, query: availableExtensionsSql, signal }, DatabaseExtensionsAnswerSchema, client),
  }
}

/** The schemas an extension may be enabled in. */
export function databaseSchemasQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.databaseSchemas(ref), { ref, connectionString, query: extensionSchemasSql }, SchemaNamesAnswerSchema, client)
}

/** What disabling `name` would also drop, as Postgres describes it. */
export function extensionDependentsQuery(ref: string, connectionString: ConnectionString, name: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.databaseExtensionDependents(ref, name),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      postQuery({ ref, connectionString, query: extensionDependentsSql(name), signal }, ExtensionDependentsAnswerSchema, client),
    // Always asked afresh: the confirmation must list what is there now.
    staleTime: 0,
  }
}
