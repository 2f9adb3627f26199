import { policyEffectScript, type PolicyEffectRequest } from '../../lib/sql/policy-effect'
import { tablePoliciesSql } from '../../lib/sql/table-policies'
import { api, type ApiClient } from '../client'
import { PolicyEffectAnswerSchema, PolicyTablesAnswerSchema } from '../schemas'
import { queryKeys } from './keys'
import { databaseQuery } from './sql'

type ConnectionString = string | null | undefined

/** A schema's tables with RLS on or off, their columns and their policies. */
export function policyTablesQuery(ref: string, connectionString: ConnectionString, schema: string, client: ApiClient = api) {
  return databaseQuery(queryKeys.policyTables(ref, schema), { ref, connectionString, query: () => tablePoliciesSql(schema) }, PolicyTablesAnswerSchema, client)
}

/** A policy's effect for each viewer, before and after the change, measured in a transaction rolled back. */
export function policyEffectQuery(ref: string, connectionString: ConnectionString, request: PolicyEffectRequest, client: ApiClient = api) {
  const script = policyEffectScript(request)
  return databaseQuery(queryKeys.policyEffect(ref, script), { ref, connectionString, query: script }, PolicyEffectAnswerSchema, client)
}
