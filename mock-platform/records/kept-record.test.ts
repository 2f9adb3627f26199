import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import type { PlatformContext } from '../context'
import { keptRecord } from './kept-record'

const Schema = v.object({ names: v.array(v.string()) })

/** A platform whose kept records are in a record store (served), as a Map. */
function servedContext() {
  const stored = new Map<string, unknown>()
  const ctx = { contentPersistence: null, recordPersistence: { kept: (key: string) => stored.get(key), keep: (key: string, record: unknown) => void stored.set(key, record) } }
  return { ctx: ctx as unknown as PlatformContext, stored }
}

describe('a kept record peeked at', () => {
  it('is the record as committed, parsed once per committed record and frozen; an update is seen at once', () => {
    const { ctx } = servedContext()
    const record = keptRecord('names', Schema, () => ({ names: [] }))
    expect(record.peek(ctx)).toEqual({ names: [] })
    record.update(ctx, (kept) => void kept.names.push('ada'))
    const first = record.peek(ctx)
    expect(first).toEqual({ names: ['ada'] })
    // The same object while nothing changed: no copy, no parse.
    expect(record.peek(ctx)).toBe(first)
    expect(() => (first.names as string[]).push('mallory')).toThrow(TypeError)
    record.update(ctx, (kept) => void kept.names.push('grace'))
    expect(record.peek(ctx)).toEqual({ names: ['ada', 'grace'] })
    // What a reader changes of its own copy is not what others peek at.
    const copy = record.read(ctx)
    copy.names.push('not kept')
    expect(record.peek(ctx)).toEqual({ names: ['ada', 'grace'] })
  })

  it('reads as empty a stored value that does not parse, as a read does', () => {
    const { ctx, stored } = servedContext()
    const record = keptRecord('names', Schema, () => ({ names: [] }))
    stored.set('names', { names: 'not a list' })
    expect(record.peek(ctx)).toEqual({ names: [] })
  })
})
