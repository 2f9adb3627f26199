import { sqlIdent, sqlLiteral } from './quote'

/**
 * Database roles (the Database area's Roles screen): the cluster's roles as this project's database
 * sees them. Postgres's own (`pg_*`) are left out, and so are roles that may log in but not connect
 * here: on a shared server those are other projects' own roles, not this project's business.
 */
export const rolesSql = `select coalesce(json_agg(r order by r.name), '[]') as roles from (
  select r.oid::int8 as id, r.rolname as name, r.rolsuper as superuser, r.rolinherit as inherit,
         r.rolcreaterole as create_role, r.rolcreatedb as create_db, r.rolcanlogin as can_login,
         r.rolreplication as replication, r.rolbypassrls as bypass_rls, r.rolconnlimit as connection_limit,
         r.rolvaliduntil::text as valid_until,
         coalesce((select json_agg(g.rolname order by g.rolname) from pg_catalog.pg_auth_members m join pg_catalog.pg_roles g on g.oid = m.roleid where m.member = r.oid), '[]') as member_of,
         r.rolname = current_user or r.rolname = session_user as is_current,
         -- A served project's own two roles (mock-platform/postgres/server-tenancy.ts): the platform's, not the user's.
         r.rolname in (pg_catalog.current_database() || '_owner', pg_catalog.current_database() || '_read_only') as is_project_role,
         pg_catalog.shobj_description(r.oid, 'pg_authid') as comment
    from pg_catalog.pg_roles r
   where r.rolname !~ '^pg_'
     and (not r.rolcanlogin or pg_catalog.has_database_privilege(r.oid, pg_catalog.current_database(), 'CONNECT'))
) r`

export interface RoleDefinition {
  name: string
  canLogin: boolean
  /** Set only when typed ('' keeps the password as it is, or none for a new role). */
  password: string
  inherit: boolean
  createDb: boolean
  createRole: boolean
  bypassRls: boolean
  /** -1: no limit. */
  connectionLimit: number
  /** ISO date or timestamp the password stops working; '' for never. */
  validUntil: string
  memberOf: readonly string[]
}

const attributes = (role: RoleDefinition) =>
  [
    role.canLogin ? 'login' : 'nologin',
    role.inherit ? 'inherit' : 'noinherit',
    role.createDb ? 'createdb' : 'nocreatedb',
    role.createRole ? 'createrole' : 'nocreaterole',
    role.bypassRls ? 'bypassrls' : 'nobypassrls',
    `connection limit ${role.connectionLimit}`,
    ...(role.password !== '' ? [`password ${sqlLiteral(role.password)}`] : []),
    role.validUntil.trim() !== '' ? `valid until ${sqlLiteral(role.validUntil.trim())}` : 'valid until ' + sqlLiteral('infinity'),
  ].join(' ')

function checked(role: RoleDefinition) {
  if (role.name.trim() === '') throw new Error('Name the role.')
  if (/^pg_/i.test(role.name.trim())) throw new Error('Names starting with pg_ are Postgres’s own.')
  if (!Number.isInteger(role.connectionLimit) || role.connectionLimit < -1) throw new Error('The connection limit is a whole number, or -1 for none.')
  if (role.validUntil.trim() !== '' && Number.isNaN(Date.parse(role.validUntil.trim()))) throw new Error('“Valid until” is a date, like 2027-01-31.')
}

/** Makes the role and its memberships in one go (the statements run as one transaction). */
export function createRoleSql(role: RoleDefinition): string {
  checked(role)
  const statements = [`create role ${sqlIdent(role.name.trim())} with ${attributes(role)};`]
  if (role.memberOf.length > 0) statements.push(`grant ${role.memberOf.map(sqlIdent).join(', ')} to ${sqlIdent(role.name.trim())};`)
  return statements.join('\n')
}

/** Changes a role to `next`: its name, attributes and memberships (granted and revoked to match). */
export function alterRoleSql(before: { name: string; memberOf: readonly string[] }, next: RoleDefinition): string {
  checked(next)
  const name = next.name.trim()
  const statements: string[] = []
  if (name !== before.name) statements.push(`alter role ${sqlIdent(before.name)} rename to ${sqlIdent(name)};`)
  statements.push(`alter role ${sqlIdent(name)} with ${attributes(next)};`)
  const added = next.memberOf.filter((group) => !before.memberOf.includes(group))
  const removed = before.memberOf.filter((group) => !next.memberOf.includes(group))
  if (added.length > 0) statements.push(`grant ${added.map(sqlIdent).join(', ')} to ${sqlIdent(name)};`)
  if (removed.length > 0) statements.push(`revoke ${removed.map(sqlIdent).join(', ')} from ${sqlIdent(name)};`)
  return statements.join('\n')
}

/** Drops a role: what it owns goes to the current user first, and its grants with it, so the drop is not refused for them. */
export function dropRoleSql(name: string): string {
  return `reassign owned by ${sqlIdent(name)} to current_user;\ndrop owned by ${sqlIdent(name)};\ndrop role ${sqlIdent(name)};`
}
