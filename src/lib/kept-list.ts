import * as v from 'valibot'
import { readStored, writeStored } from './storage'

/**
 * A list kept newest first in one browser-storage key (a project's past runs): read entry by entry,
 * so an entry that does not parse costs only itself (dropped with a warning, the others kept), and
 * cut to `limit` on read and on write.
 */
export function readKeptList<S extends v.GenericSchema>(storage: Storage | undefined, key: string, entrySchema: S, limit: number): v.InferOutput<S>[] {
  const stored = readStored(storage, key, v.array(v.unknown()), {
    makeSense: (raw) => {
      const entries = raw.flatMap((item) => {
        const parsed = v.safeParse(entrySchema, item)
        return parsed.success ? [parsed.output] : []
      })
      const dropped = raw.length - entries.length
      const kept = entries.slice(0, limit)
      const repairs = [
        ...(dropped ? [`dropped ${dropped} entr${dropped === 1 ? 'y' : 'ies'} that did not parse`] : []),
        ...(kept.length < entries.length ? [`kept the newest ${limit}`] : []),
      ]
      return { value: kept, repairs }
    },
  })
  return (stored ?? []) as v.InferOutput<S>[]
}

/** Puts an entry first (earlier ones `same` as it leave the list). False when the browser refused to keep it. */
export function prependKeptList<S extends v.GenericSchema>(
  storage: Storage | undefined,
  key: string,
  entrySchema: S,
  limit: number,
  entry: v.InferOutput<S>,
  same: (other: v.InferOutput<S>) => boolean = () => false,
): boolean {
  const entries = [entry, ...readKeptList(storage, key, entrySchema, limit).filter((other) => !same(other))].slice(0, limit)
  return writeStored(storage, key, entries)
}
