import { ownKeyedObjectSchema } from '../../lib/own-record'
import { previewForeignTableSql, wrappersSql } from '../../lib/sql/wrappers'
import { SAMPLE_ROWS_HEADER } from '../../constants'
import * as v from 'valibot'
import { api, type ApiClient } from '../client'
import { DatabaseWrappersAnswerSchema } from '../schemas'
import { queryKeys } from './keys'
import { databaseQuery, postQuery } from './sql'

type ConnectionString = string | null | undefined

export function databaseWrappersQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.databaseWrappers(ref), { ref, connectionString, query: wrappersSql }, DatabaseWrappersAnswerSchema, client)
}

export interface ForeignRows {
  rows: Record<string, unknown>[]
  /** The tables the platform answered with sample rows instead of calling the service (the mock's note). */
  sampled: string[]
}

/** The first rows of a foreign table, and whether they are the mock's sample rows. */
export async function readForeignRows(ref: string, connectionString: ConnectionString, table: { schema: string; name: string }, client: ApiClient = api): Promise<ForeignRows> {
  let sampled: string[] = []
  const rows = await postQuery({ ref, connectionString, query: previewForeignTableSql(table.schema, table.name) }, v.array(ownKeyedObjectSchema), client, (headers) => {
    sampled = (headers.get(SAMPLE_ROWS_HEADER) ?? '').split(',').filter(Boolean)
  })
  return { rows, sampled }
}
