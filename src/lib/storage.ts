import * as v from 'valibot'

/**
 * Reads a JSON value from browser storage and checks it against a schema.
 * Corrupt or foreign values are removed with a warning, never trusted and never thrown.
 */
export function readStored<S extends v.GenericSchema>(
  storage: Storage | undefined,
  key: string,
  schema: S,
): v.InferOutput<S> | null {
  if (!storage) return null
  let raw: string | null
  try {
    raw = storage.getItem(key)
  } catch (error) {
    console.warn(`Could not read "${key}" from browser storage`, error)
    return null
  }
  if (raw === null) return null
  try {
    const result = v.safeParse(schema, JSON.parse(raw))
    if (result.success) return result.output
    console.warn(`Discarded invalid "${key}" in browser storage: ${v.summarize(result.issues)}`)
  } catch {
    console.warn(`Discarded corrupt "${key}" in browser storage: not JSON`)
  }
  removeStored(storage, key)
  return null
}

export function writeStored(storage: Storage | undefined, key: string, value: unknown): boolean {
  if (!storage) return false
  try {
    storage.setItem(key, JSON.stringify(value))
    return true
  } catch (error) {
    console.warn(`Could not write "${key}" to browser storage`, error)
    return false
  }
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
