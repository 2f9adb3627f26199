import type { TableColumn } from '../../api/schemas/table-editor'
import { errorMessage } from '../error-message'

/**
 * Instant feedback on typed values, while editing a cell and in the CSV import preview. It mirrors
 * what Postgres accepts for common types; anything it does not know passes, and Postgres decides.
 */

export type CheckedColumn = Pick<TableColumn, 'data_type' | 'base_type' | 'type_category' | 'enums'>

export const NOT_AN_ARRAY = 'Not an array: write ["a", "b"] or {a,b}'

/** null when `text` looks valid for the column's type; otherwise a short message saying why not. */
export function checkInput(text: string, column: CheckedColumn): string | null {
  // Postgres text cannot hold NUL; the literal could not even be written.
  if (text.includes('\0')) return 'Cannot contain the NUL character'
  if (column.type_category === 'A') return checkArray(text, column)
  return checkScalar(text, column.base_type, column.data_type, column.enums)
}

function checkScalar(text: string, baseType: string, dataType: string, enums: string[] | null): string | null {
  // Enum labels are matched exactly: case and spaces count.
  if (enums) return enums.includes(text) ? null : `Not one of: ${enums.join(', ')}`
  switch (baseType) {
    case 'int2':
    case 'int4':
    case 'int8':
      return checkInteger(text, baseType)
    case 'numeric':
      return checkNumeric(text, dataType)
    case 'float4':
    case 'float8':
      return checkFloat(text, baseType)
    case 'bool':
      return isBoolean(text) ? null : 'Not true or false'
    case 'date':
      return checkDate(text)
    case 'timestamp':
    case 'timestamptz':
      return checkTimestamp(text)
    case 'uuid':
      return isUuid(text) ? null : 'Not a UUID'
    case 'json':
    case 'jsonb':
      return checkJson(text)
    case 'varchar':
    case 'bpchar':
      return checkLength(text, dataType)
    default:
      return null
  }
}

const INTEGER_RANGES = {
  int2: { name: 'smallint', min: -32768n, max: 32767n },
  int4: { name: 'integer', min: -2147483648n, max: 2147483647n },
  int8: { name: 'bigint', min: -9223372036854775808n, max: 9223372036854775807n },
}

/** Digits groups may use `_` between digits, and 0x/0o/0b prefixes, as Postgres 16+ reads integers. */
const INTEGER = /^([+-]?)(?:(0[xX][0-9a-fA-F]+(?:_[0-9a-fA-F]+)*)|(0[oO][0-7]+(?:_[0-7]+)*)|(0[bB][01]+(?:_[01]+)*)|(\d+(?:_\d+)*))$/

function parseInteger(text: string): bigint | null {
  const match = INTEGER.exec(text.trim())
  if (!match) return null
  const [, sign, ...digits] = match
  const body = digits.find((d) => d !== undefined)!.replaceAll('_', '')
  const value = BigInt(body)
  return sign === '-' ? -value : value
}

/** Written with a real minus sign, which reads better in a message than a hyphen. */
const formatBound = (value: bigint) => value.toString().replace('-', '−')

function checkInteger(text: string, type: keyof typeof INTEGER_RANGES): string | null {
  const value = parseInteger(text)
  if (value === null) return 'Not a whole number'
  const range = INTEGER_RANGES[type]
  if (value < range.min || value > range.max) return `Out of range for ${range.name} (${formatBound(range.min)} to ${formatBound(range.max)})`
  return null
}

const DECIMAL = /^[+-]?(?:(\d+(?:_\d+)*)(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)([eE][+-]?\d+)?$/
const SPECIAL_NUMBERS = /^[+-]?(?:inf|infinity)$|^nan$/i

function checkNumeric(text: string, dataType: string): string | null {
  const trimmed = text.trim()
  if (SPECIAL_NUMBERS.test(trimmed)) return null
  const match = DECIMAL.exec(trimmed)
  if (!match) return parseInteger(trimmed) === null ? 'Not a number' : null
  const [, integerPart = '', exponent] = match
  const typmod = /^numeric\((\d+)(?:,\s*(-?\d+))?\)/.exec(dataType)
  if (typmod && exponent === undefined) {
    const precision = Number(typmod[1])
    const scale = Number(typmod[2] ?? 0)
    const allowed = Math.max(precision - scale, 0)
    const digits = integerPart.replaceAll('_', '').replace(/^0+/, '').length
    if (digits > allowed) return `Too many digits for ${dataType}: at most ${allowed} before the decimal point`
  }
  return null
}

function checkFloat(text: string, type: 'float4' | 'float8'): string | null {
  const trimmed = text.trim()
  if (SPECIAL_NUMBERS.test(trimmed)) return null
  if (!DECIMAL.test(trimmed)) return 'Not a number'
  const value = Math.abs(Number(trimmed.replaceAll('_', '')))
  const max = type === 'float4' ? 3.4028234663852886e38 : Number.MAX_VALUE
  if (!Number.isFinite(value) || value > max) return `Out of range for ${type === 'float4' ? 'real' : 'double precision'}`
  return null
}

/** What Postgres's boolin takes: any prefix of true/false/yes/no, on, off (or of), 1, 0, any case. */
function isBoolean(text: string): boolean {
  const value = text.trim().toLowerCase()
  if (value === '') return false
  if ('true'.startsWith(value) || 'false'.startsWith(value) || 'yes'.startsWith(value) || 'no'.startsWith(value)) return true
  return ['on', 'of', 'off', '1', '0'].includes(value)
}

const DATE_SPECIALS = ['infinity', '+infinity', '-infinity', 'epoch', 'now', 'today', 'tomorrow', 'yesterday']
const DATE_PART = '(\\d{4,})-(\\d{1,2})-(\\d{1,2})'
const TIME_PART = '(?:(?:T|\\s+)(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:\\.\\d+)?)?)?'
// An offset, or a zone abbreviation (UTC, CEST) or region name (Europe/Paris).
const ZONE_PART = '(?:\\s*(?:Z|[+-]\\d{1,2}(?::?\\d{2}(?::?\\d{2})?)?)|\\s+(?:[A-Za-z]{1,5}|[A-Za-z_]+(?:/[A-Za-z0-9_+-]+)+))?'
const ERA_PART = '(?:\\s+(BC|AD))?'
const DATE_TIME = new RegExp(`^${DATE_PART}${TIME_PART}${ZONE_PART}${ERA_PART}$`, 'i')

type DateTimeCheck = 'ok' | 'no such date' | 'bad time' | 'unreadable'

function readDateTime(text: string): DateTimeCheck {
  const trimmed = text.trim()
  if (DATE_SPECIALS.includes(trimmed.toLowerCase())) return 'ok'
  const match = DATE_TIME.exec(trimmed)
  if (!match) return 'unreadable'
  const [, year, month, day, hour, minute, second, era] = match
  // Postgres has no year 0: 1 BC is the year before 1 AD, and leap years follow from that.
  const astronomicalYear = era?.toUpperCase() === 'BC' ? 1 - Number(year) : Number(year)
  if (Number(year) === 0) return 'no such date'
  const m = Number(month)
  if (m < 1 || m > 12 || Number(day) < 1 || Number(day) > daysInMonth(astronomicalYear, m)) return 'no such date'
  if (hour !== undefined) {
    const h = Number(hour)
    const min = Number(minute)
    const s = Number(second ?? 0)
    if (h > 24 || min > 59 || s > 60 || (h === 24 && (min > 0 || s > 0))) return 'bad time'
  }
  return 'ok'
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

function checkDate(text: string): string | null {
  const result = readDateTime(text)
  if (result === 'ok') return null
  return result === 'no such date' ? `No such date: ${text.trim()}` : 'Not a date (YYYY-MM-DD)'
}

function checkTimestamp(text: string): string | null {
  const result = readDateTime(text)
  if (result === 'ok') return null
  return result === 'no such date' ? `No such date: ${text.trim()}` : 'Not a date and time'
}

/** As uuid_in reads it: 32 hex digits, a hyphen allowed after any group of four, optionally in braces. */
function isUuid(text: string): boolean {
  const body = text.startsWith('{') && text.endsWith('}') ? text.slice(1, -1) : text
  return /^[0-9a-f]{4}(?:-?[0-9a-f]{4}){7}$/i.test(body)
}

function checkJson(text: string): string | null {
  try {
    JSON.parse(text)
    return null
  } catch (error) {
    return `Not valid JSON: ${errorMessage(error)}`
  }
}

function checkLength(text: string, dataType: string): string | null {
  const match = /^(?:character varying|varchar|character|char|bpchar)\((\d+)\)/.exec(dataType)
  if (!match) return null
  const limit = Number(match[1])
  // Postgres drops trailing spaces beyond the limit instead of failing.
  const length = [...text.replace(/ +$/, '')].length
  return length > limit ? `Longer than ${limit} ${limit === 1 ? 'character' : 'characters'}` : null
}

/** An array as JSON (`["a", "b"]`) or Postgres syntax (`{a,b}`), each item checked against the element type. */
function checkArray(text: string, column: CheckedColumn): string | null {
  const elementType = column.base_type.replace(/^_/, '')
  const elementDataType = column.data_type.replace(/(\[\d*\])+$/, '')
  const trimmed = text.trim()
  let items: (string | null)[] | null = null
  if (trimmed.startsWith('[') && !/^\[-?\d+:-?\d+\]/.test(trimmed)) {
    let parsed: unknown
    try {
      parsed = JSON.parse(trimmed)
    } catch {
      return NOT_AN_ARRAY
    }
    if (!Array.isArray(parsed)) return NOT_AN_ARRAY
    // json[] items are any JSON values.
    if (elementType === 'json' || elementType === 'jsonb') return null
    items = jsonLeaves(parsed)
  } else {
    items = pgArrayLeaves(trimmed)
  }
  if (items === null) return NOT_AN_ARRAY
  for (const [index, item] of items.entries()) {
    if (item === null) continue
    const message = checkScalar(item, elementType, elementDataType, column.enums)
    if (message) return `Item ${index + 1}: ${message}`
  }
  return null
}

function jsonLeaves(value: unknown[]): (string | null)[] {
  return value.flatMap((item): (string | null)[] => {
    if (Array.isArray(item)) return jsonLeaves(item)
    if (item === null) return [null]
    return [typeof item === 'object' ? JSON.stringify(item) : String(item)]
  })
}

/** The items of a Postgres array literal (`{a,"b c",NULL,{d}}`, optionally after bounds like `[1:2]=`), or null when it is malformed. */
function pgArrayLeaves(text: string): (string | null)[] | null {
  let i = 0
  const bounds = /^(?:\[-?\d+:-?\d+\])+\s*=\s*/.exec(text)
  if (bounds) i = bounds[0].length
  const leaves: (string | null)[] = []
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++
  }

  const list = (): boolean => {
    i++ // past '{'
    skipSpace()
    if (text[i] === '}') {
      i++
      return true
    }
    for (;;) {
      skipSpace()
      const c = text[i]
      if (c === '{') {
        if (!list()) return false
      } else if (c === '"') {
        let value = ''
        i++
        while (i < text.length && text[i] !== '"') {
          if (text[i] === '\\') i++
          value += text[i] ?? ''
          i++
        }
        if (i >= text.length) return false
        i++
        leaves.push(value)
      } else {
        let value = ''
        while (i < text.length && text[i] !== ',' && text[i] !== '}') {
          if (text[i] === '"' || text[i] === '{') return false
          if (text[i] === '\\') i++
          value += text[i] ?? ''
          i++
        }
        value = value.trim()
        if (value === '') return false
        leaves.push(value.toUpperCase() === 'NULL' ? null : value)
      }
      skipSpace()
      const next = text[i]
      i++
      if (next === '}') return true
      if (next !== ',') return false
    }
  }

  if (text[i] !== '{') return null
  if (!list()) return null
  skipSpace()
  return i === text.length ? leaves : null
}
