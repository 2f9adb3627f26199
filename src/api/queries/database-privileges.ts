import { columnPrivilegesSql, privilegeRelationsSql, privilegeRolesSql, type PrivilegeTarget } from '../../lib/sql/column-privileges'
import { api, type ApiClient } from '../client'
import { PrivilegeRelationsAnswerSchema, PrivilegeRolesAnswerSchema, RelationPrivilegesAnswerSchema } from '../schemas'
import { queryKeys } from './keys'
import { databaseQuery, postQuery } from './sql'

type ConnectionString = string | null | undefined

/** The roles one may grant column privileges to, API roles first. */
export function privilegeRolesQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.databaseRoles(ref), { ref, connectionString, query: privilegeRolesSql }, PrivilegeRolesAnswerSchema, client)
}

/** The relations one may grant on, the user's schemas first. */
export function privilegeRelationsQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return {
    queryKey: queryKeys.databaseRelations(ref),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      postQuery({ ref, connectionString, query: privilegeRelationsSql, signal }, PrivilegeRelationsAnswerSchema, client),
  }
}

/** One role's privileges on one relation; null when either is gone. */
export function columnPrivilegesQuery(ref: string, connectionString: ConnectionString, target: PrivilegeTarget, client: ApiClient = api) {
  return {
    queryKey: queryKeys.columnPrivileges(ref, target.role, target.schema, target.table),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const [row] = await postQuery({ ref, connectionString, query: columnPrivilegesSql(target), signal }, RelationPrivilegesAnswerSchema, client)
      return row?.privileges ?? null
    },
  }
}
