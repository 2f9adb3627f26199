import { describe, expect, it } from 'vitest'
import { sqlArray, sqlIdent, sqlJson, sqlLiteral } from './quote'
import { itReadsEach } from '../../test/each-row'

describe('sqlLiteral', () => {
  itReadsEach('quotes strings, doubling single quotes: %j → %j', sqlLiteral, [
    ['plain', "'plain'"],
    ["it's", "'it''s'"],
    ["''", "''''''"],
    ['', "''"],
  ])

  it('uses the E form when a backslash is present, so the meaning does not depend on settings', () => {
    expect(sqlLiteral('C:\\temp')).toBe(" E'C:\\\\temp'")
    expect(sqlLiteral("\\'")).toBe(" E'\\\\'''")
  })

  itReadsEach('keeps unicode, newlines and would-be injections as data: %j → %j', sqlLiteral, [
    ['Zoë 李雷 🎉', "'Zoë 李雷 🎉'"],
    ['a\nb\tc', "'a\nb\tc'"],
    ["x'); drop table users; --", "'x''); drop table users; --'"],
  ])

  it('refuses NUL, which Postgres text cannot hold', () => {
    expect(() => sqlLiteral('a\0b')).toThrow(RangeError)
  })

  it('writes other scalars', () => {
    expect(sqlLiteral(null)).toBe('NULL')
    expect(sqlLiteral(undefined)).toBe('NULL')
    expect(sqlLiteral(true)).toBe('TRUE')
    expect(sqlLiteral(false)).toBe('FALSE')
    expect(sqlLiteral(42)).toBe('42')
    expect(sqlLiteral(0.1)).toBe('0.1')
    expect(sqlLiteral(-5)).toBe('(-5)')
    expect(sqlLiteral(9007199254740993n)).toBe('9007199254740993')
    expect(sqlLiteral(Number.NaN)).toBe("'NaN'::float8")
    expect(sqlLiteral(-Infinity)).toBe("'-Infinity'::float8")
    expect(sqlLiteral(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe("'2026-01-02T03:04:05.006Z'::timestamptz")
    expect(sqlLiteral(Uint8Array.from([0, 15, 255]))).toBe(" E'\\\\x000fff'::bytea")
    expect(() => sqlLiteral(new Date(Number.NaN))).toThrow(RangeError)
  })
})

describe('sqlJson, sqlArray, sqlIdent', () => {
  it('writes jsonb with escaped quotes', () => {
    expect(sqlJson({ name: "O'Brien", list: [1, null] })).toBe(`'{"name":"O''Brien","list":[1,null]}'::jsonb`)
    expect(() => sqlJson(undefined)).toThrow(TypeError)
  })

  it('writes typed arrays, empty ones included', () => {
    expect(sqlArray(['a', "b'c"], 'text')).toBe("ARRAY['a', 'b''c']::text[]")
    expect(sqlArray([], 'numeric')).toBe('ARRAY[]::numeric[]')
  })

  it('quotes identifiers', () => {
    expect(sqlIdent('studio_abc')).toBe('"studio_abc"')
    expect(sqlIdent('we"ird')).toBe('"we""ird"')
  })
})
