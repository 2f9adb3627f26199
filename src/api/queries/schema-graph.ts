import { EXCLUDED_SCHEMAS } from '../../constants'
import { schemaListSql, schemaGraphSql } from '../../lib/sql/schema-graph'
import { api, type ApiClient } from '../client'
import { SchemaListAnswerSchema, SchemaGraphAnswerSchema } from '../schemas'
import { queryKeys } from './keys'
import { databaseQuery } from './sql'

type ConnectionString = string | null | undefined

/** The database's schemas (the system's left out), with how many relations each holds: the Database screens' picker. */
export function schemaListQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.schemaList(ref), { ref, connectionString, query: () => schemaListSql(EXCLUDED_SCHEMAS) }, SchemaListAnswerSchema, client)
}

/** One schema as a graph: its relations, their columns and keys, the foreign keys, its enums. */
export function schemaGraphQuery(ref: string, connectionString: ConnectionString, schema: string, client: ApiClient = api) {
  return databaseQuery(queryKeys.schemaGraph(ref, schema), { ref, connectionString, query: () => schemaGraphSql(schema) }, SchemaGraphAnswerSchema, client)
}
