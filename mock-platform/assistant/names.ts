/** Identifiers, names and the small text helpers every answer of the assistant model uses. */
import { sqlIdent, sqlLiteral } from '../../src/lib/sql/quote.ts'
import type { CatalogTable } from './catalog-reader.ts'

// ---------------------------------------------------------------------------------------------
// Identifiers, names and small helpers
// ---------------------------------------------------------------------------------------------

/** Reserved and type/function-name keywords: quoted even when lower case. */
export const KEYWORDS = new Set(
  (
    'all analyse analyze and any array as asc asymmetric authorization between bigint binary bit boolean both case cast char character check ' +
    'coalesce collate collation column concurrently constraint create cross current_catalog current_date current_role current_schema ' +
    'current_time current_timestamp current_user dec decimal default deferrable desc distinct do else end except exists extract false fetch ' +
    'float for foreign freeze from full grant greatest group grouping having ilike in initially inner inout int integer intersect interval into ' +
    'is isnull join lateral leading least left like limit localtime localtimestamp national natural nchar none normalize not notnull null ' +
    'nullif numeric offset on only or order out outer overlaps overlay placing position precision primary real references returning right ' +
    'row select session_user setof similar smallint some substring symmetric system_user table tablesample then time timestamp to trailing ' +
    'treat trim true union unique user using values varchar variadic verbose when where window with'
  ).split(' '),
)

/** An identifier, quoted only when it has to be. */
export function ident(name: string): string {
  return /^[a-z_][a-z0-9_$]*$/.test(name) && !KEYWORDS.has(name) ? name : sqlIdent(name)
}

export function qualified(table: { schema: string; name: string }): string {
  return `${ident(table.schema)}.${ident(table.name)}`
}

export function literal(value: string): string {
  return sqlLiteral(value).trim()
}

export function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``
}

export function sqlBlock(sql: string): string {
  return '```sql\n' + sql.trim() + '\n```'
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export function sortTables(tables: CatalogTable[]): CatalogTable[] {
  return [...tables].sort((a, b) => Number(b.schema === 'public') - Number(a.schema === 'public') || compare(a.schema, b.schema) || compare(a.name, b.name))
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
}

export function listing(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

export const WORD_CHAR = /[\p{L}\p{N}_$]/u

export function isBoundary(text: string, index: number): boolean {
  const char = text[index]
  return char === undefined || !WORD_CHAR.test(char)
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
    }
    previous = current
  }
  return previous[b.length] ?? 0
}

/** Singular and plural spellings of a lower-case name, and the same with underscores as spaces. */
export function nameVariants(name: string): string[] {
  const out = new Set<string>()
  for (const base of new Set([name, name.replaceAll('_', ' ')])) {
    out.add(base)
    if (/[^aeiou]ies$/.test(base)) out.add(base.slice(0, -3) + 'y')
    else if (/(ss|x|z|ch|sh)es$/.test(base)) out.add(base.slice(0, -2))
    else if (/[^s]s$/.test(base)) out.add(base.slice(0, -1))
    if (/[^aeiou]y$/.test(base)) out.add(base.slice(0, -1) + 'ies')
    else if (/(s|x|z|ch|sh)$/.test(base)) out.add(base + 'es')
    else out.add(base + 's')
  }
  return [...out].filter((variant) => variant === name || variant.length >= 3)
}
