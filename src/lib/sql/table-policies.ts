/**
 * Row level security on a schema's tables: whether it is on, the policies (from `pg_policies`), and
 * the statements that change them. A policy is its name, command, roles, permissive or restrictive,
 * `USING` and `WITH CHECK`. Postgres can alter a policy's name, roles and expressions in place; a new
 * command or permissive-ness means dropping it and creating it again, in the same transaction.
 */
import { checkIdentifierLength } from './identifier'
import { sqlIdent, sqlLiteral } from './quote'
import { qualifiedName } from './table-rows'

export const POLICY_COMMANDS = ['all', 'select', 'insert', 'update', 'delete'] as const
export type PolicyCommand = (typeof POLICY_COMMANDS)[number]

export interface PolicyDefinition {
  name: string
  command: PolicyCommand
  /** Roles the policy applies to; none means every role (`public`). */
  roles: readonly string[]
  permissive: boolean
  /** Which existing rows it lets through (empty: none given). */
  using: string
  /** Which new or changed rows it accepts (empty: none given). */
  check: string
}

/** Which expressions a command takes: select and delete read rows (USING), insert writes them (WITH CHECK), update and all both. */
export const takesUsing = (command: PolicyCommand) => command !== 'insert'
export const takesCheck = (command: PolicyCommand) => command === 'insert' || command === 'update' || command === 'all'

/** The schema's tables (and partitioned tables) with RLS on/off and forced, their columns, and their policies. */
export function tablePoliciesSql(schema: string): string {
  return `select coalesce(json_agg(t order by t.name), '[]') as tables from (
  select c.oid::int8 as id, c.relname as name, c.relkind = 'p' as partitioned,
         c.relrowsecurity as rls_enabled, c.relforcerowsecurity as rls_forced,
         coalesce((select json_agg(json_build_object('name', a.attname, 'type', pg_catalog.format_type(a.atttypid, a.atttypmod), 'updatable', a.attgenerated = '' and a.attidentity <> 'a') order by a.attnum)
                     from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
         coalesce((select json_agg(json_build_object(
                     'name', p.policyname, 'command', lower(p.cmd), 'roles', p.roles::text[], 'permissive', p.permissive = 'PERMISSIVE',
                     'using', p.qual, 'check', p.with_check) order by p.policyname)
                     from pg_catalog.pg_policies p where p.schemaname = n.nspname and p.tablename = c.relname), '[]') as policies
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where n.nspname = ${sqlLiteral(schema)} and c.relkind in ('r', 'p') and not c.relispartition
) t`
}

const rolesSql = (roles: readonly string[]) => (roles.length === 0 ? 'public' : roles.map(sqlIdent).join(', '))
const expression = (text: string, what: string) => {
  const trimmed = text.trim().replace(/;+\s*$/, '')
  if (trimmed.includes(';')) throw new Error(`The ${what} expression is one SQL expression: remove the ";".`)
  return trimmed
}

function checked(policy: PolicyDefinition): { name: string; using: string; check: string } {
  const name = policy.name.trim()
  if (name === '') throw new Error('Name the policy.')
  checkIdentifierLength(name, 'policy name')
  const using = takesUsing(policy.command) ? expression(policy.using, 'USING') : ''
  const check = takesCheck(policy.command) ? expression(policy.check, 'WITH CHECK') : ''
  if (using === '' && check === '') throw new Error(policy.command === 'insert' ? 'Say which new rows it accepts (WITH CHECK).' : 'Say which rows it lets through (USING).')
  return { name, using, check }
}

export function createPolicySql(schema: string, table: string, policy: PolicyDefinition): string {
  const { name, using, check } = checked(policy)
  return [
    `create policy ${sqlIdent(name)}`,
    `  on ${qualifiedName(schema, table)}`,
    `  as ${policy.permissive ? 'permissive' : 'restrictive'}`,
    `  for ${policy.command}`,
    `  to ${rolesSql(policy.roles)}`,
    ...(using ? [`  using (${using})`] : []),
    ...(check ? [`  with check (${check})`] : []),
  ].join('\n') + ';'
}

/**
 * The statements that turn `before` into `after`: alter policy (roles, expressions, then the name)
 * where Postgres can, else drop and create (a new command or permissive-ness). Empty when nothing changed.
 */
export function alterPolicySql(schema: string, table: string, before: PolicyDefinition, after: PolicyDefinition): string {
  const on = qualifiedName(schema, table)
  if (before.command !== after.command || before.permissive !== after.permissive) {
    return `drop policy ${sqlIdent(before.name)} on ${on};\n${createPolicySql(schema, table, after)}`
  }
  const { name, using, check } = checked(after)
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i])
  const changes = [
    ...(same([...before.roles].sort(), [...after.roles].sort()) ? [] : [`  to ${rolesSql(after.roles)}`]),
    ...(using !== '' && using !== before.using.trim() ? [`  using (${using})`] : []),
    ...(check !== '' && check !== before.check.trim() ? [`  with check (${check})`] : []),
  ]
  const statements = changes.length > 0 ? [`alter policy ${sqlIdent(before.name)} on ${on}\n${changes.join('\n')};`] : []
  if (name !== before.name) statements.push(`alter policy ${sqlIdent(before.name)} on ${on} rename to ${sqlIdent(name)};`)
  return statements.join('\n')
}

export function dropPolicySql(schema: string, table: string, name: string): string {
  return `drop policy ${sqlIdent(name)} on ${qualifiedName(schema, table)};`
}

export function setRowLevelSecuritySql(schema: string, table: string, enabled: boolean): string {
  return `alter table ${qualifiedName(schema, table)} ${enabled ? 'enable' : 'disable'} row level security;`
}

/** A column the templates may match to the signed-in user. */
export interface PolicyColumn {
  name: string
  type: string
  /** An update may set it (not generated, not an identity always). */
  updatable: boolean
}

export interface PolicyTemplate {
  id: string
  label: string
  description: string
  policy: (table: string, owner: string | null) => PolicyDefinition
  /** Needs a uuid column to match to auth.uid(). */
  needsOwner: boolean
}

/** auth.uid() wrapped in a select: Postgres runs it once per statement, not once per row (the auth_rls_initplan advice). */
const OWNER_TEST = (column: string) => `(select auth.uid()) = ${sqlIdent(column)}`

export const POLICY_TEMPLATES: readonly PolicyTemplate[] = [
  { id: 'read-all', label: 'Everyone can read', description: 'Every role, signed in or not, reads every row.', needsOwner: false, policy: (t) => ({ name: `Anyone can read ${t}`, command: 'select', roles: [], permissive: true, using: 'true', check: '' }) },
  { id: 'read-authenticated', label: 'Signed-in users can read', description: 'Users with a session read every row; anonymous visitors none.', needsOwner: false, policy: (t) => ({ name: `Signed-in users can read ${t}`, command: 'select', roles: ['authenticated'], permissive: true, using: 'true', check: '' }) },
  { id: 'insert-authenticated', label: 'Signed-in users can insert', description: 'Users with a session add rows.', needsOwner: false, policy: (t) => ({ name: `Signed-in users can insert into ${t}`, command: 'insert', roles: ['authenticated'], permissive: true, using: '', check: 'true' }) },
  { id: 'insert-own', label: 'Users insert rows they own', description: 'A signed-in user adds rows only with their own id in the owner column.', needsOwner: true, policy: (t, owner) => ({ name: `Users insert their own ${t}`, command: 'insert', roles: ['authenticated'], permissive: true, using: '', check: OWNER_TEST(owner ?? 'user_id') }) },
  { id: 'read-own', label: 'Users read their own rows', description: 'A signed-in user reads the rows whose owner column holds their id.', needsOwner: true, policy: (t, owner) => ({ name: `Users read their own ${t}`, command: 'select', roles: ['authenticated'], permissive: true, using: OWNER_TEST(owner ?? 'user_id'), check: '' }) },
  { id: 'read-update-own', label: 'Users read and update their own rows', description: 'A signed-in user reads and changes their own rows, and cannot give one away.', needsOwner: true, policy: (t, owner) => ({ name: `Users manage their own ${t}`, command: 'all', roles: ['authenticated'], permissive: true, using: OWNER_TEST(owner ?? 'user_id'), check: OWNER_TEST(owner ?? 'user_id') }) },
  { id: 'update-own', label: 'Users update their own rows', description: 'A signed-in user changes their own rows, and cannot give one away.', needsOwner: true, policy: (t, owner) => ({ name: `Users update their own ${t}`, command: 'update', roles: ['authenticated'], permissive: true, using: OWNER_TEST(owner ?? 'user_id'), check: OWNER_TEST(owner ?? 'user_id') }) },
  { id: 'delete-own', label: 'Users delete their own rows', description: 'A signed-in user deletes only their own rows.', needsOwner: true, policy: (t, owner) => ({ name: `Users delete their own ${t}`, command: 'delete', roles: ['authenticated'], permissive: true, using: OWNER_TEST(owner ?? 'user_id'), check: '' }) },
  { id: 'custom', label: 'From scratch', description: 'Choose the command, the roles and the expressions yourself.', needsOwner: false, policy: () => ({ name: '', command: 'select', roles: [], permissive: true, using: '', check: '' }) },
]

/** The columns a template can match to auth.uid(): uuid ones, the likely owner first. */
export function ownerColumns(columns: readonly PolicyColumn[]): string[] {
  const likely = (name: string) => (/^(user_id|owner_id|owner|user|created_by|author_id|profile_id)$/.test(name) ? 0 : name === 'id' ? 2 : 1)
  return columns
    .filter((c) => c.type === 'uuid')
    .map((c) => c.name)
    .sort((a, b) => likely(a) - likely(b))
}
