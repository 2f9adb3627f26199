import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { hasOwnKey, ownKeyedObjectSchema, ownRecord, ownRecordSchema, ownValue, withOwnValue, withoutOwnKey } from './own-record'

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', 'prototype']

describe('own records', () => {
  it('reads only what was stored, never what Object.prototype has', () => {
    const plain: Record<string, number> = { a: 1 }
    for (const name of PROTOTYPE_NAMES) {
      expect(ownValue(plain, name)).toBeUndefined()
      expect(hasOwnKey(plain, name)).toBe(false)
      expect(ownValue(ownRecord<number>(), name)).toBeUndefined()
    }
    expect(ownValue(plain, 'a')).toBe(1)
    expect(ownValue(null, 'a')).toBeUndefined()
  })

  it('keeps every key, prototype names included, when it changes a record', () => {
    let record = ownRecord<number>()
    for (const [i, name] of PROTOTYPE_NAMES.entries()) record = withOwnValue(record, name, i)
    expect(Object.keys(record)).toEqual(PROTOTYPE_NAMES)
    expect(Object.getPrototypeOf(record)).toBeNull()
    expect(ownValue(record, '__proto__')).toBe(0)
    const without = withoutOwnKey(record, 'constructor')
    expect(hasOwnKey(without, 'constructor')).toBe(false)
    expect(Object.getPrototypeOf(without)).toBeNull()
    expect(JSON.parse(JSON.stringify(record))).toEqual(Object.fromEntries(PROTOTYPE_NAMES.map((name, i) => [name, i])))
  })

  it('parses every own key of a JSON object into a prototype-free record, and refuses arrays', () => {
    const schema = ownRecordSchema(v.number())
    const parsed = v.parse(schema, JSON.parse('{"__proto__": 1, "constructor": 2, "toString": 3}'))
    expect(Object.getPrototypeOf(parsed)).toBeNull()
    expect({ ...parsed }).toEqual(JSON.parse('{"__proto__": 1, "constructor": 2, "toString": 3}'))
    expect(ownValue(parsed, 'hasOwnProperty')).toBeUndefined()
    expect(v.safeParse(schema, []).success).toBe(false)
    expect(v.safeParse(schema, null).success).toBe(false)
    expect(v.safeParse(schema, { a: 'x' }).success).toBe(false)
    expect(v.safeParse(ownRecordSchema(v.number(), v.pipe(v.string(), v.regex(/^[a-z]+$/))), { A: 1 }).success).toBe(false)
    const row = JSON.parse('{"__proto__": 1, "a": 2}')
    expect(v.parse(ownKeyedObjectSchema, row)).toBe(row)
    expect(ownValue(v.parse(ownKeyedObjectSchema, row), '__proto__')).toBe(1)
    expect(v.safeParse(ownKeyedObjectSchema, [1]).success).toBe(false)
  })
})
