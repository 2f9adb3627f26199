/** Finding the catalog's tables and columns in what the user wrote, and the closest ones when a name does not match. */
import type { CatalogColumn, CatalogTable, ModelCatalog, ModelContext } from './catalog-reader.ts'
import { compare, isBoundary, levenshtein, nameVariants, qualified, WORD_CHAR } from './names.ts'

// ---------------------------------------------------------------------------------------------
// Finding tables and columns in text
// ---------------------------------------------------------------------------------------------

export interface Mention {
  table: CatalogTable
  start: number
  end: number
}

export interface Span {
  start: number
  end: number
}

export function overlaps(span: Span, spans: readonly Span[]): boolean {
  return spans.some((other) => span.start < other.end && other.start < span.end)
}

/** Every occurrence of `pattern` in `text` (both lower case) that stands as a whole word. */
export function occurrences(text: string, pattern: string): Span[] {
  const spans: Span[] = []
  if (!pattern) return spans
  let from = 0
  for (;;) {
    const index = text.indexOf(pattern, from)
    if (index < 0) break
    const end = index + pattern.length
    const startOk = !WORD_CHAR.test(pattern[0] ?? '') || isBoundary(text, index - 1)
    const endOk = !WORD_CHAR.test(pattern[pattern.length - 1] ?? '') || isBoundary(text, end)
    if (startOk && endOk) spans.push({ start: index, end })
    from = index + 1
  }
  return spans
}

/** Tables named in `text`, in order of appearance, longest spelling first where they overlap. */
export function findTableMentions(text: string, catalog: ModelCatalog): Mention[] {
  const lower = text.toLowerCase()
  const patterns = new Map<string, { table: CatalogTable; rank: number }>()
  const add = (pattern: string, table: CatalogTable, rank: number) => {
    const existing = patterns.get(pattern)
    if (!existing || rank < existing.rank) patterns.set(pattern, { table, rank })
  }
  for (const table of catalog.tables) {
    const schema = table.schema.toLowerCase()
    const name = table.name.toLowerCase()
    for (const form of [`${schema}.${name}`, `"${schema}"."${name}"`, `${schema}."${name}"`, `"${schema}".${name}`]) add(form, table, 0)
    add(`"${name}"`, table, 1)
    add(name, table, 1)
    for (const variant of nameVariants(name)) add(variant, table, 2)
  }
  const found: (Mention & { rank: number })[] = []
  for (const [pattern, { table, rank }] of patterns) {
    for (const span of occurrences(lower, pattern)) {
      const after = lower.slice(span.end)
      // "order by", "group by", "in order to": words, not tables.
      if (rank > 1 && /^\s+(by|to)\b/.test(after)) continue
      if (rank > 0 && /^(order|group|sort)$/.test(pattern) && /^\s+by\b/.test(after)) continue
      found.push({ table, start: span.start, end: span.end, rank })
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start) || a.rank - b.rank)
  const mentions: Mention[] = []
  for (const candidate of found) {
    if (overlaps(candidate, mentions)) continue
    mentions.push({ table: candidate.table, start: candidate.start, end: candidate.end })
  }
  return mentions
}

interface ColumnMention {
  table: CatalogTable
  column: CatalogColumn
  start: number
  end: number
}

/** Columns of `tables` named in `text`, outside `exclude`, in order of appearance. */
export function findColumnMentions(text: string, tables: readonly CatalogTable[], exclude: readonly Span[]): ColumnMention[] {
  const lower = text.toLowerCase()
  const found: ColumnMention[] = []
  for (const table of tables) {
    for (const column of table.columns) {
      const name = column.name.toLowerCase()
      const forms = new Set([`"${name}"`, name, name.replaceAll('_', ' ')])
      for (const form of forms) {
        for (const span of occurrences(lower, form)) found.push({ table, column, ...span })
      }
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start))
  const out: ColumnMention[] = []
  const taken: Span[] = [...exclude]
  for (const mention of found) {
    if (overlaps(mention, taken)) continue
    taken.push(mention)
    out.push(mention)
  }
  return out
}

export function findColumn(table: CatalogTable, name: string): CatalogColumn | undefined {
  const unquoted = name.startsWith('"') && name.endsWith('"') && name.length > 1 ? name.slice(1, -1).replaceAll('""', '"') : null
  if (unquoted !== null) return table.columns.find((column) => column.name === unquoted)
  return (
    table.columns.find((column) => column.name === name) ??
    table.columns.find((column) => column.name.toLowerCase() === name.toLowerCase()) ??
    table.columns.find((column) => column.name.toLowerCase().replaceAll('_', ' ') === name.toLowerCase()) ??
    (name.length >= 3 ? table.columns.find((column) => nameVariants(column.name.toLowerCase()).includes(name.toLowerCase())) : undefined)
  )
}

/** A table by "schema.name", "name", quoted forms or a singular/plural spelling. */
export function findTableByName(catalog: ModelCatalog, raw: string): CatalogTable | undefined {
  const text = raw.trim()
  if (!text) return undefined
  const parts = splitQualified(text)
  const exact = (schema: string | null, name: string) => catalog.tables.find((table) => table.name === name && (schema === null || table.schema === schema))
  const loose = (schema: string | null, name: string) =>
    catalog.tables.find((table) => table.name.toLowerCase() === name.toLowerCase() && (schema === null || table.schema.toLowerCase() === schema.toLowerCase()))
  const byVariant = (schema: string | null, name: string) =>
    catalog.tables.find(
      (table) =>
        nameVariants(table.name.toLowerCase()).includes(name.toLowerCase()) && (schema === null || table.schema.toLowerCase() === schema.toLowerCase()),
    )
  return exact(parts.schema, parts.name) ?? loose(parts.schema, parts.name) ?? byVariant(parts.schema, parts.name)
}

export function splitQualified(text: string): { schema: string | null; name: string } {
  const match = /^("(?:[^"]|"")+"|[^".]+)\.("(?:[^"]|"")+"|[^"]+)$/.exec(text)
  const unquote = (part: string) => (part.startsWith('"') && part.endsWith('"') ? part.slice(1, -1).replaceAll('""', '"') : part)
  if (match && match[1] && match[2]) return { schema: unquote(match[1]), name: unquote(match[2]) }
  return { schema: null, name: unquote(text) }
}

/** Closest tables to a name that was not found, best first. */
export function closestTables(catalog: ModelCatalog, raw: string, max = 3): CatalogTable[] {
  const wanted = splitQualified(raw.trim()).name.toLowerCase()
  const scored = catalog.tables.map((table) => {
    const name = table.name.toLowerCase()
    const distance = Math.min(
      ...nameVariants(name).map((variant) => levenshtein(wanted, variant)),
      levenshtein(wanted, `${table.schema.toLowerCase()}.${name}`),
    )
    const contains = name.length >= 3 && wanted.length >= 3 && (name.includes(wanted) || wanted.includes(name))
    return { table, distance: contains ? Math.min(distance, 2) : distance }
  })
  const limit = Math.min(Math.max(2, Math.ceil(wanted.length / 3)), Math.max(0, wanted.length - 1))
  return scored
    .filter((entry) => entry.distance <= limit)
    .sort((a, b) => a.distance - b.distance || compare(qualified(a.table), qualified(b.table)))
    .slice(0, max)
    .map((entry) => entry.table)
}

export function closestColumns(table: CatalogTable, raw: string, max = 3): CatalogColumn[] {
  const wanted = raw.toLowerCase()
  const limit = Math.min(Math.max(2, Math.ceil(wanted.length / 3)), Math.max(0, wanted.length - 1))
  return table.columns
    .map((column) => ({ column, distance: levenshtein(wanted, column.name.toLowerCase()) }))
    .filter((entry) => entry.distance <= limit)
    .sort((a, b) => a.distance - b.distance || compare(a.column.name, b.column.name))
    .slice(0, max)
    .map((entry) => entry.column)
}

export function tableFromContext(catalog: ModelCatalog, context: ModelContext | undefined): CatalogTable | undefined {
  const picked = context?.tables ?? []
  if (picked.length !== 1 || !picked[0]) return undefined
  const text = picked[0]
  const dot = text.indexOf('.')
  if (dot > 0 && !text.startsWith('"')) {
    const schema = text.slice(0, dot)
    const name = text.slice(dot + 1)
    const direct = catalog.tables.find((table) => table.schema === schema && table.name === name)
    if (direct) return direct
  }
  return findTableByName(catalog, text)
}
