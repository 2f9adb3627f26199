/**
 * Wrappers (SPEC §1; PLATFORM-API §6 "FDW"): a foreign data wrapper, its server with the service's
 * options, and foreign tables that read the service's objects, all real catalogue objects made by
 * real DDL. The `wrappers` extension's handlers are C code no mock database has, so a wrapper is
 * made without one (the list LEFT JOINs the handler to show it anyway) and the mock platform
 * answers reads of its tables with sample rows. A secret option is stored apart and the server
 * names it (`<option>_id`): in vault when the project has it (encrypted, as on the platform), else
 * in the platform's own table.
 */
import { SEED_MARKER_SCHEMA } from '../../constants/platform'
import { sqlIdent, sqlLiteral } from './quote'

/** Where a wrapper's secrets are kept until the project has vault. */
export const WRAPPER_SECRETS_TABLE = `${SEED_MARKER_SCHEMA}.wrapper_secrets`
/** Vault's table (its trigger encrypts what is written into it). */
export const VAULT_SECRETS_TABLE = 'vault.secrets'
export type SecretsTable = typeof WRAPPER_SECRETS_TABLE | typeof VAULT_SECRETS_TABLE

/**
 * One row per wrapper: `id`, `name`, `handler` (null when it has none), and `servers`, each with its
 * `options` ('name=value' texts) and `tables` (schema, name, options, columns).
 */
export const wrappersSql = `select w.oid::int8 as id,
       w.fdwname as name,
       h.proname as handler,
       coalesce((
         select json_agg(json_build_object(
                  'id', s.oid::int8,
                  'name', s.srvname,
                  'options', coalesce(s.srvoptions, '{}'),
                  'tables', coalesce((
                    select json_agg(json_build_object(
                             'id', c.oid::int8,
                             'schema', n.nspname,
                             'name', c.relname,
                             'options', coalesce(ft.ftoptions, '{}'),
                             'columns', coalesce((
                               select json_agg(json_build_object('name', a.attname, 'type', pg_catalog.format_type(a.atttypid, a.atttypmod)) order by a.attnum)
                                 from pg_catalog.pg_attribute a
                                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::json)
                           ) order by n.nspname, c.relname)
                      from pg_catalog.pg_foreign_table ft
                      join pg_catalog.pg_class c on c.oid = ft.ftrelid
                      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
                     where ft.ftserver = s.oid), '[]'::json)
                ) order by s.srvname)
           from pg_catalog.pg_foreign_server s
          where s.srvfdw = w.oid), '[]'::json) as servers
  from pg_catalog.pg_foreign_data_wrapper w
  left join pg_catalog.pg_proc h on h.oid = w.fdwhandler
 order by w.fdwname;`

export interface NewWrapper {
  wrapperName: string
  serverName: string
  /** Plain server options. */
  options: Readonly<Record<string, string>>
  /** Secret options: stored apart under these ids; the server gets `<name>_id`. */
  secrets: readonly { option: string; id: string; value: string }[]
  schema: string
  tables: readonly { name: string; option: string; object: string; columns: readonly { name: string; type: string }[] }[]
  /** Where the secrets go. */
  secretsTable: SecretsTable
}

function optionList(options: Readonly<Record<string, string>>): string {
  const entries = Object.entries(options)
  return entries.length === 0 ? '' : ` options (${entries.map(([name, value]) => `${sqlIdent(name)} ${sqlLiteral(value)}`).join(', ')})`
}

/** Wrapper, secrets, server, schema and foreign tables, in one run (one transaction: all or nothing). */
export function createWrapperSql(wrapper: NewWrapper): string {
  const serverOptions: Record<string, string> = Object.create(null) as Record<string, string>
  Object.assign(serverOptions, wrapper.options)
  for (const secret of wrapper.secrets) serverOptions[`${secret.option}_id`] = secret.id
  const statements = [`create foreign data wrapper ${sqlIdent(wrapper.wrapperName)};`]
  for (const secret of wrapper.secrets) {
    statements.push(
      `insert into ${wrapper.secretsTable} (id, name, secret) values (${sqlLiteral(secret.id)}, ${sqlLiteral(`${wrapper.serverName}.${secret.option}`)}, ${sqlLiteral(secret.value)});`,
    )
  }
  statements.push(`create server ${sqlIdent(wrapper.serverName)} foreign data wrapper ${sqlIdent(wrapper.wrapperName)}${optionList(serverOptions)};`)
  if (wrapper.tables.length > 0) statements.push(`create schema if not exists ${sqlIdent(wrapper.schema)};`)
  for (const table of wrapper.tables) {
    const columns = table.columns.map((column) => `  ${sqlIdent(column.name)} ${column.type}`).join(',\n')
    statements.push(
      `create foreign table ${sqlIdent(wrapper.schema)}.${sqlIdent(table.name)} (\n${columns}\n) server ${sqlIdent(wrapper.serverName)}${optionList({ [table.option]: table.object })};`,
    )
  }
  return statements.join('\n')
}

/** Drops the wrapper with its servers and foreign tables, and forgets the secrets its servers named (wherever they are kept). */
export function dropWrapperSql(name: string, secretIds: readonly string[], secretsTables: readonly SecretsTable[]): string {
  const statements = [`drop foreign data wrapper if exists ${sqlIdent(name)} cascade;`]
  if (secretIds.length > 0) {
    const ids = secretIds.map((id) => sqlLiteral(id)).join(', ')
    for (const table of secretsTables) statements.push(`delete from ${table} where id in (${ids});`)
  }
  return statements.join('\n')
}

/** Reads a foreign table's first rows (the mock answers them with sample rows). */
export function previewForeignTableSql(schema: string, table: string, limit = 20): string {
  return `select * from ${sqlIdent(schema)}.${sqlIdent(table)} limit ${Number(limit)};`
}
