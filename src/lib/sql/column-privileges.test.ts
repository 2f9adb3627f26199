import { describe, expect, it } from 'vitest'
import { columnPrivilegesSql, privilegeChangeSql, privilegeChangesSql } from './column-privileges'

const target = { role: 'Report "Reader"', schema: 'my schema', table: 'Order' }

describe('GRANT and REVOKE per column and per table', () => {
  it('quotes the role, the relation and every column', () => {
    expect(privilegeChangeSql(target, { level: 'column', privilege: 'SELECT', grant: true, columns: ['select', 'e-mail "work"'] })).toBe(
      'grant select ("select", "e-mail ""work""") on table "my schema"."Order" to "Report ""Reader""";',
    )
    expect(privilegeChangeSql(target, { level: 'column', privilege: 'REFERENCES', grant: false, columns: ['id'] })).toBe(
      'revoke references ("id") on table "my schema"."Order" from "Report ""Reader""";',
    )
    expect(privilegeChangeSql(target, { level: 'table', privilege: 'UPDATE', grant: false })).toBe('revoke update on table "my schema"."Order" from "Report ""Reader""";')
  })

  it('refuses a column change without columns (it would be a table-wide one)', () => {
    expect(() => privilegeChangeSql(target, { level: 'column', privilege: 'SELECT', grant: true, columns: [] })).toThrow(RangeError)
  })

  it('orders a batch: table revokes, table grants, column revokes, column grants, each in the grid’s order', () => {
    const sql = privilegeChangesSql({ role: 'anon', schema: 'public', table: 't' }, [
      { level: 'column', privilege: 'UPDATE', grant: true, columns: ['a'] },
      { level: 'column', privilege: 'SELECT', grant: true, columns: ['a', 'b'] },
      { level: 'column', privilege: 'INSERT', grant: false, columns: ['c'] },
      { level: 'table', privilege: 'INSERT', grant: true },
      { level: 'table', privilege: 'SELECT', grant: false },
    ])
    expect(sql.split('\n')).toEqual([
      'revoke select on table "public"."t" from "anon";',
      'grant insert on table "public"."t" to "anon";',
      'revoke insert ("c") on table "public"."t" from "anon";',
      'grant select ("a", "b") on table "public"."t" to "anon";',
      'grant update ("a") on table "public"."t" to "anon";',
    ])
  })

  it('reads one role and relation by literals, never spliced names', () => {
    const sql = columnPrivilegesSql({ role: "o'hara", schema: "it's", table: 'x' })
    expect(sql).toContain(`rolname = 'o''hara'`)
    expect(sql).toContain(`n.nspname = 'it''s' and c.relname = 'x'`)
  })
})
