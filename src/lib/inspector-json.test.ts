import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { commandMenuMachine } from '../../machines/command-menu.machine'
import { hashString, jsonDifferences, reviveJson, toJsonSafe } from './inspector-json'

describe('toJsonSafe', () => {
  it('turns any value into JSON without throwing: functions, actors, errors, maps, sets, cycles, odd numbers', () => {
    const cycle: Record<string, unknown> = { name: 'loop' }
    cycle.self = cycle
    const error = Object.assign(new Error('Unauthorized'), { code: 401 })
    const actor = createActor(commandMenuMachine, { id: 'menu' })
    const shared = { a: 1 }
    expect(
      toJsonSafe({
        fn: function load() {},
        actor,
        error,
        map: new Map([['k', 1]]),
        set: new Set([1, 2]),
        cycle,
        nan: Number.NaN,
        big: 10n,
        date: new Date(0),
        skipped: undefined,
        twice: [shared, shared],
      }),
    ).toEqual({
      fn: '[function load]',
      actor: '[actor menu]',
      error: { __error: true, name: 'Error', message: 'Unauthorized', code: 401 },
      map: { k: 1 },
      set: [1, 2],
      cycle: { name: 'loop', self: '[circular]' },
      nan: 'NaN',
      big: '10n',
      date: '1970-01-01T00:00:00.000Z',
      twice: [{ a: 1 }, { a: 1 }],
    })
  })

  it('cuts very deep values', () => {
    let deep: unknown = 'bottom'
    for (let i = 0; i < 30; i++) deep = { deep }
    expect(JSON.stringify(toJsonSafe(deep))).toContain('[…]')
  })
})

describe('reviveJson', () => {
  it('makes tagged errors Errors again with their fields, and leaves the rest as it is', () => {
    const revived = reviveJson({ list: [{ error: toJsonSafe(Object.assign(new TypeError('boom'), { code: 500 })) }], n: 1 }) as {
      list: { error: Error & { code: number } }[]
      n: number
    }
    expect(revived.list[0]!.error).toBeInstanceOf(Error)
    expect(revived.list[0]!.error.message).toBe('boom')
    expect(revived.list[0]!.error.name).toBe('TypeError')
    expect(revived.list[0]!.error.code).toBe(500)
    expect(revived.n).toBe(1)
  })
})

describe('jsonDifferences', () => {
  it('lists the paths that differ', () => {
    expect(jsonDifferences({ value: { a: 'x' }, context: { n: 1, list: [1] } }, { value: { a: 'y' }, context: { n: 1, list: [1, 2] } })).toEqual([
      'value.a: expected "x", got "y"',
      'context.list.1: expected nothing, got 2',
    ])
    expect(jsonDifferences({ a: 1 }, { a: 1 })).toEqual([])
  })
})

describe('hashString', () => {
  it('is stable and spreads', () => {
    expect(hashString('abc')).toBe(hashString('abc'))
    expect(hashString('abc')).not.toBe(hashString('abd'))
    expect(hashString('abc')).toMatch(/^[0-9a-f]{14}$/)
  })
})
