/**
 * One request's changes to the platform's records, kept apart from the committed ones until its
 * commit. A collection the request touches is copied on first touch (the array of record references,
 * not the records: @msw/data never changes a record in place, an update makes a new one), and the
 * request reads and writes its copy with @msw/data's own queries and updates. At commit the copy is
 * compared with the snapshot it started from: that is the change, and the snapshot is what the
 * request saw, so a key another commit changed since means the two requests collided.
 *
 * Both comparisons look only where the two lists differ: records are never changed in place, so what
 * is the same object at the start and at the end of both lists is unchanged, and a request that
 * appends one snippet to thousands keys one record, not thousands (a key names one record of a list).
 * Neither walks the lists when it need not: a request that only made records (no update or delete
 * called on its copy) changed its copy's tail, and committed records not rewritten since the request
 * looked (only appended to: a `Generation`) differ from what it saw only in their tail. So a snippet
 * saved among 10,000 costs the copy of the list, not four walks of it (the served load's profile:
 * `collision` and `changes` 7 % of its CPU).
 */
import { createMockDatabase, type MockDatabase } from './db'
import { recordKey, type CollectionName } from './record-tables'

/** A record as a collection holds it. */
type StoredRecord = object

/** What a unit changed in one collection, in the order the store and memory must apply it. */
export interface CollectionChange {
  name: CollectionName
  /** Keys whose records are gone (deleted, or moved to a new key). */
  deleted: string[]
  /** Records changed where they are (an update): same key, same place in the list. */
  updated: { key: string; record: StoredRecord }[]
  /** Records made (or deleted and made again, which moves them to the end), in the order made. */
  appended: { key: string; record: StoredRecord; recreated: boolean }[]
}

export interface UnitChanges {
  collections: CollectionChange[]
  kept: { key: string; record: unknown }[]
}

/** The array a collection keeps its records in: `all()` hands out the array itself (@msw/data 1.x), which a copy and a commit change directly. */
export function recordsArray(collection: { all(): readonly StoredRecord[] }): StoredRecord[] {
  const records = collection.all()
  if (records !== collection.all()) throw new Error('@msw/data no longer hands out the array of a collection: the record store cannot copy or commit collections')
  return records as StoredRecord[]
}

/**
 * A collection's committed records between two rewrites (applyChanges' updates and deletes, a
 * replica's reload): only appended to meanwhile, so what a request first saw of them is their first
 * `baseLength` records, then and now — no copy of them is kept per request.
 */
interface Generation {
  /** The records as they were when a rewrite ended this generation; null while it lasts. */
  ended: StoredRecord[] | null
}
const generations = new WeakMap<StoredRecord[], Generation>()

function generationOf(records: StoredRecord[]): Generation {
  let generation = generations.get(records)
  if (!generation) generations.set(records, (generation = { ended: null }))
  return generation
}

/** Puts `next` in place of a collection's committed records (anything but appending): requests that looked before keep what they saw. */
export function replaceRecords(records: StoredRecord[], next: readonly StoredRecord[]): void {
  generationOf(records).ended = records.slice()
  generations.set(records, { ended: null })
  records.length = 0
  for (const record of next) records.push(record)
}

/** The methods of a collection that change or remove records where they are (anything but `create`). */
const IN_PLACE_METHODS = ['update', 'updateMany', 'delete', 'deleteMany', 'clear'] as const

interface CollectionCopy {
  /** The committed records' generation when the request first touched the collection, and how many they were. */
  generation: Generation
  baseLength: number
  /** Keys of records deleted in the copy (a record made again under one of them moves to the end). */
  removed: Set<string>
  /** A record of the copy may have been changed or removed where it is; else the request only made records, at the end. */
  inPlace: boolean
}

interface KeptCopy {
  base: unknown
  next?: { record: unknown }
}

export class UnitOfWork {
  private scratch: MockDatabase | null = null
  private readonly copies = new Map<CollectionName, CollectionCopy>()
  private readonly keptCopies = new Map<string, KeptCopy>()
  private closed = false

  constructor(
    private readonly live: MockDatabase,
    private readonly committedKept: Map<string, unknown>,
  ) {}

  /** The request's own copy of a collection (made on first touch); the committed one once the unit is closed. */
  collection<Name extends CollectionName>(name: Name): MockDatabase[Name] {
    if (this.closed) return this.live[name]
    this.scratch ??= createMockDatabase()
    const copy = this.scratch[name]
    if (!this.copies.has(name)) {
      const committed = recordsArray(this.live[name])
      const copied = recordsArray(copy)
      for (const record of committed) copied.push(record)
      const entry: CollectionCopy = { generation: generationOf(committed), baseLength: committed.length, removed: new Set(), inPlace: false }
      const hooks = copy.hooks as unknown as { on(type: 'delete', listener: (event: { data: { deletedRecord: unknown } }) => void): void }
      hooks.on('delete', ({ data }) => void entry.removed.add(recordKey(name, data.deletedRecord)))
      // An update makes a new record in place and says nothing when it changed no field: noted here, by the call.
      const methods = copy as unknown as Record<(typeof IN_PLACE_METHODS)[number], (...args: unknown[]) => unknown>
      for (const method of IN_PLACE_METHODS) {
        const original = methods[method].bind(copy)
        methods[method] = (...args) => {
          entry.inPlace = true
          return original(...args)
        }
      }
      this.copies.set(name, entry)
    }
    return copy
  }

  /** The committed records as the request first saw them: the first `baseLength` of these. */
  private base(name: CollectionName, { generation }: CollectionCopy): StoredRecord[] {
    return generation.ended ?? recordsArray(this.live[name])
  }

  /** A kept record as this request sees it: its own change, else what was committed when it first looked (the committed one once closed). */
  kept(key: string): unknown {
    if (this.closed) return this.committedKept.get(key)
    const copy = this.keptCopy(key)
    return copy.next ? copy.next.record : copy.base
  }

  keep(key: string, record: unknown): void {
    if (this.closed) throw new Error(`The kept record ${key} was changed after its request was answered: the change is not stored`)
    this.keptCopy(key).next = { record }
  }

  private keptCopy(key: string): KeptCopy {
    let copy = this.keptCopies.get(key)
    if (!copy) this.keptCopies.set(key, (copy = { base: this.committedKept.get(key) }))
    return copy
  }

  /** Ends the request's view: later reads see the committed records, later changes fail. */
  close(): void {
    this.closed = true
  }

  /** Lets the copies go once the unit is committed or discarded (a timer started in the request keeps the unit as its context). */
  release(): void {
    this.scratch = null
    this.copies.clear()
    this.keptCopies.clear()
  }

  /** What the request changed, compared with what it started from. */
  changes(): UnitChanges {
    const collections: CollectionChange[] = []
    for (const [name, copy] of this.copies) {
      const { baseLength, removed } = copy
      const final = recordsArray(this.scratch![name])
      const base = this.base(name, copy)
      // Only made: they are what follows the records it started from.
      const window = copy.inPlace ? differingWindow(base, final, baseLength) : appendedWindow(baseLength, final.length)
      if (!window) continue
      const before = keyedRecords(name, base, window.start, window.beforeEnd)
      const change: CollectionChange = { name, deleted: [], updated: [], appended: [] }
      const finalKeys = new Set<string>()
      for (let index = window.start; index < window.afterEnd; index++) {
        const record = final[index]!
        const key = recordKey(name, record)
        finalKeys.add(key)
        const was = before.get(key)
        if (was === record) continue
        if (was !== undefined && !removed.has(key)) change.updated.push({ key, record })
        else change.appended.push({ key, record, recreated: was !== undefined })
      }
      for (const key of before.keys()) if (!finalKeys.has(key)) change.deleted.push(key)
      if (change.deleted.length + change.updated.length + change.appended.length > 0) collections.push(change)
    }
    const kept = [...this.keptCopies].flatMap(([key, copy]) => (copy.next ? [{ key, record: copy.next.record }] : []))
    return { collections, kept }
  }

  /** The first key of `changes` that another commit changed since this request first looked at it, or null. */
  collision(changes: UnitChanges): string | null {
    for (const change of changes.collections) {
      const copy = this.copies.get(change.name)!
      const committed = recordsArray(this.live[change.name])
      const base = this.base(change.name, copy)
      // Not rewritten since: what other commits changed is what they made after what this request saw.
      const window = copy.generation.ended ? differingWindow(base, committed, copy.baseLength) : appendedWindow(copy.baseLength, committed.length)
      // Nothing committed since, in this collection.
      if (!window) continue
      const was = keyedRecords(change.name, base, window.start, window.beforeEnd)
      const now = keyedRecords(change.name, committed, window.start, window.afterEnd)
      const keys = [...change.deleted, ...change.updated.map((u) => u.key), ...change.appended.map((a) => a.key)]
      const changed = keys.find((key) => now.get(key) !== was.get(key))
      if (changed !== undefined) return `${change.name} ${changed}`
    }
    const changedKept = changes.kept.find(({ key }) => this.committedKept.get(key) !== this.keptCopies.get(key)!.base)
    return changedKept ? `kept record ${changedKept.key}` : null
  }
}

/**
 * Where two lists of one collection differ, as the same index range's ends in each: everything
 * before `start`, and after `beforeEnd` in `before` and `afterEnd` in `after`, is the same record
 * object in both. Null when they hold the same records in the same order.
 */
export function differingWindow(
  before: readonly StoredRecord[],
  after: readonly StoredRecord[],
  beforeLength = before.length,
): { start: number; beforeEnd: number; afterEnd: number } | null {
  const shorter = Math.min(beforeLength, after.length)
  let start = 0
  while (start < shorter && before[start] === after[start]) start++
  if (start === beforeLength && start === after.length) return null
  let beforeEnd = beforeLength
  let afterEnd = after.length
  while (beforeEnd > start && afterEnd > start && before[beforeEnd - 1] === after[afterEnd - 1]) {
    beforeEnd--
    afterEnd--
  }
  return { start, beforeEnd, afterEnd }
}

/** The window of a list only appended to, from `length` records to `nowLength`: its new tail, or null. */
function appendedWindow(length: number, nowLength: number) {
  return nowLength > length ? { start: length, beforeEnd: length, afterEnd: nowLength } : null
}

/** The records of `records[from, to)` by key. */
function keyedRecords(name: CollectionName, records: readonly StoredRecord[], from: number, to: number): Map<string, StoredRecord> {
  const keyed = new Map<string, StoredRecord>()
  for (let index = from; index < to; index++) keyed.set(recordKey(name, records[index]), records[index]!)
  return keyed
}

/** Makes committed changes the records everyone sees: in one synchronous step, so no request sees half of them. */
export function applyChanges(live: MockDatabase, committedKept: Map<string, unknown>, changes: UnitChanges): void {
  for (const change of changes.collections) {
    const records = recordsArray(live[change.name])
    // Only made (a snippet saved, an event recorded): they go at the end, nothing before them moves.
    if (change.deleted.length === 0 && change.updated.length === 0 && change.appended.every((a) => !a.recreated)) {
      for (const { record } of change.appended) records.push(record)
      continue
    }
    const gone = new Set([...change.deleted, ...change.appended.filter((a) => a.recreated).map((a) => a.key)])
    const updated = new Map(change.updated.map((u) => [u.key, u.record]))
    const next: StoredRecord[] = []
    for (const record of records) {
      const key = recordKey(change.name, record)
      if (!gone.has(key)) next.push(updated.get(key) ?? record)
    }
    for (const { record } of change.appended) next.push(record)
    replaceRecords(records, next)
  }
  for (const { key, record } of changes.kept) committedKept.set(key, record)
}
