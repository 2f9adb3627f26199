import { EXCLUDED_SCHEMAS } from '../../constants'
import { diagramSchemasSql, schemaGraphSql } from '../../lib/sql/schema-graph'
import { api, type ApiClient } from '../client'
import { DiagramSchemasAnswerSchema, SchemaGraphAnswerSchema } from '../schemas'
import { queryKeys } from './keys'
import { postQuery } from './sql'

type ConnectionString = string | null | undefined

/** The schemas the diagram can draw, with how many relations each holds. */
export function diagramSchemasQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return {
    queryKey: queryKeys.diagramSchemas(ref),
    queryFn: ({ signal }: { signal?: AbortSignal }) => postQuery({ ref, connectionString, query: diagramSchemasSql(EXCLUDED_SCHEMAS), signal }, DiagramSchemasAnswerSchema, client),
  }
}

/** One schema as a graph: its relations, their columns and keys, the foreign keys, its enums. */
export function schemaGraphQuery(ref: string, connectionString: ConnectionString, schema: string, client: ApiClient = api) {
  return {
    queryKey: queryKeys.schemaGraph(ref, schema),
    queryFn: ({ signal }: { signal?: AbortSignal }) => postQuery({ ref, connectionString, query: schemaGraphSql(schema), signal }, SchemaGraphAnswerSchema, client),
  }
}
