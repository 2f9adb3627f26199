import { EXCLUDED_SCHEMAS } from '../../constants'
import { databaseTablesSql } from '../../lib/sql/database-tables'
import { enumTypesSql } from '../../lib/sql/enum-types'
import { functionsSql } from '../../lib/sql/functions'
import { indexesSql } from '../../lib/sql/indexes'
import { migrationsSql, migrationsTableSql } from '../../lib/sql/migrations'
import { publicationsSql } from '../../lib/sql/publications'
import { rolesSql } from '../../lib/sql/roles'
import { triggersSql } from '../../lib/sql/triggers'
import { api, type ApiClient } from '../client'
import { DatabaseFunctionsAnswerSchema, DatabaseTablesAnswerSchema, DatabaseIndexesAnswerSchema, DatabaseRolesAnswerSchema, DatabaseTriggersAnswerSchema, EnumTypesAnswerSchema, MigrationsAnswerSchema, PublicationsAnswerSchema } from '../schemas'
import { queryKeys } from './keys'
import { databaseQuery, postQuery, readEnabled } from './sql'

type ConnectionString = string | null | undefined

/** Every enumerated type of the database (the system's left out), with its values and the columns that use it. */
export function enumTypesQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.enumTypes(ref), { ref, connectionString, query: () => enumTypesSql(EXCLUDED_SCHEMAS) }, EnumTypesAnswerSchema, client)
}

/** Every index of the database (the system's left out), with its table, keys, method, size and scans. */
export function databaseIndexesQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.databaseIndexes(ref), { ref, connectionString, query: () => indexesSql(EXCLUDED_SCHEMAS) }, DatabaseIndexesAnswerSchema, client)
}

/** Every function and procedure of the database (the system's and the extensions' left out), with its parts and dependents. */
export function databaseFunctionsQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.databaseFunctions(ref), { ref, connectionString, query: () => functionsSql(EXCLUDED_SCHEMAS) }, DatabaseFunctionsAnswerSchema, client)
}

/** Every trigger of the database's tables and views (Postgres's internal ones left out), with the function it runs. */
export function databaseTriggersQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.databaseTriggers(ref), { ref, connectionString, query: () => triggersSql(EXCLUDED_SCHEMAS) }, DatabaseTriggersAnswerSchema, client)
}

/** The roles this project's database sees (Postgres's own and other projects' left out), with attributes and memberships. */
export function databaseRoleListQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.databaseRoleList(ref), { ref, connectionString, query: rolesSql }, DatabaseRolesAnswerSchema, client)
}

/** The database's publications, with the changes each sends and its tables. */
export function publicationsQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.publications(ref), { ref, connectionString, query: publicationsSql }, PublicationsAnswerSchema, client)
}

/** The applied migrations, newest first; none when the CLI never pushed any (its table is not there). */
export function migrationsQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return {
    queryKey: queryKeys.migrations(ref),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      if (!(await readEnabled({ ref, connectionString, query: migrationsTableSql, signal }, client))) return null
      return postQuery({ ref, connectionString, query: migrationsSql, signal }, MigrationsAnswerSchema, client)
    },
  }
}

/** Every table and materialized view (the system's left out) with rows, size, RLS, columns and publications. */
export function databaseTablesQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.databaseTables(ref), { ref, connectionString, query: () => databaseTablesSql(EXCLUDED_SCHEMAS) }, DatabaseTablesAnswerSchema, client)
}
