import { setOwnValue } from '../../src/lib/own-record.ts'
import type { ProjectDatabase, RunOptions } from './types.ts'

export interface PgMetaQueryBody {
  query: string
  parameters?: unknown[] | undefined
}

/**
 * pg-meta's `POST /query`: with parameters, one statement bound to `$1…` (extended protocol);
 * without, the whole text in one go (simple protocol, several statements allowed), answering with
 * the rows of the last statement that returned any, else `[]` — postgres-meta's
 * `res.reverse().find((x) => x.rows.length !== 0) ?? { rows: [] }`.
 *
 * Value types are decided by the providers (`decode.ts`): int8 and numeric as strings, timestamps
 * as ISO 8601 text, json as parsed values, bytea as `\x…` hex, arrays as arrays. `toJsonValue`
 * only guards against a `ProjectDatabase` that hands back Dates, bigints or bytes anyway.
 *
 * Errors are thrown as they come; map them with `toPgMetaError(error, body.query)`. `options`: the
 * cancelling signal, Server-Timing's parts, a read-only run, and rows handed on as the database
 * reads them, where it can (types.ts), as pg-meta's values like the answer's.
 */
export async function runPgMetaQuery(db: ProjectDatabase, body: PgMetaQueryBody, options: RunOptions = {}): Promise<Record<string, unknown>[]> {
  // Like node-postgres, an empty parameter list still means the simple protocol.
  if (body.parameters && body.parameters.length > 0) {
    const { rows } = await db.query(body.query, body.parameters, options)
    return rows.map(toJsonRow)
  }
  const { onRows } = options
  // Rows handed on while they arrive are made JSON-safe once, and kept for the answer.
  const handedOn: Record<string, unknown>[][] = []
  const results = await db.exec(body.query, {
    ...options,
    ...(onRows && {
      onRows: (rows, index) => {
        const json = rows.map(toJsonRow)
        const kept = (handedOn[index] ??= [])
        for (const row of json) kept.push(row)
        onRows(json, index)
      },
    }),
  })
  const last = results.findLastIndex((result) => result.rows.length !== 0)
  if (last === -1) return []
  return handedOn[last] ?? results[last]!.rows.map(toJsonRow)
}

/** The row as pg-meta sends it: itself when every value already is (decoded rows always are: no copy of a million rows), else a copy made so. */
function toJsonRow(row: Record<string, unknown>): Record<string, unknown> {
  if (Object.values(row).every(isJsonValue)) return row
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row)) setOwnValue(out, key, toJsonValue(value))
  return out
}

/** Whether JSON.stringify keeps `value` as toJsonValue would make it. */
function isJsonValue(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return true
  if (typeof value !== 'object' || value instanceof Date || ArrayBuffer.isView(value)) return false
  return Array.isArray(value) ? value.every(isJsonValue) : Object.values(value).every(isJsonValue)
}

/** A value JSON.stringify keeps as pg-meta would send it. */
export function toJsonValue(value: unknown): unknown {
  if (value === undefined) return null
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (value instanceof Uint8Array) {
    let hex = '\\x'
    for (const byte of value) hex += byte.toString(16).padStart(2, '0')
    return hex
  }
  if (Array.isArray(value)) return value.map(toJsonValue)
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [key, member] of Object.entries(value)) setOwnValue(out, key, toJsonValue(member))
    return out
  }
  return value
}
