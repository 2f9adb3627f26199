import { VAULT_SECRETS_TABLE } from '../../lib/sql/wrappers'
import { queryKeys } from '../../api/queries/keys'
import type { RelationPrivileges } from '../../api/schemas'
import { ApplyPrivilegesDialog } from '../../features/database/column-privileges/ApplyPrivilegesDialog'
import { ColumnPrivilegesScreen } from '../../features/database/column-privileges/ColumnPrivilegesPage'
import { EMPTY_DRAFT, resolveShadow, toggleCell } from '../../features/database/column-privileges/privilege-draft'
import { ExtensionsScreen } from '../../features/database/extensions/ExtensionsPage'
import { SchemaDiagramScreen } from '../../features/database/schema-diagram/SchemaDiagramPage'
import { EnumTypesScreen } from '../../features/database/types/EnumTypesPage'
import { IndexesScreen } from '../../features/database/indexes/IndexesPage'
import { FunctionsScreen } from '../../features/database/functions/FunctionsPage'
import { TriggersScreen } from '../../features/database/triggers/TriggersPage'
import { RolesScreen } from '../../features/database/roles/RolesPage'
import { PublicationsScreen } from '../../features/database/publications/PublicationsPage'
import { MigrationsScreen } from '../../features/database/migrations/MigrationsPage'
import { ReferencedBy } from '../../features/table-editor/ReferencedBy'
import { DropColumnDialog } from '../../features/table-editor/StructureDialogs'
import { TablesScreen } from '../../features/database/tables/TablesPage'
import { ownRecord } from '../../lib/own-record'
import { WebhooksScreen } from '../../features/database/hooks/WebhooksPage'
import { CreateWrapperDialog } from '../../features/database/wrappers/CreateWrapperDialog'
import { ForeignRowsPreview } from '../../features/database/wrappers/ForeignRowsPreview'
import { WrappersScreen } from '../../features/database/wrappers/WrappersPage'
import { emptyWrapperForm } from '../../features/database/wrappers/wrapper-form'
import { SecretDialog } from '../../features/vault/SecretDialog'
import { VaultSecretsScreen } from '../../features/vault/VaultSecretsPage'
import { Providers } from './harness'
import { REF, projectClient, projectScreen } from './screens'
import type { XssPlace } from './xss-places'

/**
 * The schema diagram of 'public': a table called `anchor` and tables of these names, each with a
 * column named after it and a key from that column to `anchor` (drawn), the first one's to a table of
 * another schema named after it too (told on its column); views every other one.
 */
export function schemaDiagramScreen(names: readonly string[]) {
  const client = projectClient()
  const column = (name: string, comment: string | null = null) => ({ name, type: name, nullable: true, default: name, generated: null, identity: null, comment })
  const tables = ['anchor', ...names]
  client.setQueryData(queryKeys.schemaList(REF), [{ name: 'public', relations: tables.length }, ...names.map((name) => ({ name, relations: 1 }))])
  const key = (name: string, i: number, target: { id: number; schema: string; name: string }) => ({
    name: `${name} key`,
    source_id: 101 + i,
    source_columns: [name],
    target_id: target.id,
    target_schema: target.schema,
    target_name: target.name,
    target_columns: ['id'],
    on_delete: 'cascade',
    on_update: 'no action',
  })
  client.setQueryData(queryKeys.schemaGraph(REF, 'public'), {
    schema: 'public',
    exists: true,
    tables: tables.map((name, i) => ({
      id: 100 + i,
      name,
      type: i % 2 ? 'view' : 'table',
      comment: name,
      definition: name,
      columns: [column('id'), column(name, name)],
      primary_key: ['id'],
      constraints: [{ name, kind: 'unique', definition: name, columns: [name] }],
    })),
    foreign_keys: [
      ...names.map((name, i) => key(name, i, { id: 100, schema: 'public', name: 'anchor' })),
      ...(names[0] === undefined ? [] : [{ ...key(names[0], 0, { id: 1, schema: names[0], name: names[0] }), name: `${names[0]} elsewhere` }]),
    ],
    enums: names.length > 0 ? [{ name: names[0]!, values: [...names] }] : [],
  })
  return projectScreen(SchemaDiagramScreen, client)
}

/** The reliability matrix's XSS places of the database tools: what the database reports, named by users. */
export const DATABASE_XSS_PLACES: XssPlace[] = [
  {
    // The catalog reports them: tables, views, columns, types and keys are named by users.
    place: 'table, view, column, type and key names (schema diagram)',
    render: (payloads) => schemaDiagramScreen(payloads.map((payload, i) => `${payload}${i}`)),
  },
  {
    // Index, table and column names and expressions are the user's.
    place: 'index names, tables, keys and predicates (indexes screen)',
    render: (payloads) => {
      const client = projectClient()
      client.setQueryData(
        queryKeys.databaseIndexes(REF),
        payloads.map((payload, i) => ({ id: i + 1, schema: 'public', table: payload, table_id: i + 1, name: `${payload}${i}`, method: payload, is_unique: i % 2 === 0, is_primary: false, is_valid: i % 3 !== 0, constraint_name: i % 2 ? payload : null, columns: [payload], predicate: payload, definition: payload, size_bytes: 8192, scans: i })),
      )
      return projectScreen(IndexesScreen, client)
    },
  },
  {
    // Functions, their arguments, results, bodies and dependents are the user's.
    place: 'function names, arguments, results and dependents (functions screen)',
    render: (payloads) => {
      const client = projectClient()
      client.setQueryData(
        queryKeys.databaseFunctions(REF),
        payloads.map((payload, i) => ({ id: i + 1, schema: 'public', name: `${payload}${i}`, kind: i % 2 ? 'procedure' : 'function', arguments: payload, identity_arguments: payload, return_type: i % 2 ? null : payload, language: payload, security_definer: i % 2 === 0, volatility: 'stable', body: payload, settings: [payload], comment: payload, dependents: [payload] })),
      )
      return projectScreen(FunctionsScreen, client)
    },
  },
  {
    // Triggers, their tables and functions are named by users.
    place: 'trigger names, tables and functions (triggers screen)',
    render: (payloads) => {
      const client = projectClient()
      client.setQueryData(
        queryKeys.databaseTriggers(REF),
        payloads.map((payload, i) => ({ id: i + 1, schema: 'public', table: payload, table_id: i + 1, name: `${payload}${i}`, timing: 'after', events: ['insert'], level: 'row', function_schema: payload, function_name: payload, enabled: i % 2 === 0, definition: payload })),
      )
      return projectScreen(TriggersScreen, client)
    },
  },
  {
    // Role names and memberships are the user's (a role named like markup, a member of one).
    place: 'role names and memberships (roles screen)',
    render: (payloads) => {
      const client = projectClient()
      client.setQueryData(
        queryKeys.databaseRoleList(REF),
        payloads.map((payload, i) => ({ id: i + 1, name: `${payload}${i}`, superuser: false, inherit: true, create_role: false, create_db: i % 2 === 0, can_login: i % 2 === 1, replication: false, bypass_rls: false, connection_limit: -1, valid_until: payload, member_of: [payload], is_current: i === 0, comment: payload })),
      )
      return projectScreen(RolesScreen, client)
    },
  },
  {
    // Publications and the tables they hold are named by users.
    place: 'publication and table names (publications screen)',
    // Every publication lists every table with a switch: all 40 payloads at once drew 1,600 switches
    // (10 s alone, past the 20 s a test gets on a busy machine); 8 at a time, each still in both places.
    batch: 8,
    render: (payloads) => {
      const client = projectClient()
      client.setQueryData(queryKeys.tableEntities(REF), payloads.map((payload, i) => ({ id: i + 1, schema: 'public', name: `${payload}${i}`, type: 'table', comment: payload, estimated_rows: 0 })))
      client.setQueryData(
        queryKeys.publications(REF),
        payloads.map((payload, i) => ({ id: i + 1, name: `${payload}${i}`, all_tables: i % 2 === 0, operations: ['insert'], tables: [{ schema: 'public', table: `${payload}${i}` }] })),
      )
      return projectScreen(PublicationsScreen, client)
    },
  },
  {
    // Migration names and statements come from the user's files.
    place: 'migration names and statements (migrations screen)',
    render: (payloads) => {
      const client = projectClient()
      client.setQueryData(queryKeys.migrations(REF), payloads.map((payload, i) => ({ version: `${20260000000000 + i}`, name: payload, statements: [payload, `${payload};`] })))
      return projectScreen(MigrationsScreen, client)
    },
  },
  {
    // The table editor's row form: the tables, columns and keys that point at a row are the user's.
    place: 'referencing tables, columns and keys (a row’s referenced-by)',
    render: (payloads) => {
      const client = projectClient()
      const relationships = payloads.map((payload, i) => ({ constraint_name: payload, source_schema: payload, source_table_name: `${payload}${i}`, source_column_name: payload, target_table_schema: 'public', target_table_name: 't', target_column_name: 'id' }))
      const table = { id: 1, name: 't', schema: 'public', type: 'table' as const, columns: [], primary_keys: ['id'], relationships }
      return (
        <Providers client={client}>
          <ReferencedBy projectRef={REF} table={table} row={ownRecord<unknown>([['id', payloads[0] ?? '']])} run={async () => [ownRecord<unknown>([['counts', payloads.map((_, i) => i)]])]} tableIdOf={() => 5} />
        </Providers>
      )
    },
  },
  {
    // The objects that stop a column's drop are named by users (views, keys, policies), as is the column.
    place: 'a column’s name and what depends on it (drop column dialog)',
    render: (payloads) => {
      const client = projectClient()
      const column = payloads[0] ?? ''
      const table = { id: 1, name: 't', schema: 'public', type: 'table' as const, columns: [], primary_keys: [], relationships: [] }
      client.setQueryData(queryKeys.columnDependents(REF, 'public', 't', column), payloads.map((payload, i) => `view ${payload}${i}`))
      return (
        <Providers client={client}>
          <DropColumnDialog projectRef={REF} connectionString="encrypted:abc" table={table} column={column} run={async () => []} onDone={() => {}} onClose={() => {}} />
        </Providers>
      )
    },
  },
  {
    // Tables, their comments and publications are named by users.
    place: 'table names, comments and publications (tables screen)',
    render: (payloads) => {
      const client = projectClient()
      client.setQueryData(
        queryKeys.databaseTables(REF),
        payloads.map((payload, i) => ({ id: i + 1, schema: 'public', name: `${payload}${i}`, type: 'table', estimated_rows: i, size_bytes: 8192, rls_enabled: i % 2 === 0, comment: payload, columns: 2, publications: [payload] })),
      )
      return projectScreen(TablesScreen, client)
    },
  },
  {
    // Types, their values, comments and the columns that use them are named by users.
    place: 'enum type names, values, comments and the columns using them (types screen)',
    render: (payloads) => {
      const client = projectClient()
      client.setQueryData(
        queryKeys.enumTypes(REF),
        payloads.map((payload, i) => ({ id: i + 1, schema: 'public', name: `${payload}${i}`, comment: payload, values: [payload, `${payload}!`], used_by: [{ schema: payload, table: payload, table_id: i + 1, column: payload }] })),
      )
      return projectScreen(EnumTypesScreen, client)
    },
  },
  {
    // The database reports them: a user can name an extension's schema or comment on it.
    place: 'extension names, descriptions and schemas (extensions screen)',
    render: (payloads) => {
      const client = projectClient()
      client.setQueryData(
        queryKeys.databaseExtensions(REF),
        payloads.map((payload, i) => ({
          name: `${payload}${i}`,
          default_version: payload,
          installed_version: i % 2 ? payload : null,
          schema: i % 2 ? payload : null,
          comment: payload,
          fixed_schema: null,
          requires: [payload],
        })),
      )
      return projectScreen(ExtensionsScreen, client)
    },
  },
  {
    // Webhooks are the user's triggers: names, tables, URLs and the answers the called services sent.
    place: 'webhook names, tables, URLs and call bodies (webhooks screen)',
    render: (payloads) => {
      const client = projectClient()
      client.setQueryData(queryKeys.databaseWebhooksEnabled(REF), true)
      const hooks = payloads.map((payload, i) => ({
        id: i + 1,
        name: `${payload}${i}`,
        schema: payload,
        table: payload,
        table_id: 1000 + i,
        enabled: i % 2 === 0,
        on_insert: true,
        on_update: false,
        on_delete: true,
        args: [payload, 'POST', JSON.stringify({ [payload]: payload }), '{}', '1000'],
      }))
      client.setQueryData(queryKeys.databaseWebhooks(REF), hooks)
      client.setQueryData(
        queryKeys.databaseWebhookCalls(REF, 1000, hooks[0]!.name),
        payloads.map((payload, i) => ({
          id: i + 1,
          created_at: '2026-11-24 06:00:00+00',
          status_code: 200,
          content_type: payload,
          content: i % 2 ? JSON.stringify({ payload }) : payload,
          error_msg: payload,
          timed_out: false,
          answered_at: '2026-11-24 06:00:01+00',
        })),
      )
      return projectScreen(WebhooksScreen, client)
    },
  },
  {
    // The database reports them: roles, schemas, tables and columns are named by users, in the grid, the warnings and the review.
    place: 'role, schema, table and column names (column privileges screen and its review)',
    render: (payloads) => {
      const client = projectClient()
      const roles = payloads.map((payload, i) => `${payload}${i}`)
      const relations = payloads.map((payload, i) => ({ schema: `${payload}s`, name: `${payload}${i}`, kind: 'table' as const }))
      const current: RelationPrivileges = {
        kind: 'table',
        schema_usage: true,
        table_privileges: ['SELECT', 'UPDATE', ...payloads],
        columns: payloads.map((payload, i) => ({ name: `${payload}${i}`, type: payload, column_privileges: [], effective: ['SELECT', 'UPDATE'] })),
      }
      const target = { role: roles[0]!, schema: relations[0]!.schema, table: relations[0]!.name }
      client.setQueryData(queryKeys.databaseRoles(REF), roles.map((name) => ({ name })))
      client.setQueryData(queryKeys.databaseRelations(REF), relations)
      client.setQueryData(queryKeys.columnPrivileges(REF, target.role, target.schema, target.table), current)
      const column = current.columns[0]!.name
      const fixed = resolveShadow(current, toggleCell(current, EMPTY_DRAFT, column, 'SELECT'), 'SELECT')
      const draft = toggleCell(current, fixed, column, 'UPDATE')
      return (
        <Providers client={client}>
          <ColumnPrivilegesScreen projectRef={REF} />
          <ApplyPrivilegesDialog target={target} current={current} draft={draft} run={async () => {}} onDone={() => {}} onClose={() => {}} />
        </Providers>
      )
    },
  },
  {
    // Wrappers: names, options and foreign tables, as the database reports them.
    place: 'wrapper, server, option and foreign table names (wrappers screen)',
    render: (payloads) => {
      const client = projectClient()
      client.setQueryData(
        queryKeys.databaseWrappers(REF),
        payloads.map((payload, i) => ({
          id: i + 1,
          name: `${payload}${i}`,
          handler: i % 3 === 0 ? payload : null,
          servers: [{ id: 100 + i, name: payload, options: [`${payload}=${payload}`], tables: [{ id: 200 + i, schema: payload, name: payload, options: [`object=${payload}`], columns: [{ name: payload, type: payload }] }] }],
        })),
      )
      return projectScreen(WrappersScreen, client)
    },
  },
  {
    // The rows a foreign table answers are the service's data (or the mock's samples).
    place: 'rows of a foreign table (wrapper preview)',
    render: (payloads) => {
      const client = projectClient()
      const table = { schema: 'stripe', name: 'customers' }
      client.setQueryData([...queryKeys.databaseWrappers(REF), 'rows', table.schema, table.name], {
        rows: payloads.map((payload) => ({ id: payload, [payload]: payload })),
        sampled: [`${table.schema}.${table.name}`],
      })
      return (
        <Providers client={client}>
          <ForeignRowsPreview projectRef={REF} connectionString="encrypted:abc" table={table} onClose={() => {}} />
        </Providers>
      )
    },
  },
  {
    // What the user types into the wrapper form, shown back in its fields and the SQL preview.
    place: 'wrapper form fields and its SQL preview',
    batch: 4,
    render: ([wrapperName = '', serverName = wrapperName, schema = wrapperName, option = wrapperName]) => {
      const values = emptyWrapperForm()
      const form = { ...values, wrapperName, serverName, schema, options: Object.assign(Object.create(null) as Record<string, string>, values.options, { api_key: option, api_url: option }) }
      return (
        <Providers client={projectClient()}>
          <CreateWrapperDialog existing={[]} secretsTable={VAULT_SECRETS_TABLE} values={form} onChange={() => {}} run={async () => {}} onDone={() => {}} onClose={() => {}} />
        </Providers>
      )
    },
  },
  {
    // Vault: secret names and descriptions are the user's.
    place: 'vault secret names and descriptions (vault screen)',
    render: (payloads) => {
      const client = projectClient()
      client.setQueryData(queryKeys.vaultEnabled(REF), true)
      client.setQueryData(
        queryKeys.vaultSecrets(REF),
        payloads.map((payload, i) => ({ id: `0000000${i}-0000-4000-8000-000000000000`, name: payload, description: payload, key_id: payload, created_at: payload, updated_at: payload })),
      )
      return projectScreen(VaultSecretsScreen, client)
    },
  },
  {
    // What the user types into the secret form, shown back in its fields (the value masked in the SQL).
    place: 'vault secret form fields and its SQL preview',
    batch: 3,
    render: ([name = '', description = name, secret = name]) => (
      <Providers client={projectClient()}>
        <SecretDialog editing={null} others={[]} values={{ name, description, secret }} onChange={() => {}} run={async () => {}} onDone={() => {}} onClose={() => {}} />
      </Providers>
    ),
  },
]
