import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findUnstorableText } from './storable-text'

describe('findUnstorableText', () => {
  it.each<[string, unknown, ReturnType<typeof findUnstorableText>]>([
    ['plain text', { name: 'Orders', content: { sql: 'select 1' } }, null],
    ['an astral character (a surrogate pair)', { name: 'Party 🎉' }, null],
    ['numbers, booleans and null', { count: 1, favorite: true, folder: null, list: [1, 2] }, null],
    ['U+0000 in a string at the top', { name: 'Evil\u0000Corp' }, { field: 'name', character: 'U+0000' }],
    ['U+0000 deep in an object', { content: { sql: 'select 1\u0000' } }, { field: 'content.sql', character: 'U+0000' }],
    ['a lone high surrogate', { name: 'Half \ud800 a pair' }, { field: 'name', character: 'U+D800' }],
    ['a lone low surrogate', { name: '\udc00 first' }, { field: 'name', character: 'U+DC00' }],
    ['a high surrogate at the very end', { name: 'end \udbff' }, { field: 'name', character: 'U+DBFF' }],
    ['two low surrogates after a high one: the second is lone', { name: '\ud83c\udf89\udf89' }, { field: 'name', character: 'U+DF89' }],
    ['inside an array of objects', { members: [{ email: 'a@example.com' }, { email: 'b\u0000@example.com' }] }, { field: 'members[1].email', character: 'U+0000' }],
    ['an array at the top', ['ok', 'not\u0000ok'], { field: '[1]', character: 'U+0000' }],
    ['the value itself', 'bad\u0000', { field: '', character: 'U+0000' }],
    ['a key, named with the character shown as U+FFFD', { 'na\u0000me': 'x' }, { field: 'na\ufffdme', character: 'U+0000' }],
    ['the first field in document order', { a: { b: 'x\u0000' }, c: '\ud800' }, { field: 'a.b', character: 'U+0000' }],
  ])('%s', (_, value, expected) => {
    expect(findUnstorableText(value)).toEqual(expected)
  })

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000'
    for (let level = 0; level < 100_000; level++) deep = [deep]
    expect(findUnstorableText(deep)?.character).toBe('U+0000')
  })

  it('passes any value of well-formed text without U+0000, and names any string given one', () => {
    const storableString = fc.string({ unit: 'grapheme' }).filter((s) => !s.includes('\u0000'))
    const storable = fc.jsonValue({ stringUnit: 'grapheme' }).filter((value) => !JSON.stringify(value).includes('\\u0000'))
    fc.assert(fc.property(storable, (value) => findUnstorableText(value) === null))
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('a', 'b', 'c'), storableString, { minKeys: 1 }), fc.nat(), (record, pick) => {
        const keys = Object.keys(record)
        const key = keys[pick % keys.length]!
        const spoiled = { ...record, [key]: `${record[key]}\u0000` }
        const found = findUnstorableText(spoiled)
        return found?.field === key && found.character === 'U+0000'
      }),
    )
  })
})
