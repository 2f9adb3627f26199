import { sqlIdent } from './quote'
import { qualifiedName } from './table-rows'

/**
 * Publications (the Database area's Publications screen): what logical replication and realtime
 * send out. Each with the changes it publishes, whether it covers every table, and the tables it
 * holds (pg_publication_tables, which lists a for-all-tables publication's tables too).
 */
export const publicationsSql = `select coalesce(json_agg(p order by p.name), '[]') as publications from (
  select p.oid::int8 as id, p.pubname as name, p.puballtables as all_tables,
         to_json(array_remove(array[case when p.pubinsert then 'insert' end, case when p.pubupdate then 'update' end,
                                    case when p.pubdelete then 'delete' end, case when p.pubtruncate then 'truncate' end], null)) as operations,
         coalesce((select json_agg(json_build_object('schema', t.schemaname, 'table', t.tablename) order by t.schemaname, t.tablename)
                     from pg_catalog.pg_publication_tables t where t.pubname = p.pubname), '[]') as tables
    from pg_catalog.pg_publication p
) p`

export const PUBLICATION_OPERATIONS = ['insert', 'update', 'delete', 'truncate'] as const
export type PublicationOperation = (typeof PUBLICATION_OPERATIONS)[number]

export function createPublicationSql(name: string, allTables: boolean, operations: readonly PublicationOperation[]): string {
  if (name.trim() === '') throw new Error('Name the publication.')
  if (operations.length === 0) throw new Error('Choose at least one change to publish.')
  const publish = PUBLICATION_OPERATIONS.filter((o) => operations.includes(o)).join(', ')
  return `create publication ${sqlIdent(name.trim())}${allTables ? ' for all tables' : ''} with (publish = '${publish}');`
}

/** Adds a table to a publication, or takes it out. */
export function setPublicationTableSql(publication: string, schema: string, table: string, member: boolean): string {
  return `alter publication ${sqlIdent(publication)} ${member ? 'add' : 'drop'} table ${qualifiedName(schema, table)};`
}

export function dropPublicationSql(name: string): string {
  return `drop publication ${sqlIdent(name)};`
}
