import { describe, expect, it } from 'vitest'
import { alterRoleSql, createRoleSql, dropRoleSql, type RoleDefinition } from './roles'

const role: RoleDefinition = { name: 'app "user"', canLogin: true, password: "it's", inherit: true, createDb: false, createRole: false, bypassRls: true, connectionLimit: 5, validUntil: '', memberOf: ['anon', 'authenticated'] }

describe('role statements', () => {
  it('make the role with every attribute said, the password a literal, and the memberships granted', () => {
    expect(createRoleSql(role)).toBe(`create role "app ""user""" with login inherit nocreatedb nocreaterole bypassrls connection limit 5 password 'it''s' valid until 'infinity';\ngrant "anon", "authenticated" to "app ""user""";`)
  })

  it('change a role: rename, attributes, memberships granted and revoked to match; the password left alone when empty', () => {
    expect(alterRoleSql({ name: 'a', memberOf: ['anon'] }, { ...role, name: 'b', password: '', memberOf: ['authenticated'] })).toBe(
      `alter role "a" rename to "b";\nalter role "b" with login inherit nocreatedb nocreaterole bypassrls connection limit 5 valid until 'infinity';\ngrant "authenticated" to "b";\nrevoke "anon" from "b";`,
    )
  })

  it('say what Postgres would refuse before it does', () => {
    expect(() => createRoleSql({ ...role, name: ' ' })).toThrow('Name the role.')
    expect(() => createRoleSql({ ...role, name: 'pg_mine' })).toThrow('Names starting with pg_ are Postgres’s own.')
    expect(() => createRoleSql({ ...role, connectionLimit: -2 })).toThrow('The connection limit is a whole number, or -1 for none.')
    expect(() => createRoleSql({ ...role, validUntil: 'soon' })).toThrow('“Valid until” is a date, like 2027-01-31.')
  })

  it('drop a role after giving what it owns to the current user', () => {
    expect(dropRoleSql('x')).toBe('reassign owned by "x" to current_user;\ndrop owned by "x";\ndrop role "x";')
  })
})
