/** A value that survives JSON and structured clone (what the inspector shows, sends and records). */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** How a serialised Error is marked, so a replay can hand the machine a real Error again. */
const ERROR_TAG = '__error'
const MAX_DEPTH = 12

function isActorRef(value: object): value is { id: string; sessionId: string } {
  return 'sessionId' in value && 'send' in value && typeof (value as { send: unknown }).send === 'function'
}

/**
 * Any value (context, event, snapshot part) as JSON: functions and actor refs become labels, Errors keep
 * name, message and own fields (tagged), Maps and Sets become objects and arrays, cycles and very deep
 * values are cut. Never throws: the inspector must not break the app it watches.
 */
export function toJsonSafe(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): JsonValue {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value)
  if (typeof value === 'bigint') return `${value}n`
  if (typeof value === 'symbol') return value.toString()
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`
  if (typeof value !== 'object') return String(value)
  if (seen.has(value)) return '[circular]'
  if (depth >= MAX_DEPTH) return '[…]'
  seen.add(value)
  try {
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()
    if (isActorRef(value)) return `[actor ${value.id}]`
    if (value instanceof Error) {
      const fields: Record<string, JsonValue> = { [ERROR_TAG]: true, name: value.name, message: value.message }
      for (const [key, field] of Object.entries(value)) if (field !== undefined) fields[key] = toJsonSafe(field, depth + 1, seen)
      return fields
    }
    if (Array.isArray(value)) return value.map((item) => toJsonSafe(item, depth + 1, seen))
    if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), toJsonSafe(v, depth + 1, seen)]))
    if (value instanceof Set) return [...value].map((item) => toJsonSafe(item, depth + 1, seen))
    const result: Record<string, JsonValue> = {}
    for (const [key, field] of Object.entries(value)) if (field !== undefined) result[key] = toJsonSafe(field, depth + 1, seen)
    return result
  } catch {
    return '[unreadable]'
  } finally {
    seen.delete(value)
  }
}

/** The reverse of the one lossy step that matters to machines: tagged Errors become Errors again. */
export function reviveJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reviveJson)
  if (value === null || typeof value !== 'object') return value
  const record = value as Record<string, unknown>
  const revived = Object.fromEntries(Object.entries(record).map(([key, field]) => [key, reviveJson(field)]))
  if (record[ERROR_TAG] !== true) return revived
  const { [ERROR_TAG]: _tag, name, message, ...fields } = revived
  const error = new Error(String(message ?? ''))
  error.name = String(name ?? 'Error')
  return Object.assign(error, fields)
}

/** Where two JSON values differ, as `path: expected … got …` lines (at most `limit`). */
export function jsonDifferences(expected: unknown, actual: unknown, path = '', limit = 20): string[] {
  const out: string[] = []
  const walk = (a: unknown, b: unknown, at: string) => {
    if (out.length >= limit) return
    const bothObjects = a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)
    if (bothObjects) {
      const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)])
      for (const key of keys) walk((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], at ? `${at}.${key}` : key)
      return
    }
    if (JSON.stringify(a) !== JSON.stringify(b))
      out.push(`${at || '(root)'}: expected ${JSON.stringify(a) ?? 'nothing'}, got ${JSON.stringify(b) ?? 'nothing'}`)
  }
  walk(expected, actual, path)
  return out
}

/** A short, stable, non-cryptographic hash of a string (cyrb53), as 14 hex digits. */
export function hashString(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')
}
