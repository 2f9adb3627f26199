import { describe, expect, it } from 'vitest'
import { changesCatalog } from './statements'

describe('changesCatalog', () => {
  it('is true for a script with a statement that can change the catalogue, wherever it is', () => {
    expect(changesCatalog('create table t (id int)')).toBe(true)
    expect(changesCatalog('select 1; alter table t add column b int;')).toBe(true)
    expect(changesCatalog("comment on table t is 'x'")).toBe(true)
    expect(changesCatalog('do $$ begin execute $q$create table x()$q$; end $$')).toBe(true)
    expect(changesCatalog('GRANT select on t to anon')).toBe(true)
  })

  it('is false for reads and row writes, and for keywords only inside strings or comments', () => {
    expect(changesCatalog('select * from t')).toBe(false)
    expect(changesCatalog("insert into t values (1); update t set a = 'create table'; delete from t")).toBe(false)
    expect(changesCatalog('-- drop table t\nselect 1')).toBe(false)
    expect(changesCatalog('')).toBe(false)
  })
})
