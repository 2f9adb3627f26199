/**
 * Turns Postgres text-format values into the JSON values pg-meta answers with.
 *
 * Both back ends (PGlite and node-postgres) are asked for raw text and decoded here, so PGlite and a
 * real server give identical rows. The choices, all JSON-safe:
 * - bool → boolean; int2, int4, oid, float4, float8 → number
 * - int8 and numeric → string (no precision lost; node-postgres's default for both; note that
 *   postgres-meta itself turns int8 into a number when it is a safe integer)
 * - json, jsonb → parsed value
 * - timestamptz → ISO 8601 with offset (`2026-11-01T12:00:00.123456+00:00`), microseconds kept;
 *   timestamp → ISO 8601 without offset (postgres-meta sends both as Postgres prints them,
 *   `2026-11-01 12:00:00.123456+00`); date, time, interval → Postgres text
 * - bytea → `\x…` hex text (Postgres's own output)
 * - arrays → JS arrays (nested for several dimensions) of the element values above
 * - anything else (text, uuid, enums, ranges, composites, geometry…) → Postgres text
 */
import { setOwnValue } from '../../src/lib/own-record.ts'
import type { QueryField, QueryResult } from './types.ts'

type Decoder = (text: string) => unknown

/** Raw rows as both back ends give them: one array of texts (or NULL) per row. */
export interface RawResult {
  fields: QueryField[]
  rows: (string | null)[][]
  command?: string | undefined
  rowCount?: number | null | undefined
}

/** What decoding needs to know about a type that is not one of the scalars below. */
export interface ArrayTypeInfo {
  /** Element type, after following one domain level to its base type. */
  element: number
  delimiter: string
}

export const OID = {
  bool: 16,
  bytea: 17,
  int8: 20,
  int2: 21,
  int4: 23,
  oid: 26,
  json: 114,
  float4: 700,
  float8: 701,
  timestamp: 1114,
  timestamptz: 1184,
  numeric: 1700,
  jsonb: 3802,
} as const

const toNumber: Decoder = (text) => Number(text)

const SCALARS: ReadonlyMap<number, Decoder> = new Map<number, Decoder>([
  [OID.bool, (text) => text === 't'],
  [OID.int2, toNumber],
  [OID.int4, toNumber],
  [OID.oid, toNumber],
  [OID.float4, toNumber],
  [OID.float8, toNumber],
  [OID.json, (text) => JSON.parse(text)],
  [OID.jsonb, (text) => JSON.parse(text)],
  [OID.timestamp, timestampToIso],
  [OID.timestamptz, timestamptzToIso],
])

/** Builtin array types (array oid → element oid) so common results need no catalog lookup. */
const BUILTIN_ARRAYS: ReadonlyMap<number, number> = new Map([
  [1000, 16], [1001, 17], [1002, 18], [1003, 19], [1005, 21], [1007, 23], [1009, 25], [1014, 1042],
  [1015, 1043], [1016, 20], [1021, 700], [1022, 701], [1028, 26], [1182, 1082], [1183, 1083],
  [1115, 1114], [1185, 1184], [1187, 1186], [1231, 1700], [1270, 1266], [199, 114], [3807, 3802],
  [2951, 2950], [1041, 869], [651, 650], [1040, 829],
])

/** Builtin types that stay text; listed so they need no catalog lookup either. */
const BUILTIN_TEXT: readonly number[] = [
  17, 18, 19, 20, 24, 25, 28, 194, 650, 829, 869, 1033, 1042, 1043, 1082, 1083, 1186, 1266, 1700, 2205, 2206, 2950, 3220,
]

const COMMANDS_WITH_ROW_COUNT = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'])

/**
 * Decodes raw results, keeping per database what it learnt about non-builtin types (enum arrays and
 * the like): `lookup` asks the catalog about oids seen for the first time.
 */
export class ResultDecoder {
  /** Array types with their element; null for types decoded as text. */
  readonly #typeInfo = new Map<number, ArrayTypeInfo | null>()
  readonly #lookup: (oids: number[]) => Promise<Map<number, ArrayTypeInfo | null>>

  constructor(lookup: (oids: number[]) => Promise<Map<number, ArrayTypeInfo | null>>) {
    this.#lookup = lookup
    for (const [array, element] of BUILTIN_ARRAYS) this.#typeInfo.set(array, { element, delimiter: ',' })
    for (const oid of BUILTIN_TEXT) this.#typeInfo.set(oid, null)
  }

  async decode(results: RawResult[]): Promise<QueryResult[]> {
    const unknown = new Set<number>()
    for (const { fields } of results) {
      for (const { dataTypeID } of fields) {
        if (!SCALARS.has(dataTypeID) && !this.#typeInfo.has(dataTypeID)) unknown.add(dataTypeID)
      }
    }
    if (unknown.size > 0) {
      const found = await this.#lookup([...unknown])
      for (const oid of unknown) this.#typeInfo.set(oid, found.get(oid) ?? null)
    }
    return results.map((result) => this.#decodeResult(result))
  }

  #decodeResult({ fields, rows, command, rowCount }: RawResult): QueryResult {
    const decoders = fields.map((field) => this.#decoderFor(field.dataTypeID))
    const decoded: QueryResult = {
      fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
      // Duplicate column names keep the last value, as pg and PGlite object rows do; every name is
      // the row's own key (a column may be called `__proto__`).
      rows: rows.map((values) => {
        const row: Record<string, unknown> = {}
        fields.forEach((field, index) => {
          const value = values[index]
          setOwnValue(row, field.name, value === null || value === undefined ? null : (decoders[index] ?? identity)(value))
        })
        return row
      }),
    }
    if (command !== undefined && COMMANDS_WITH_ROW_COUNT.has(command) && typeof rowCount === 'number') {
      decoded.affectedRows = rowCount
    }
    if (command) decoded.command = command
    return decoded
  }

  #decoderFor(oid: number): Decoder {
    const scalar = SCALARS.get(oid)
    if (scalar) return scalar
    const array = this.#typeInfo.get(oid)
    if (!array) return identity
    const element = SCALARS.get(array.element) ?? identity
    return (text) => parsePgArray(text, element, array.delimiter)
  }
}

/** The SQL that answers `ResultDecoder`'s lookup; oids are numbers, so inlining them is safe. */
export function arrayTypeLookupSql(oids: readonly number[]): string {
  const list = oids.map((oid) => String(Math.trunc(oid))).join(', ')
  return `select t.oid::int4 as oid, coalesce(nullif(e.typbasetype, 0), e.oid)::int4 as element, e.typdelim::text as delimiter
    from pg_catalog.pg_type t join pg_catalog.pg_type e on e.oid = t.typelem
    where t.oid in (${list}) and t.typcategory = 'A'`
}

/** Reads the rows of `arrayTypeLookupSql` (raw text rows: oid, element, delimiter). */
export function readArrayTypeLookup(rows: (string | null)[][]): Map<number, ArrayTypeInfo | null> {
  const found = new Map<number, ArrayTypeInfo | null>()
  for (const [oid, element, delimiter] of rows) {
    if (oid && element && delimiter) found.set(Number(oid), { element: Number(element), delimiter })
  }
  return found
}

/**
 * Parses a Postgres array literal (`{1,2,NULL}`, `{{a,b},{c,d}}`, `{"x y","q\"q"}`, optionally
 * prefixed by bounds like `[0:1]=`). Text that is not an array literal (int2vector's `1 2`) is
 * returned unchanged.
 */
export function parsePgArray(text: string, element: Decoder = identity, delimiter = ','): unknown {
  let start = 0
  if (text.startsWith('[')) {
    const equals = text.indexOf('=')
    if (equals < 0) return text
    start = equals + 1
  }
  if (text[start] !== '{') return text
  let index = start

  const parseList = (): unknown[] => {
    index++ // past '{'
    const items: unknown[] = []
    if (text[index] === '}') {
      index++
      return items
    }
    for (;;) {
      const char = text[index]
      if (char === '{') {
        items.push(parseList())
      } else if (char === '"') {
        index++
        let value = ''
        while (index < text.length && text[index] !== '"') {
          if (text[index] === '\\') index++
          value += text[index] ?? ''
          index++
        }
        index++ // past closing quote
        items.push(element(value))
      } else {
        let value = ''
        while (index < text.length && text[index] !== delimiter && text[index] !== '}') {
          if (text[index] === '\\') index++
          value += text[index] ?? ''
          index++
        }
        items.push(value === 'NULL' ? null : element(value))
      }
      const next = text[index]
      index++
      if (next !== delimiter) return items // '}' or the end of malformed text
    }
  }

  return parseList()
}

/** `2026-11-01 12:00:00.5+00` → `2026-11-01T12:00:00.5+00:00`; other spellings are kept. */
export function timestamptzToIso(text: string): string {
  const match = /^(\d{4,}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2})(?::(\d{2}))?$/.exec(text)
  if (!match) return text // infinity, BC dates, offsets with seconds: no ISO spelling
  const [, date, time, hours, minutes] = match
  return `${date}T${time}${hours}:${minutes ?? '00'}`
}

/** `2026-11-01 12:00:00` → `2026-11-01T12:00:00`; other spellings are kept. */
export function timestampToIso(text: string): string {
  return /^\d{4,}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)?$/.test(text) ? text.replace(' ', 'T') : text
}

function identity(text: string): string {
  return text
}
