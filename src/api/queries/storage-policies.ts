import * as v from 'valibot'
import { storageObjectPoliciesSql } from '../../lib/sql/storage-policies'
import { api, type ApiClient } from '../client'
import { queryKeys } from './keys'
import { databaseQuery } from './sql'

const StoragePoliciesAnswerSchema = v.array(
  v.object({
    name: v.string(),
    command: v.string(),
    roles: v.array(v.string()),
    permissive: v.boolean(),
    using_expression: v.nullable(v.string()),
    check_expression: v.nullable(v.string()),
  }),
)

/**
 * Every policy on `storage.objects` (the bucket policies screen groups them by bucket), read from
 * `pg_policies` through pg-meta; under the database catalogue's key, so a change the screen runs
 * (and the database tools' refresh) reads them again.
 */
export function storagePoliciesQuery(ref: string, connectionString: string | null | undefined, client: ApiClient = api) {
  return databaseQuery([...queryKeys.databaseCatalog(ref), 'storage-policies'] as const, { ref, connectionString, query: storageObjectPoliciesSql }, StoragePoliciesAnswerSchema, client)
}
