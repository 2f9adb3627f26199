import * as v from 'valibot'
import { readStored, removeStored, writeStored } from '../../src/lib/storage'
import type { PlatformContext } from '../context'

/** One record the mock platform keeps beside its collections, read and changed whole. */
export interface KeptRecord<T> {
  /** The record as last written, or the empty one; a stored value that does not parse reads as empty. */
  read(ctx: PlatformContext): T
  /**
   * The record for a look only (a check on every request): frozen, never to be changed. Served, one
   * parsed copy per record as committed, so a check does not copy and parse the whole record each time.
   */
  peek(ctx: PlatformContext): Readonly<T>
  /** Changes the record in one read-modify-write and returns it as written. */
  update(ctx: PlatformContext, change: (record: T) => void): T
}

/** Freezes `value` and everything in it (what `peek` hands out is shared by every caller). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/**
 * A record kept in the browser's local storage where the mock platform has it (the page's platform,
 * the storage that keeps snippets), in memory per platform otherwise (node), or in the platform's
 * record store when it has one (served: PostgreSQL, changed with the request's other records and
 * seen by others once they commit, records/record-units.ts). In the browser every
 * read goes to storage afresh, so what another page of the same browser wrote (a popup, another
 * tab) is seen at once and survives a reload. Either way a read returns a copy parsed by `schema`,
 * so records keyed by data stay prototype-free (ownRecordSchema) and a caller's changes are not
 * kept until it updates.
 */
export function keptRecord<S extends v.GenericSchema>(
  key: string,
  schema: S,
  empty: () => v.InferOutput<S>,
  /** When given, a record it calls empty is removed from storage rather than written (no key left behind). */
  isEmpty?: (record: v.InferOutput<S>) => boolean,
): KeptRecord<v.InferOutput<S>> {
  type Record = v.InferOutput<S>
  const inMemory = new WeakMap<PlatformContext, Record>()

  function read(ctx: PlatformContext): Record {
    const storage = ctx.contentPersistence?.storage
    if (ctx.recordPersistence) return fromRecordStore(ctx.recordPersistence.kept(key)) ?? empty()
    // A structured clone has plain objects again: parsing makes the records prototype-free.
    if (!storage) return v.parse(schema, structuredClone(inMemory.get(ctx) ?? empty()))
    return readStored(storage, key, schema) ?? empty()
  }

  /** A copy of what the record store holds; one that no longer parses reads as empty, as in local storage. */
  function fromRecordStore(stored: unknown): Record | undefined {
    if (stored === undefined) return undefined
    const parsed = v.safeParse(schema, structuredClone(stored))
    return parsed.success ? parsed.output : undefined
  }

  function write(ctx: PlatformContext, record: Record): void {
    const storage = ctx.contentPersistence?.storage
    // A copy: the caller's later changes to its record are not kept until it updates again.
    if (ctx.recordPersistence) ctx.recordPersistence.keep(key, structuredClone(record))
    else if (!storage) inMemory.set(ctx, structuredClone(record))
    // A full or blocked storage costs persistence only, never the answer.
    else if (isEmpty?.(record)) removeStored(storage, key)
    else writeStored(storage, key, record)
  }

  // Keyed by the stored object: the record store replaces a kept record whole, never changes one in place.
  const peeked = new WeakMap<object, Record>()
  function peek(ctx: PlatformContext): Readonly<Record> {
    const stored = ctx.recordPersistence?.kept(key)
    if (typeof stored !== 'object' || stored === null) return deepFreeze(read(ctx))
    let record = peeked.get(stored)
    if (!record) peeked.set(stored, (record = deepFreeze(fromRecordStore(stored) ?? empty())))
    return record
  }

  return {
    read,
    peek,
    update(ctx, change) {
      const record = read(ctx)
      change(record)
      write(ctx, record)
      return record
    },
  }
}
