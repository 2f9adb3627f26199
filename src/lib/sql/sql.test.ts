import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findDestructiveStatements } from './guards'
import { tokenizeSql } from './lexer'
import { applyRowLimit, trimToLimit } from './row-limit'
import { splitStatements } from './statements'

const texts = (sql: string) => splitStatements(sql).map((s) => s.text)

describe('splitStatements', () => {
  it('splits at top-level semicolons only', () => {
    expect(texts('select 1; select 2;')).toEqual(['select 1', 'select 2'])
    expect(texts("select ';' as a; select 'it''s; fine'")).toEqual(["select ';' as a", "select 'it''s; fine'"])
    expect(texts('select "a;b" from t; select 2')).toEqual(['select "a;b" from t', 'select 2'])
    expect(texts("select E'\\'; still' ; select 3")).toEqual(["select E'\\'; still'", 'select 3'])
  })

  it('keeps function bodies in dollar quotes whole', () => {
    const sql = `create function f() returns int language plpgsql as $body$
begin
  perform 1; return 2;
end
$body$; select f();`
    expect(texts(sql)).toHaveLength(2)
    expect(texts('do $$ begin perform 1; end $$; select 1')).toEqual(['do $$ begin perform 1; end $$', 'select 1'])
  })

  it('ignores semicolons in comments, nested block comments included, and drops empty pieces', () => {
    expect(texts('-- a; b\nselect 1;;\n/* x; /* y; */ z; */ select 2; -- only a comment;')).toEqual([
      '-- a; b\nselect 1',
      '/* x; /* y; */ z; */ select 2',
    ])
    expect(texts('  ;  ; -- nothing\n')).toEqual([])
  })

  it('reports offsets into the original text', () => {
    const sql = 'select 1;\n\n  select 2'
    const [, second] = splitStatements(sql)
    expect(sql.slice(second!.start, second!.end)).toBe('select 2')
    expect(second!.start).toBe(13)
  })

  it('tokenizes any text losslessly', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', "'", '"', '$', ';', '-', '/', '*', '\n', 'E', '\\', '1') }), (sql) => {
        expect(tokenizeSql(sql).map((t) => t.text).join('')).toBe(sql)
        for (const s of splitStatements(sql)) expect(sql.slice(s.start, s.end)).toBe(s.text)
      }),
    )
  })
})

describe('applyRowLimit', () => {
  const one = (sql: string) => splitStatements(sql)[0]!

  it('wraps a query so one row more than the limit comes back, leaving the text inside intact', () => {
    const limited = applyRowLimit(one('select * from orders order by placed_at desc'), 100)
    expect(limited.sql).toBe('select * from (\nselect * from orders order by placed_at desc\n) as studio_row_limit limit 101')
    expect(limited.sql.slice(limited.prefixLength, limited.prefixLength + 5)).toBe('selec')
    expect(applyRowLimit(one('with a as (select 1) select * from a'), 500).limit).toBe(500)
    expect(applyRowLimit(one('values (1), (2)'), 1000).limit).toBe(1000)
  })

  it('sends other statements as written', () => {
    for (const sql of [
      'insert into t values (1)',
      'update t set a = 1',
      'select * into new_table from t',
      'with d as (delete from t returning *) select * from d',
      'create table x (id int)',
      'explain select 1',
    ]) {
      expect(applyRowLimit(one(sql), 100)).toEqual({ sql, prefixLength: 0, limit: null })
    }
    expect(applyRowLimit(one('select 1'), null)).toEqual({ sql: 'select 1', prefixLength: 0, limit: null })
  })

  it('trims the extra row and says there were more', () => {
    expect(trimToLimit([1, 2, 3], 2)).toEqual({ rows: [1, 2], hasMore: true })
    expect(trimToLimit([1, 2], 2)).toEqual({ rows: [1, 2], hasMore: false })
    expect(trimToLimit([1, 2, 3], null)).toEqual({ rows: [1, 2, 3], hasMore: false })
  })
})

describe('findDestructiveStatements', () => {
  it('names drops, truncates and deletes, and updates or deletes without WHERE', () => {
    const findings = findDestructiveStatements(`
      select 1;
      drop table if exists public.orders;
      truncate table "Audit Log";
      delete from customers where id = 3;
      delete from only events;
      update products set price = price * 2;
      update products set price = (select 1 where true) where id = 1;
      alter table stock_levels drop column note;
      with gone as (delete from sessions returning *) select count(*) from gone;
    `)
    expect(findings.map((f) => [f.index, f.kind, f.description])).toEqual([
      [2, 'drop', 'drop table public.orders'],
      [3, 'truncate', 'remove every row of "Audit Log"'],
      [4, 'delete', 'delete rows from customers'],
      [5, 'delete-all', 'delete every row of events (no WHERE clause)'],
      [6, 'update-all', 'update every row of products (no WHERE clause)'],
      [8, 'alter-drop', 'drop part of table stock_levels'],
      [9, 'delete-all', 'delete every row of sessions (no WHERE clause)'],
    ])
  })

  it('is not fooled by keywords in strings, comments or identifiers', () => {
    expect(findDestructiveStatements("select 'drop table x; delete from y' -- truncate z\n, \"delete\" from t")).toEqual([])
    expect(findDestructiveStatements('select * from dropped_items where deleted = false')).toEqual([])
  })
})
