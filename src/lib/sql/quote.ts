import { hexOf } from '../hex'

/** A value that `sqlLiteral` can write as a SQL constant. */
export type SqlScalar = string | number | bigint | boolean | Date | Uint8Array | null | undefined

/**
 * A SQL constant for `value`, safe to splice into statement text.
 *
 * Strings with a backslash use the `E'...'` form (as libpq's PQescapeLiteral does), so the text
 * means the same whatever `standard_conforming_strings` is set to.
 */
export function sqlLiteral(value: SqlScalar): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value < 0 || Object.is(value, -0) ? `(${value})` : String(value)
    // NaN and ±Infinity exist only as float8 spellings.
    return `${quote(Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity')}::float8`
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('sqlLiteral: invalid Date')
    return `${quote(value.toISOString())}::timestamptz`
  }
  if (value instanceof Uint8Array) return `${quote('\\x' + hexOf(value))}::bytea`
  return quote(value)
}

/** A jsonb constant. `undefined` members are dropped, as JSON.stringify does. */
export function sqlJson(value: unknown): string {
  const text = JSON.stringify(value)
  if (text === undefined) throw new TypeError('sqlJson: value has no JSON form')
  return `${quote(text)}::jsonb`
}

/** An array constant of a named element type (the type makes an empty array well typed). */
export function sqlArray(values: readonly SqlScalar[], elementType: string): string {
  return `ARRAY[${values.map(sqlLiteral).join(', ')}]::${elementType}[]`
}

/** A quoted identifier, e.g. a schema, table or database name. */
export function sqlIdent(name: string): string {
  if (name.includes('\0')) throw new RangeError('sqlIdent: identifiers cannot contain NUL')
  return `"${name.replaceAll('"', '""')}"`
}

function quote(text: string): string {
  // Postgres text cannot hold NUL; failing here beats a confusing server error later.
  if (text.includes('\0')) throw new RangeError('sqlLiteral: strings cannot contain NUL')
  const body = text.replaceAll("'", "''")
  return text.includes('\\') ? ` E'${body.replaceAll('\\', '\\\\')}'` : `'${body}'`
}

