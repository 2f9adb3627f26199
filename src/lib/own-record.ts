import * as v from 'valibot'

/**
 * Records keyed by user data (chat ids, column names, organization slugs, project refs).
 *
 * A plain object answers `record['toString']`, `record['constructor']` or `record['__proto__']` from
 * Object.prototype, so a key the user (or a corrupt stored value) chose could read as a function and
 * crash the page that trusted it. These records are made without a prototype, every lookup asks for
 * an own property, and a change makes a new prototype-free record (a spread `{ ...record }` would
 * bring the prototype back).
 */
export type OwnRecord<T> = Record<string, T>

/** A record with no prototype: only what was put in it can be read out. */
export function ownRecord<T>(entries: Iterable<readonly [string, T]> = []): OwnRecord<T> {
  const record = Object.create(null) as OwnRecord<T>
  for (const [key, value] of entries) record[key] = value
  return record
}

export function hasOwnKey(record: Readonly<Record<string, unknown>> | null | undefined, key: string): boolean {
  return record !== null && record !== undefined && Object.hasOwn(record, key)
}

/** The value stored under `key` itself, never one inherited from a prototype. */
export function ownValue<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return hasOwnKey(record, key) ? record![key] : undefined
}

/**
 * Sets `key` on `record` as its own property, as JSON.parse would: assigning `__proto__` would set
 * the record's prototype instead (and a column called so would vanish from a row).
 */
export function setOwnValue(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true })
  else record[key] = value
}

/** A new record with `key` set to `value` (last in iteration order when new). */
export function withOwnValue<T>(record: Readonly<Record<string, T>>, key: string, value: T): OwnRecord<T> {
  const next = ownRecord(Object.entries(record))
  next[key] = value
  return next
}

/** A new record without `key`. */
export function withoutOwnKey<T>(record: Readonly<Record<string, T>>, key: string): OwnRecord<T> {
  return ownRecord(Object.entries(record).filter(([name]) => name !== key))
}

const recordLike = v.custom<Record<string, unknown>>(
  (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
  (issue) => `Invalid type: Expected a record but received ${Array.isArray(issue.input) ? 'an array' : issue.received}`,
)

/**
 * A JSON object keyed by user data whose values need no check (a result row: 100,000 of them must
 * parse fast): taken as it is, so every key JSON.parse made its own stays (`__proto__` included).
 * It keeps its prototype: read it with ownValue.
 */
export const ownKeyedObjectSchema: v.GenericSchema<Record<string, unknown>> = recordLike

/**
 * A valibot record for keys that are user data. `v.record` silently drops `__proto__`, `constructor`
 * and `prototype` and returns a plain object; this keeps every own key (a column may be called
 * `constructor`), refuses arrays, and returns a prototype-free record.
 */
export function ownRecordSchema<V extends v.GenericSchema>(
  valueSchema: V,
  keySchema?: v.GenericSchema<string, string>,
): v.GenericSchema<Record<string, unknown>, OwnRecord<v.InferOutput<V>>> {
  return v.pipe(
    recordLike,
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const record = ownRecord<v.InferOutput<V>>()
      for (const [key, field] of Object.entries(dataset.value)) {
        if (keySchema && !v.safeParse(keySchema, key).success) {
          addIssue({ message: `Invalid key ${JSON.stringify(key.slice(0, 60))}` })
          return NEVER
        }
        const parsed = v.safeParse(valueSchema, field)
        if (!parsed.success) {
          addIssue({ message: `Invalid value at ${JSON.stringify(key.slice(0, 60))}: ${v.summarize(parsed.issues)}` })
          return NEVER
        }
        record[key] = parsed.output
      }
      return record
    }),
  )
}
