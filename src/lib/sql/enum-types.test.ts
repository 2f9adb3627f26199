import { describe, expect, it } from 'vitest'
import { addEnumValueSql, createEnumSql, dropEnumSql, enumValueProblem, enumValuesFromLines, renameEnumSql, renameEnumValueSql } from './enum-types'

describe('enumerated type statements', () => {
  it('quote every name and write every value as a literal', () => {
    expect(createEnumSql('my "s"', 'Mood', ['ok', "it's"])).toBe(`create type "my ""s"""."Mood" as enum ('ok', 'it''s');`)
    expect(addEnumValueSql('public', 'mood', 'new', ['ok'], { at: 'before', label: 'ok' })).toBe(`alter type "public"."mood" add value 'new' before 'ok';`)
    expect(addEnumValueSql('public', 'mood', 'z', ['ok'], { at: 'end' })).toBe(`alter type "public"."mood" add value 'z';`)
    expect(renameEnumValueSql('public', 'mood', 'ok', 'fine', ['ok'])).toBe(`alter type "public"."mood" rename value 'ok' to 'fine';`)
    expect(renameEnumSql('public', 'mood', 'feeling')).toBe(`alter type "public"."mood" rename to "feeling";`)
    expect(dropEnumSql('public', 'mood', true)).toBe(`drop type "public"."mood" cascade;`)
    expect(dropEnumSql('public', 'mood', false)).toBe(`drop type "public"."mood";`)
  })

  it('say what is wrong with a value before Postgres does', () => {
    expect(enumValueProblem('', [])).toBe('A value cannot be empty.')
    expect(enumValueProblem('ok', ['ok'])).toBe('“ok” is already a value of this type.')
    expect(enumValueProblem('é'.repeat(32), [])).toBe('A value can be at most 63 bytes long.')
    expect(enumValueProblem('é'.repeat(31), [])).toBeNull()
    expect(() => createEnumSql('public', 'mood', ['a', 'a'])).toThrow('“a” is already a value of this type.')
    expect(() => createEnumSql('public', '', ['a'])).toThrow('Name the type.')
    expect(() => createEnumSql('public', 'mood', [])).toThrow('Give the type at least one value.')
    expect(() => renameEnumValueSql('public', 'mood', 'a', 'a', ['a'])).toThrow('Type the value’s new name.')
  })

  it('read the values typed one per line, blank lines left out', () => {
    expect(enumValuesFromLines(' new \n\npaid\n  \nshipped')).toEqual(['new', 'paid', 'shipped'])
  })
})
