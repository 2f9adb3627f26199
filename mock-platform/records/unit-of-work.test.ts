/**
 * A unit of work compares lists only where they differ (the same record objects at both ends are
 * unchanged). Proven against the whole-list comparison it replaced, on random requests: what a
 * request changed, and whether another commit changed the same records since it looked.
 */
import { describe, expect, it } from 'vitest'
import { createMockDatabase } from './db'
import { recordKey } from './record-tables'
import { applyChanges, differingWindow, recordsArray, UnitOfWork, type CollectionChange } from './unit-of-work'

/** A fixed sequence of draws, so a failure names its trial and can be run again. */
function draws(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    // The high bits: an LCG's low bits repeat with a short period.
    return Math.floor((state / 2_147_483_648) * below)
  }
}

const folder = (id: string, name: string) => ({ id, name, owner_id: 1, parent_id: null, project_id: 1, project_ref: 'ref' })
/** Folder ids are UUIDs: the n-th of a range (a range each side, or one both draw from, to collide). */
const uuid = (range: number, n: number) => `00000000-0000-4000-8${range}00-${n.toString(16).padStart(12, '0')}`
type Folder = ReturnType<typeof folder>

/** The comparison of whole lists, by key, as the unit of work made it before. */
function wholeListChange(base: readonly object[], final: readonly object[], removed: ReadonlySet<string>): CollectionChange | null {
  const byKey = new Map(base.map((record) => [recordKey('folders', record), record]))
  const change: CollectionChange = { name: 'folders', deleted: [], updated: [], appended: [] }
  const finalKeys = new Set<string>()
  for (const record of final) {
    const key = recordKey('folders', record)
    finalKeys.add(key)
    const before = byKey.get(key)
    if (before === record) continue
    if (before !== undefined && !removed.has(key)) change.updated.push({ key, record })
    else change.appended.push({ key, record, recreated: before !== undefined })
  }
  for (const key of byKey.keys()) if (!finalKeys.has(key)) change.deleted.push(key)
  return change.deleted.length + change.updated.length + change.appended.length > 0 ? change : null
}

function wholeListCollision(base: readonly object[], committed: readonly object[], change: CollectionChange): boolean {
  const was = new Map(base.map((record) => [recordKey('folders', record), record]))
  const now = new Map(committed.map((record) => [recordKey('folders', record), record]))
  return [...change.deleted, ...change.updated.map((u) => u.key), ...change.appended.map((a) => a.key)].some((key) => now.get(key) !== was.get(key))
}

/** A few random changes to a collection (made, renamed, deleted, deleted and made again); answers the keys it deleted. */
async function changeRandomly(collection: ReturnType<typeof createMockDatabase>['folders'], draw: (below: number) => number, range: number) {
  const removed = new Set<string>()
  for (let step = draw(4); step > 0; step--) {
    const records = collection.all() as readonly Folder[]
    const pick = records.length > 0 ? records[draw(records.length)]! : null
    const action = pick ? draw(4) : 0
    if (action === 0) await collection.create(folder(uuid(range, draw(1_000)), 'made'))
    else if (action === 1) await collection.update((q) => q.where({ id: pick!.id }), { data: (f) => void (f.name = `renamed ${draw(100)}`) })
    else {
      collection.delete((q) => q.where({ id: pick!.id }))
      removed.add(pick!.id)
      if (action === 3) await collection.create(folder(pick!.id, 'made again'))
    }
  }
  return removed
}

describe('a unit of work', () => {
  it('finds where two lists differ: nowhere, a tail, a middle, everything', () => {
    const [a, b, c, d] = [{}, {}, {}, {}]
    expect(differingWindow([a, b, c], [a, b, c])).toBeNull()
    expect(differingWindow([a, b], [a, b, c])).toEqual({ start: 2, beforeEnd: 2, afterEnd: 3 })
    expect(differingWindow([a, b, c], [a, c])).toEqual({ start: 1, beforeEnd: 2, afterEnd: 1 })
    expect(differingWindow([a, b, c], [a, d, c])).toEqual({ start: 1, beforeEnd: 2, afterEnd: 2 })
    expect(differingWindow([a, b], [c, d])).toEqual({ start: 0, beforeEnd: 2, afterEnd: 2 })
    expect(differingWindow([], [a])).toEqual({ start: 0, beforeEnd: 0, afterEnd: 1 })
  })

  it('says what a request changed, and whether a commit since collided with it, as comparing whole lists does (500 random requests)', async () => {
    const seen = { changed: 0, collided: 0, recreated: 0, deleted: 0 }
    for (let trial = 0; trial < 500; trial++) {
      const draw = draws(trial + 1)
      const live = createMockDatabase()
      for (let n = draw(40); n > 0; n--) await live.folders.create(folder(uuid(0, n), 'seeded'))
      const kept = new Map<string, unknown>()
      const unit = new UnitOfWork(live, kept)
      const base = recordsArray(live.folders).slice()
      const removed = await changeRandomly(unit.collection('folders'), draw, 1)
      const final = recordsArray(unit.collection('folders'))
      const changes = unit.changes()
      const expected = wholeListChange(base, final, removed)
      expect(changes.collections, `trial ${trial}`).toEqual(expected ? [expected] : [])

      // Another request commits meanwhile (or not): a collision exactly when it changed a record this one changed.
      const other = new UnitOfWork(live, kept)
      await changeRandomly(other.collection('folders'), draw, draw(2) === 0 ? 1 : 2)
      applyChanges(live, kept, other.changes())
      const committed = recordsArray(live.folders)
      const collided = expected !== null && wholeListCollision(base, committed, expected)
      expect(unit.collision(changes) !== null, `trial ${trial}`).toBe(collided)
      if (expected) seen.changed++
      if (collided) seen.collided++
      if (expected?.appended.some((a) => a.recreated)) seen.recreated++
      if (expected?.deleted.length) seen.deleted++

      // Applied, memory holds what applying the whole-list change would.
      const reference = [...committed]
      if (expected) {
        const gone = new Set([...expected.deleted, ...expected.appended.filter((a) => a.recreated).map((a) => a.key)])
        const updated = new Map(expected.updated.map((u) => [u.key, u.record]))
        const next = reference.filter((record) => !gone.has(recordKey('folders', record))).map((record) => updated.get(recordKey('folders', record)) ?? record)
        reference.splice(0, reference.length, ...next, ...expected.appended.map((a) => a.record))
      }
      applyChanges(live, kept, changes)
      expect(recordsArray(live.folders), `trial ${trial}`).toEqual(reference)
    }
    // The draws reached every case, not only the easy ones.
    for (const [kind, count] of Object.entries(seen)) expect(count, kind).toBeGreaterThan(25)
    expect(seen.collided).toBeLessThan(seen.changed)
  }, 60_000)

  it('walks no record a request only made, nor one another commit only appended after what it saw', async () => {
    const live = createMockDatabase()
    for (let n = 1; n <= 2_000; n++) await live.folders.create(folder(uuid(0, n), 'seeded'))
    const kept = new Map<string, unknown>()
    const unit = new UnitOfWork(live, kept)
    await unit.collection('folders').create(folder(uuid(1, 1), 'mine'))
    const other = new UnitOfWork(live, kept)
    await other.collection('folders').create(folder(uuid(2, 1), 'theirs'))
    applyChanges(live, kept, other.changes())

    // From here, every read of a committed record the request saw is counted.
    const committed = recordsArray(live.folders)
    let reads = 0
    for (let index = 0; index < 2_000; index++) {
      const record = committed[index]
      Object.defineProperty(committed, index, { get: () => (reads++, record), configurable: true, enumerable: true })
    }
    const changes = unit.changes()
    expect(changes.collections).toEqual([{ name: 'folders', deleted: [], updated: [], appended: [{ key: uuid(1, 1), record: expect.objectContaining({ name: 'mine' }), recreated: false }] }])
    expect(unit.collision(changes)).toBeNull()
    expect(reads).toBe(0)

    // An update, even one that changes nothing, is looked for where it is.
    const updating = new UnitOfWork(live, kept)
    await updating.collection('folders').update((q) => q.where({ id: uuid(0, 7) }), { data: () => undefined })
    reads = 0
    expect(updating.changes().collections[0]?.updated.map((u) => u.key)).toEqual([uuid(0, 7)])
    expect(reads).toBeGreaterThan(0)
  })
})
