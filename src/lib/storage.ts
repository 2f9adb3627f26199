import * as v from 'valibot'
import { errorMessage } from './error-message'

// Rule: browser storage is input like any other (older versions, other tabs, extensions and people
// write it), so every key is read through a schema, records keyed by user data are read by own
// properties only (./own-record: a saved "toString" must not find Object.prototype's), and a value
// that parses but makes no sense is repaired or discarded with a warning; a read never throws.

/** What a parsed value still has to pass: kept (with what was repaired, if anything) or discarded (with why). */
export type StoredSense<T> = { value: T; repairs?: readonly string[] } | { discard: string }

export interface ReadStoredOptions<T> {
  /** Checks that a value which parses makes sense (ids that point somewhere, keys that match). */
  makeSense?: (value: T) => StoredSense<T>
}

/**
 * Reads a JSON value from browser storage and checks it against a schema.
 * Corrupt or foreign values are removed with a warning, never trusted and never thrown.
 */
export function readStored<S extends v.GenericSchema>(
  storage: Storage | undefined,
  key: string,
  schema: S,
  options: ReadStoredOptions<v.InferOutput<S>> = {},
): v.InferOutput<S> | null {
  const raw = readRaw(storage, key)
  if (raw === null) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return discard(storage, key, 'corrupt', 'not JSON')
  }
  const result = v.safeParse(schema, parsed)
  if (!result.success) return discard(storage, key, 'invalid', v.summarize(result.issues))
  if (!options.makeSense) return result.output
  let sense: StoredSense<v.InferOutput<S>>
  try {
    sense = options.makeSense(result.output)
  } catch (error) {
    return discard(storage, key, 'invalid', errorMessage(error))
  }
  if ('discard' in sense) return discard(storage, key, 'invalid', sense.discard)
  if (sense.repairs?.length) {
    console.warn(`Repaired "${key}" in browser storage: ${sense.repairs.join('; ')}`)
    writeStored(storage, key, sense.value)
  }
  return sense.value
}

/**
 * Reads a value kept as plain text (not JSON) and checks it against a schema: what does not match is
 * removed with a warning, like readStored.
 */
export function readStoredText<S extends v.GenericSchema<string, string>>(storage: Storage | undefined, key: string, schema: S): v.InferOutput<S> | null {
  const raw = readRaw(storage, key)
  if (raw === null) return null
  const result = v.safeParse(schema, raw)
  if (result.success) return result.output
  return discard(storage, key, 'invalid', v.summarize(result.issues))
}

export function writeStoredText(storage: Storage | undefined, key: string, value: string): boolean {
  if (!storage) return false
  try {
    storage.setItem(key, value)
    return true
  } catch (error) {
    console.warn(`Could not write "${key}" to browser storage`, error)
    return false
  }
}

function readRaw(storage: Storage | undefined, key: string): string | null {
  if (!storage) return null
  try {
    return storage.getItem(key)
  } catch (error) {
    console.warn(`Could not read "${key}" from browser storage`, error)
    return null
  }
}

function discard(storage: Storage | undefined, key: string, what: 'corrupt' | 'invalid', why: string): null {
  // Long enough to say what was wrong, never the whole of a huge value.
  console.warn(`Discarded ${what} "${key}" in browser storage: ${why.length > 300 ? `${why.slice(0, 299)}…` : why}`)
  removeStored(storage, key)
  return null
}

export function writeStored(storage: Storage | undefined, key: string, value: unknown): boolean {
  let text: string
  try {
    text = JSON.stringify(value)
  } catch (error) {
    console.warn(`Could not write "${key}" to browser storage`, error)
    return false
  }
  return writeStoredText(storage, key, text)
}

export function removeStored(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key)
  } catch {
    // Storage that cannot be written to has nothing of ours to remove.
  }
}

/** The page's storage if this runtime has one. */
export function browserStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage
  } catch {
    return undefined
  }
}

/** The keys of `storage` that start with `prefix`; none where storage cannot be read. */
export function storedKeysWithPrefix(storage: Storage | undefined, prefix: string): string[] {
  const keys: string[] = []
  try {
    if (!storage) return keys
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)
      if (key?.startsWith(prefix)) keys.push(key)
    }
  } catch {
    return []
  }
  return keys
}
