import { describe, expect, it } from 'vitest'
import { changedKeys, mergeChanges, takeDisjoint } from './commit-batches'
import { createMockDatabase } from './db'
import { applyChanges, recordsArray, type UnitChanges } from './unit-of-work'

const folder = (id: string, name = id) => ({ id, name, owner_id: 1, parent_id: null, project_id: 1, project_ref: 'ref' })
const made = (...ids: string[]): UnitChanges => ({ collections: [{ name: 'folders', deleted: [], updated: [], appended: ids.map((id) => ({ key: id, record: folder(id), recreated: false })) }], kept: [] })
const kept = (key: string): UnitChanges => ({ collections: [], kept: [{ key, record: { key } }] })

describe('group commit', () => {
  it('names every record a unit touches, kept records apart from collections', () => {
    const changes: UnitChanges = {
      collections: [{ name: 'folders', deleted: ['gone'], updated: [{ key: 'changed', record: folder('changed') }], appended: [{ key: 'new', record: folder('new'), recreated: true }] }],
      kept: [{ key: 'new', record: 1 }],
    }
    expect(changedKeys(changes)).toEqual(['folders gone', 'folders changed', 'folders new', 'kept new'])
  })

  it('takes, in order, the commits that touch different records; one that shares a record waits, and so does any later one of that record', () => {
    const waiting = [{ changes: made('a') }, { changes: made('b') }, { changes: made('a', 'c') }, { changes: made('d') }, { changes: made('c') }, { changes: kept('a') }]
    const [a, b, ac, d, c, keptA] = waiting
    expect(takeDisjoint(waiting)).toEqual([a, b, d, keptA])
    // c waits behind a+c, which it would otherwise pass.
    expect(waiting).toEqual([ac, c])
    expect(takeDisjoint(waiting)).toEqual([ac])
    expect(takeDisjoint(waiting)).toEqual([c])
    expect(waiting).toEqual([])
  })

  it('takes no more than its limit, the rest in order for the next', () => {
    const waiting = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ changes: made(id) }))
    const all = [...waiting]
    expect(takeDisjoint(waiting, 2)).toEqual(all.slice(0, 2))
    expect(waiting).toEqual(all.slice(2))
  })

  it('merges units so that applying them at once is applying them one after the other', () => {
    const units: UnitChanges[] = [made('a', 'b'), kept('k'), { collections: [{ name: 'folders', deleted: ['old'], updated: [{ key: 'kept-place', record: folder('kept-place', 'renamed') }], appended: [] }], kept: [] }, made('c')]
    const start = () => {
      const db = createMockDatabase()
      recordsArray(db.folders).push(folder('old'), folder('kept-place'), folder('other'))
      return db
    }
    const oneByOne = start()
    const oneByOneKept = new Map<string, unknown>()
    for (const unit of units) applyChanges(oneByOne, oneByOneKept, unit)
    const atOnce = start()
    const atOnceKept = new Map<string, unknown>()
    applyChanges(atOnce, atOnceKept, mergeChanges(units))
    expect(recordsArray(atOnce.folders)).toEqual(recordsArray(oneByOne.folders))
    expect(recordsArray(atOnce.folders).map((f) => (f as { name: string }).name)).toEqual(['renamed', 'other', 'a', 'b', 'c'])
    expect(atOnceKept).toEqual(oneByOneKept)
  })
})
