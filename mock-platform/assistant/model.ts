/**
 * The mock platform's SQL assistant "model": deterministic rules over the chat and the project's
 * real catalog. It answers in Markdown; SQL goes in ```sql blocks and is written to run on the
 * project as it is (schema-qualified, identifiers quoted where needed). No randomness, no network,
 * no dates in the output: the same messages and catalog always give the same answer.
 */
import { EXCLUDED_SCHEMAS } from '../../src/constants/platform.ts'
import { sqlIdent, sqlLiteral } from '../../src/lib/sql/quote.ts'

export interface ModelMessage {
  role: 'user' | 'assistant'
  text: string
}

export interface CatalogColumn {
  name: string
  /** format_type() text, e.g. 'bigint', 'text', 'timestamp with time zone', 'numeric(10,2)', 'text[]', user enums by name. */
  type: string
  nullable: boolean
  hasDefault: boolean
  isIdentity: boolean
  isPrimaryKey: boolean
  /** Single-column foreign keys only. */
  references: { schema: string; table: string; column: string } | null
  /** Labels in sort order when the column's type is an enum (extra to the brief's shape; optional). */
  enumLabels?: string[]
}

export interface CatalogTable {
  schema: string
  name: string
  kind: 'table' | 'view' | 'materialized view'
  /** pg_class.reltuples clamped to >= 0. */
  rowEstimate: number
  rlsEnabled: boolean
  /** In attnum order. */
  columns: CatalogColumn[]
}

export interface ModelCatalog {
  tables: CatalogTable[]
}

/** Optional context the dashboard sends: the current snippet's SQL and tables the user picked ("schema.table"). */
export interface ModelContext {
  sql?: string
  tables?: string[]
}

// ---------------------------------------------------------------------------------------------
// Catalog
// ---------------------------------------------------------------------------------------------

/**
 * One row per relation (tables, partitioned and foreign tables, views, materialized views) with its
 * columns as a json array. Runs on PGlite and PostgreSQL 15+.
 */
export const MODEL_CATALOG_SQL = `
select n.nspname as schema,
       c.relname as name,
       case c.relkind when 'v' then 'view' when 'm' then 'materialized view' else 'table' end as kind,
       greatest(c.reltuples, 0)::float8 as row_estimate,
       c.relrowsecurity as rls_enabled,
       coalesce((
         select json_agg(json_build_object(
                  'name', a.attname,
                  'type', pg_catalog.format_type(a.atttypid, a.atttypmod),
                  'nullable', not a.attnotnull,
                  'has_default', a.atthasdef or a.attidentity <> '' or a.attgenerated <> '',
                  'is_identity', a.attidentity <> '',
                  'is_primary_key', exists (
                    select 1 from pg_catalog.pg_constraint p
                     where p.conrelid = c.oid and p.contype = 'p' and a.attnum = any (p.conkey)),
                  'references', (
                    select json_build_object('schema', fn.nspname, 'table', f.relname, 'column', fa.attname)
                      from pg_catalog.pg_constraint k
                      join pg_catalog.pg_class f on f.oid = k.confrelid
                      join pg_catalog.pg_namespace fn on fn.oid = f.relnamespace
                      join pg_catalog.pg_attribute fa on fa.attrelid = k.confrelid and fa.attnum = k.confkey[1]
                     where k.conrelid = c.oid and k.contype = 'f' and k.conkey = array[a.attnum]
                     order by k.conname
                     limit 1),
                  'enum_labels', (
                    select json_agg(e.enumlabel order by e.enumsortorder)
                      from pg_catalog.pg_enum e
                     where e.enumtypid = a.atttypid)
                ) order by a.attnum)
           from pg_catalog.pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       ), '[]'::json) as columns
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
 where c.relkind in ('r', 'p', 'f', 'v', 'm')
   and n.nspname not in (${EXCLUDED_SCHEMAS.map((schema) => sqlLiteral(schema)).join(', ')})
   and n.nspname not like 'pg\\_temp%'
   and n.nspname not like 'pg\\_toast\\_temp%'
 order by n.nspname, c.relname
`

export function catalogFromRows(rows: Record<string, unknown>[]): ModelCatalog {
  const tables: CatalogTable[] = []
  for (const row of rows) {
    const schema = str(pick(row, 'schema', 'table_schema', 'nspname'))
    const name = str(pick(row, 'name', 'table_name', 'relname'))
    if (!schema || !name) continue
    const kindText = str(pick(row, 'kind'))
    const kind: CatalogTable['kind'] = kindText === 'view' || kindText === 'materialized view' ? kindText : 'table'
    const estimate = Number(pick(row, 'row_estimate', 'rowEstimate', 'reltuples'))
    const columnsValue = parseJsonish(pick(row, 'columns'))
    const columns = Array.isArray(columnsValue) ? columnsValue.flatMap((value) => columnFrom(value)) : []
    tables.push({
      schema,
      name,
      kind,
      rowEstimate: Number.isFinite(estimate) && estimate > 0 ? estimate : 0,
      rlsEnabled: bool(pick(row, 'rls_enabled', 'rlsEnabled', 'relrowsecurity')),
      columns,
    })
  }
  return { tables: sortTables(tables) }
}

function columnFrom(value: unknown): CatalogColumn[] {
  const raw = parseJsonish(value)
  if (!raw || typeof raw !== 'object') return []
  const record = raw as Record<string, unknown>
  const name = str(pick(record, 'name'))
  if (!name) return []
  const refValue = parseJsonish(pick(record, 'references'))
  let references: CatalogColumn['references'] = null
  if (refValue && typeof refValue === 'object') {
    const ref = refValue as Record<string, unknown>
    const schema = str(ref['schema'])
    const table = str(ref['table'])
    const column = str(ref['column'])
    if (schema && table && column) references = { schema, table, column }
  }
  const column: CatalogColumn = {
    name,
    type: str(pick(record, 'type')) || 'text',
    nullable: bool(pick(record, 'nullable')),
    hasDefault: bool(pick(record, 'has_default', 'hasDefault')),
    isIdentity: bool(pick(record, 'is_identity', 'isIdentity')),
    isPrimaryKey: bool(pick(record, 'is_primary_key', 'isPrimaryKey')),
    references,
  }
  const labels = parseJsonish(pick(record, 'enum_labels', 'enumLabels'))
  if (Array.isArray(labels) && labels.length > 0) column.enumLabels = labels.map((label) => String(label))
  return [column]
}

function pick(record: Record<string, unknown>, ...keys: string[]): unknown {
  for (const key of keys) if (record[key] !== undefined) return record[key]
  return undefined
}

function str(value: unknown): string {
  return value === null || value === undefined ? '' : String(value)
}

function bool(value: unknown): boolean {
  if (typeof value === 'string') return value === 't' || value === 'true' || value === '1'
  return Boolean(value)
}

function parseJsonish(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

// ---------------------------------------------------------------------------------------------
// Identifiers, names and small helpers
// ---------------------------------------------------------------------------------------------

/** Reserved and type/function-name keywords: quoted even when lower case. */
const KEYWORDS = new Set(
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
function ident(name: string): string {
  return /^[a-z_][a-z0-9_$]*$/.test(name) && !KEYWORDS.has(name) ? name : sqlIdent(name)
}

function qualified(table: { schema: string; name: string }): string {
  return `${ident(table.schema)}.${ident(table.name)}`
}

function literal(value: string): string {
  return sqlLiteral(value).trim()
}

function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``
}

function sqlBlock(sql: string): string {
  return '```sql\n' + sql.trim() + '\n```'
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function sortTables(tables: CatalogTable[]): CatalogTable[] {
  return [...tables].sort((a, b) => Number(b.schema === 'public') - Number(a.schema === 'public') || compare(a.schema, b.schema) || compare(a.name, b.name))
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
}

function listing(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

const WORD_CHAR = /[\p{L}\p{N}_$]/u

function isBoundary(text: string, index: number): boolean {
  const char = text[index]
  return char === undefined || !WORD_CHAR.test(char)
}

function levenshtein(a: string, b: string): number {
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
function nameVariants(name: string): string[] {
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

// ---------------------------------------------------------------------------------------------
// Finding tables and columns in text
// ---------------------------------------------------------------------------------------------

interface Mention {
  table: CatalogTable
  start: number
  end: number
}

interface Span {
  start: number
  end: number
}

function overlaps(span: Span, spans: readonly Span[]): boolean {
  return spans.some((other) => span.start < other.end && other.start < span.end)
}

/** Every occurrence of `pattern` in `text` (both lower case) that stands as a whole word. */
function occurrences(text: string, pattern: string): Span[] {
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
function findTableMentions(text: string, catalog: ModelCatalog): Mention[] {
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
function findColumnMentions(text: string, tables: readonly CatalogTable[], exclude: readonly Span[]): ColumnMention[] {
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

function findColumn(table: CatalogTable, name: string): CatalogColumn | undefined {
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
function findTableByName(catalog: ModelCatalog, raw: string): CatalogTable | undefined {
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

function splitQualified(text: string): { schema: string | null; name: string } {
  const match = /^("(?:[^"]|"")+"|[^".]+)\.("(?:[^"]|"")+"|[^"]+)$/.exec(text)
  const unquote = (part: string) => (part.startsWith('"') && part.endsWith('"') ? part.slice(1, -1).replaceAll('""', '"') : part)
  if (match && match[1] && match[2]) return { schema: unquote(match[1]), name: unquote(match[2]) }
  return { schema: null, name: unquote(text) }
}

/** Closest tables to a name that was not found, best first. */
function closestTables(catalog: ModelCatalog, raw: string, max = 3): CatalogTable[] {
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

function closestColumns(table: CatalogTable, raw: string, max = 3): CatalogColumn[] {
  const wanted = raw.toLowerCase()
  const limit = Math.min(Math.max(2, Math.ceil(wanted.length / 3)), Math.max(0, wanted.length - 1))
  return table.columns
    .map((column) => ({ column, distance: levenshtein(wanted, column.name.toLowerCase()) }))
    .filter((entry) => entry.distance <= limit)
    .sort((a, b) => a.distance - b.distance || compare(a.column.name, b.column.name))
    .slice(0, max)
    .map((entry) => entry.column)
}

function tableFromContext(catalog: ModelCatalog, context: ModelContext | undefined): CatalogTable | undefined {
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

// ---------------------------------------------------------------------------------------------
// Tokens, filters, ordering and limits
// ---------------------------------------------------------------------------------------------

interface Token {
  text: string
  lower: string
  start: number
  end: number
  kind: 'word' | 'single' | 'double' | 'op' | 'punct'
}

const TOKEN_RE = /'((?:[^']|'')*)'|"((?:[^"]|"")*)"|(>=|<=|<>|!=|==|=|>|<)|(-?[\p{L}\p{N}_$][\p{L}\p{N}_$.@+-]*)|(\S)/gu

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  for (const match of text.matchAll(TOKEN_RE)) {
    const start = match.index ?? 0
    const end = start + match[0].length
    if (match[1] !== undefined) tokens.push({ text: match[1].replaceAll("''", "'"), lower: match[1].toLowerCase(), start, end, kind: 'single' })
    else if (match[2] !== undefined) tokens.push({ text: match[2].replaceAll('""', '"'), lower: match[2].toLowerCase(), start, end, kind: 'double' })
    else if (match[3] !== undefined) tokens.push({ text: match[3], lower: match[3], start, end, kind: 'op' })
    else if (match[4] !== undefined) {
      // Trailing sentence punctuation is not part of the word.
      const word = match[4].replace(/[.\-+@]+$/, '')
      tokens.push({ text: word, lower: word.toLowerCase(), start, end: start + word.length, kind: 'word' })
    } else tokens.push({ text: match[0], lower: match[0], start, end, kind: 'punct' })
  }
  return tokens
}

interface Condition extends Span {
  table: CatalogTable
  column: CatalogColumn
  op: '=' | '<>' | '>' | '<' | '>=' | '<=' | 'like' | 'contains' | 'is null' | 'is not null'
  value: { text: string; quoted: boolean } | null
}

const VALUE_STOP = new Set(
  'and or order ordered sort sorted limit top first last with by desc asc descending ascending then from in of for show where newest oldest latest please rows only'.split(
    ' ',
  ),
)

/** `<column> <op> <value>` phrases about columns of `tables` ("where status = 'paid'", "email is null"). */
function parseConditions(text: string, tables: readonly CatalogTable[], exclude: readonly Span[], allowColon = false): Condition[] {
  const tokens = tokenize(text)
  const conditions: Condition[] = []
  const resolve = (token: Token): { table: CatalogTable; column: CatalogColumn } | null => {
    if (token.kind !== 'word' && token.kind !== 'double') return null
    const name = token.kind === 'double' ? `"${token.text.replaceAll('"', '""')}"` : token.text.split('.').pop() ?? token.text
    for (const table of tables) {
      const column = findColumn(table, name)
      if (column) return { table, column }
    }
    return null
  }
  let i = 0
  while (i < tokens.length) {
    const token = tokens[i]
    if (!token || overlaps(token, exclude)) {
      i++
      continue
    }
    const target = resolve(token)
    if (!target) {
      i++
      continue
    }
    const at = (offset: number) => tokens[i + offset]
    const word = (offset: number) => at(offset)?.lower ?? ''
    let op: Condition['op'] | null = null
    let used = 0
    const next = at(1)
    if (next?.kind === 'op') {
      op = next.text === '==' ? '=' : next.text === '!=' ? '<>' : (next.text as Condition['op'])
      used = 1
    } else if (allowColon && next?.kind === 'punct' && next.text === ':') {
      op = '='
      used = 1
    } else if (word(1) === 'is' && word(2) === 'not' && word(3) === 'null') {
      op = 'is not null'
      used = 3
    } else if (word(1) === 'is' && word(2) === 'null') {
      op = 'is null'
      used = 2
    } else if (word(1) === 'is' && word(2) === 'not') {
      op = '<>'
      used = 2
    } else if (word(1) === 'is' && /^(greater|more|bigger|higher|larger)$/.test(word(2)) && word(3) === 'than') {
      op = '>'
      used = 3
    } else if (word(1) === 'is' && /^(less|smaller|lower|fewer)$/.test(word(2)) && word(3) === 'than') {
      op = '<'
      used = 3
    } else if (word(1) === 'is' && (word(2) === 'equal' || word(2) === 'equals') && word(3) === 'to') {
      op = '='
      used = 3
    } else if (word(1) === 'is' && at(2) && !['a', 'an', 'the', 'it'].includes(word(2))) {
      op = '='
      used = 1
    } else if (word(1) === 'equals' || (word(1) === 'equal' && word(2) === 'to')) {
      op = '='
      used = word(1) === 'equals' ? 1 : 2
    } else if (word(1) === 'like' || word(1) === 'ilike') {
      op = 'like'
      used = 1
    } else if (/^(contains|containing|includes)$/.test(word(1))) {
      op = 'contains'
      used = 1
    } else if (/^(greater|more|bigger|higher|larger)$/.test(word(1)) && word(2) === 'than') {
      op = '>'
      used = 2
    } else if (/^(less|smaller|lower|fewer)$/.test(word(1)) && word(2) === 'than') {
      op = '<'
      used = 2
    } else if (/^(over|above|after)$/.test(word(1))) {
      op = '>'
      used = 1
    } else if (/^(under|below|before)$/.test(word(1))) {
      op = '<'
      used = 1
    } else if (
      /^(where|with|whose|having)$/.test(tokens[i - 1]?.lower ?? '') &&
      (at(1)?.kind === 'single' || (at(1)?.kind === 'word' && !VALUE_STOP.has(word(1)) && !SLOT_STOP.has(word(1)) && !resolve(at(1) as Token)))
    ) {
      op = '='
      used = 0
    }
    if (!op) {
      i++
      continue
    }
    if (op === 'is null' || op === 'is not null') {
      const last = at(used) ?? token
      conditions.push({ ...target, op, value: null, start: token.start, end: last.end })
      i += used + 1
      continue
    }
    const first = at(used + 1)
    if (!first || first.kind === 'op' || first.kind === 'punct') {
      i++
      continue
    }
    let value: { text: string; quoted: boolean }
    let last = first
    let consumed = used + 1
    if (first.kind === 'single' || first.kind === 'double') {
      value = { text: first.text, quoted: true }
    } else {
      const words = [first.text]
      while (true) {
        const following = at(consumed + 1)
        if (!following || following.kind !== 'word' || VALUE_STOP.has(following.lower) || resolve(following)) break
        if (/^\d+$/.test(following.text) && /^\d/.test(words[words.length - 1] ?? '')) break
        words.push(following.text)
        last = following
        consumed++
      }
      value = { text: words.join(' '), quoted: false }
    }
    if (!value.quoted && value.text.toLowerCase() === 'null') {
      conditions.push({ ...target, op: op === '<>' ? 'is not null' : 'is null', value: null, start: token.start, end: last.end })
    } else {
      conditions.push({ ...target, op, value, start: token.start, end: last.end })
    }
    i += consumed + 1
  }
  return conditions
}

type TypeClass =
  | 'int'
  | 'numeric'
  | 'float'
  | 'bool'
  | 'date'
  | 'timestamptz'
  | 'timestamp'
  | 'time'
  | 'interval'
  | 'uuid'
  | 'json'
  | 'array'
  | 'text'
  | 'bytea'
  | 'inet'
  | 'other'

function typeClass(type: string): TypeClass {
  const t = type.toLowerCase()
  if (t.endsWith('[]')) return 'array'
  if (/^(smallint|integer|bigint|int[248]?|smallserial|serial|bigserial)$/.test(t)) return 'int'
  if (/^(numeric|decimal|money)\b/.test(t)) return 'numeric'
  if (/^(real|double precision|float[48]?)\b/.test(t)) return 'float'
  if (t === 'boolean' || t === 'bool') return 'bool'
  if (t === 'date') return 'date'
  if (/^timestamp\b.*with time zone$/.test(t) || t === 'timestamptz') return 'timestamptz'
  if (/^timestamp\b/.test(t)) return 'timestamp'
  if (/^time\b|^timetz$/.test(t)) return 'time'
  if (/^interval\b/.test(t)) return 'interval'
  if (t === 'uuid') return 'uuid'
  if (t === 'json' || t === 'jsonb') return 'json'
  if (t === 'bytea') return 'bytea'
  if (t === 'inet' || t === 'cidr') return 'inet'
  if (/^(text|character varying|varchar|character|char|"char"|citext|name|bpchar)\b/.test(t)) return 'text'
  return 'other'
}

function isNumber(text: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(text)
}

/** A literal for `value` compared with or stored in `column`. */
function valueLiteral(column: CatalogColumn, value: { text: string; quoted: boolean }): string {
  const kind = typeClass(column.type)
  if (!value.quoted) {
    if ((kind === 'int' || kind === 'numeric' || kind === 'float') && isNumber(value.text)) return value.text
    if (kind === 'bool') {
      if (/^(true|yes|t|on|1)$/i.test(value.text)) return 'true'
      if (/^(false|no|f|off|0)$/i.test(value.text)) return 'false'
    }
  }
  return literal(value.text)
}

function conditionSql(condition: Condition, ref: string): string {
  const { column, op, value } = condition
  if (op === 'is null' || op === 'is not null' || !value) return `${ref} ${op === 'is not null' ? 'is not null' : 'is null'}`
  if (typeClass(column.type) === 'array' && (op === '=' || op === 'contains') && !value.text.startsWith('{')) {
    const element = column.type.slice(0, -2)
    const item = { text: value.text, quoted: value.quoted }
    const elementLiteral = valueLiteral({ ...column, type: element }, item)
    return `${elementLiteral} = any (${ref})`
  }
  if (op === 'contains') return `${ref}::text ilike ${literal(`%${value.text}%`)}`
  if (op === 'like') return `${ref}::text like ${literal(value.text)}`
  return `${ref} ${op} ${valueLiteral(column, value)}`
}

interface OrderItem {
  table: CatalogTable
  column: CatalogColumn
  desc: boolean
}

/** "order by x desc", "sorted by x, y", "newest first"; with the span it takes in the text. */
function parseOrder(text: string, tables: readonly CatalogTable[]): { items: OrderItem[]; span: Span | null } {
  const lower = text.toLowerCase()
  const match = /\b(?:order(?:ed)?|sort(?:ed)?|rank(?:ed)?)\s+by\s+/.exec(lower)
  if (match) {
    const items: OrderItem[] = []
    let position = match.index + match[0].length
    for (;;) {
      const rest = lower.slice(position)
      const candidates = findColumnMentions(rest, tables, []).filter((mention) => mention.start === 0)
      const mention = candidates[0]
      if (!mention) break
      position += mention.end
      const direction = /^\s*(desc|descending|asc|ascending|highest first|largest first|newest first|latest first|oldest first|lowest first)\b/.exec(
        lower.slice(position),
      )
      let desc = false
      if (direction?.[1]) {
        desc = /^(desc|descending|highest|largest|newest|latest)/.test(direction[1])
        position += direction[0].length
      }
      items.push({ table: mention.table, column: mention.column, desc })
      const separator = /^\s*(?:,|and|then)\s*/.exec(lower.slice(position))
      if (!separator) break
      position += separator[0].length
    }
    if (items.length > 0) return { items, span: { start: match.index, end: position } }
  }
  const recency = /\b(newest|latest|most recent|recent|oldest|earliest)\b/.exec(lower)
  const table = tables[0]
  if (recency && recency[1] && table) {
    const column = timeColumn(table)
    if (column) return { items: [{ table, column, desc: !/^(oldest|earliest)$/.test(recency[1]) }], span: null }
  }
  return { items: [], span: null }
}

function timeColumn(table: CatalogTable): CatalogColumn | undefined {
  const timed = table.columns.filter((column) => ['timestamptz', 'timestamp', 'date'].includes(typeClass(column.type)))
  return timed.find((column) => /^(created|inserted|placed|occurred)_(at|on)$/.test(column.name)) ?? timed[0]
}

/** "top 5", "first 10", "limit 20", "5 rows", "show 5 customers". */
function parseLimit(text: string, exclude: readonly Span[], mentions: readonly Mention[]): { limit: number | null; last: boolean } {
  const lower = text.toLowerCase()
  const patterns = [/\b(top|first|limit|last|latest|newest|oldest)\s+(\d+)\b/g, /\b()(\d+)\s+(?:rows|records|results|entries|items|lines)\b/g]
  for (const pattern of patterns) {
    for (const match of lower.matchAll(pattern)) {
      const span = { start: match.index ?? 0, end: (match.index ?? 0) + match[0].length }
      if (overlaps(span, exclude)) continue
      return { limit: Number(match[2]), last: match[1] === 'last' }
    }
  }
  for (const mention of mentions) {
    const before = /(?:^|\s)(\d+)\s+(?:[a-z]+\s+)?$/.exec(lower.slice(0, mention.start))
    if (before?.[1]) {
      const start = mention.start - before[0].length
      if (!overlaps({ start, end: mention.start }, exclude)) return { limit: Number(before[1]), last: false }
    }
  }
  return { limit: null, last: false }
}

// ---------------------------------------------------------------------------------------------
// Intents
// ---------------------------------------------------------------------------------------------

type Intent = 'error' | 'create-table' | 'index' | 'rls' | 'insert' | 'list' | 'describe' | 'count' | 'select' | 'unknown'

const ERROR_CODES = /\b(42p01|42703|23505|23503|23502|23514|42601|22p02|42883|42501|42804|42p07|42710|25p02|22001|22003|22007|22008|40p01|57014)\b/
const ERROR_PHRASES =
  /\berror\s*:|\bsqlstate\b|relation "?[^"\s]+"? does not exist|column "?[^"\s]+"?(?: of relation "[^"]+")? does not exist|duplicate key value|violates (foreign key|not-null|check|unique)|syntax error at or near|syntax error at end of input|invalid input (syntax|value)|permission denied for|(function|operator) (.+ )?does not exist|missing from-clause entry|violates row-level security policy|"[^"]+" already exists/

function detectIntent(lower: string, hasMention: boolean): Intent {
  if (ERROR_CODES.test(lower) || ERROR_PHRASES.test(lower)) return 'error'
  if (/\b(?:create|make|build|add|set up|design)\s+(?:a\s+|an\s+|the\s+|new\s+|another\s+)*(?:[\w$"]+\s+)?table\b/.test(lower) || /\bnew table\b/.test(lower)) {
    if (!/\b(?:row|record|entry|policy|index)\b/.test(lower.split(/\btable\b/)[0] ?? '')) return 'create-table'
  }
  if (/\bindex\b/.test(lower) || /\bindexes\s+(?:on|for)\b/.test(lower)) return 'index'
  if (/\brls\b|\brow[- ]level security\b|\bpolic(?:y|ies)\b|\btheir own\b|\bonly (?:let|allow)\b|\bown rows\b/.test(lower)) return 'rls'
  if (/\binsert\b|\badd (?:a |an |one |new |some |another )*(?:row|record|entry|item|line)s?\b|\bnew (?:row|record|entry)\b/.test(lower)) return 'insert'
  if (
    /\btables\b/.test(lower) &&
    (!hasMention || /\b(?:list|what|which)\s+(?:all\s+|the\s+|my\s+|of\s+)*tables\b/.test(lower) || /\btables do (?:i|we) have\b/.test(lower))
  )
    return 'list'
  if (/^\s*(?:list|show)\s+(?:all\s+|my\s+|the\s+)*(?:tables|relations|views)\b/.test(lower)) return 'list'
  if (
    /\b(?:describe|structure|definition|layout|tell me about)\b/.test(lower) ||
    /\b(?:what|which|list|show(?: me)?)\s+(?:the\s+|all\s+)?(?:columns|fields)\b/.test(lower) ||
    /\b(?:columns|fields)\s+(?:of|in|does|do|for)\b/.test(lower) ||
    /\bwhat(?:'s| is)\s+in\b/.test(lower)
  )
    return 'describe'
  if (/\b(?:how many|count|number of)\b/.test(lower)) return 'count'
  if (/\b(?:select|show|get|fetch|query|find|list|display|give|rows|read|see|view|look up|pull|retrieve|return|join|top|first|latest|newest|all)\b/.test(lower))
    return 'select'
  return 'unknown'
}

const SLOT_STOP = new Set(
  (
    'a an the all any me my our your some every each of in into on for to from about table tables data rows row records record entries ' +
    'column columns field fields does do have has is are what which whats structure new one top first last limit with please index ' +
    'policy policies rls security level enable only let users user see their own describe tell show get fetch query find list select display ' +
    'give read view look up pull retrieve return insert add create make an it them that this these those there can could would how many ' +
    "count number rows sql write query statement i we you now again then only just let's lets just also and or by be called named where order sorted"
  ).split(' '),
)

/** The word the user probably meant as a table name, when none matched the catalog. */
function tableSlot(text: string): string | null {
  const tokens = tokenize(text).filter((token) => token.kind === 'word' || token.kind === 'double')
  const candidate = (from: number) => {
    for (let i = from; i < tokens.length; i++) {
      const token = tokens[i]
      if (!token) continue
      if (token.kind === 'double') return token.text
      if (SLOT_STOP.has(token.lower) || /^\d+$/.test(token.lower)) continue
      return token.text
    }
    return null
  }
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]
    if (token && /^(from|into|of|on|for|about|table|own)$/.test(token.lower)) {
      const found = candidate(i + 1)
      if (found) return found
    }
  }
  return candidate(0)
}

// ---------------------------------------------------------------------------------------------
// The answer
// ---------------------------------------------------------------------------------------------

/** The answer to the last user message. */
export function answer(messages: ModelMessage[], catalog: ModelCatalog, context?: ModelContext): string {
  const sorted: ModelCatalog = { tables: sortTables(catalog.tables) }
  const users = messages.filter((message) => message.role === 'user')
  const text = (users[users.length - 1]?.text ?? '').trim()
  if (!text) return notUnderstood(sorted)
  const lower = text.toLowerCase()
  const mentions = findTableMentions(text, sorted)
  const intent = detectIntent(lower, mentions.length > 0)
  switch (intent) {
    case 'error':
      return explainError(text, sorted, context)
    case 'list':
      return listTables(lower, sorted)
    case 'create-table':
      return createTable(text, sorted)
    case 'unknown':
      return notUnderstood(sorted)
    default:
      break
  }
  const target = pickTarget(intent, text, mentions, sorted, context, users)
  if ('reply' in target) return target.reply
  const { table } = target
  switch (intent) {
    case 'describe':
      return describeTable(table, sorted)
    case 'insert':
      return insertRow(text, table, mentions)
    case 'index':
      return createIndex(text, table, mentions)
    case 'rls':
      return rlsPolicy(table, sorted)
    case 'count':
    case 'select':
      return selectRows(text, intent, table, mentions)
  }
  return notUnderstood(sorted)
}

type Target = { table: CatalogTable } | { reply: string }

function pickTarget(
  intent: Intent,
  text: string,
  mentions: Mention[],
  catalog: ModelCatalog,
  context: ModelContext | undefined,
  users: ModelMessage[],
): Target {
  if (mentions.length > 0) {
    if (intent === 'rls' || intent === 'insert' || intent === 'index') {
      const lower = text.toLowerCase()
      const preferred = mentions.find((mention) => /\b(?:own|on|for|to|into|of|table)\s+(?:the\s+|my\s+|table\s+)*$/.test(lower.slice(0, mention.start)))
      if (preferred) return { table: preferred.table }
    }
    return { table: (mentions[0] as Mention).table }
  }
  const fromContext = tableFromContext(catalog, context)
  if (fromContext) return { table: fromContext }
  const slot = tableSlot(text)
  const strong = intent !== 'select' || /\b(?:from|table)\s+\S/.test(text.toLowerCase())
  if (slot && (strong || closestTables(catalog, slot).length > 0)) return { reply: tableNotFound(slot, catalog) }
  // A follow-up ("now only the first 5") about the table of an earlier message.
  for (let i = users.length - 2; i >= 0; i--) {
    const earlier = findTableMentions(users[i]?.text ?? '', catalog)[0]
    if (earlier) return { table: earlier.table }
  }
  return { reply: intent === 'select' ? notUnderstood(catalog) : whichTable(catalog) }
}

function tableNotFound(name: string, catalog: ModelCatalog): string {
  const close = closestTables(catalog, name)
  if (catalog.tables.length === 0) return `I couldn't find a table named ${code(name)}: this project has no tables yet.`
  if (close.length > 0) {
    return `I couldn't find a table named ${code(name)}. The closest ${close.length === 1 ? 'match is' : 'matches are'} ${listing(close.map((table) => code(qualified(table))))}.`
  }
  return `I couldn't find a table named ${code(name)}. Tables in this project include ${listing(catalog.tables.slice(0, 6).map((table) => code(qualified(table))))}.`
}

function whichTable(catalog: ModelCatalog): string {
  if (catalog.tables.length === 0) return 'Which table do you mean? This project has no tables yet.'
  return `Which table do you mean? For example ${listing(catalog.tables.slice(0, 6).map((table) => code(qualified(table))))}.`
}

function notUnderstood(catalog: ModelCatalog): string {
  const plain = (table: CatalogTable) => ident(table.name) === table.name
  const tables = catalog.tables.filter((table) => table.kind === 'table').sort((a, b) => Number(plain(b)) - Number(plain(a)))
  const first = tables[0]
  const withKey = tables.find((table) => table.columns.some((column) => column.references && !column.isPrimaryKey)) ?? first
  const fkColumn = withKey?.columns.find((column) => column.references && !column.isPrimaryKey) ?? withKey?.columns[0]
  const name = (table: CatalogTable | undefined) => (table ? (table.schema === 'public' ? ident(table.name) : qualified(table)) : 'my_table')
  const sortColumn = first ? timeColumn(first) ?? first.columns.find((column) => column.isPrimaryKey) ?? first.columns[0] : undefined
  const examples = [
    'list tables',
    `describe ${name(first)}`,
    `show the top 5 ${name(first)}${sortColumn ? ` sorted by ${ident(sortColumn.name)} desc` : ''}`,
    `insert into ${name(first)}`,
    `create an index on ${name(withKey)}(${fkColumn ? ident(fkColumn.name) : 'some_column'})`,
    `rls policy for ${name(withKey)}`,
  ]
  return [
    "I'm not sure what you're asking. Here are some requests I understand:",
    '',
    ...examples.map((example) => `- "${example}"`),
    '',
    'I can also create tables ("create a table called notes with columns title text") and explain Postgres error messages you paste.',
  ].join('\n')
}

// --- list -----------------------------------------------------------------------------------

function listTables(lower: string, catalog: ModelCatalog): string {
  const schemas = [...new Set(catalog.tables.map((table) => table.schema))]
  const named = schemas.filter((schema) => occurrences(lower, schema.toLowerCase()).length > 0)
  const tables = named.length > 0 ? catalog.tables.filter((table) => named.includes(table.schema)) : catalog.tables
  if (tables.length === 0) return 'This project has no tables yet. Ask me to "create a table called …" to make one.'
  const lines: string[] = []
  const shown = [...new Set(tables.map((table) => table.schema))]
  for (const schema of shown) {
    lines.push(`**${schema}**`, '')
    for (const table of tables.filter((entry) => entry.schema === schema)) {
      const estimate = Math.round(table.rowEstimate)
      const rows = table.kind === 'view' ? '' : `, ≈ ${estimate.toLocaleString('en-US')} ${estimate === 1 ? 'row' : 'rows'}`
      lines.push(`- ${code(qualified(table))}: ${table.kind}${rows}`)
    }
    lines.push('')
  }
  const counts = (['table', 'view', 'materialized view'] as const)
    .map((kind) => ({ kind, count: tables.filter((table) => table.kind === kind).length }))
    .filter((entry) => entry.count > 0)
    .map((entry) => plural(entry.count, entry.kind))
  const where = named.length > 0 ? `in ${listing(named.map((schema) => code(schema)))}` : `across ${plural(shown.length, 'schema')}`
  return [`You have ${listing(counts)} ${where}:`, '', ...lines, 'Ask me to describe any of them to see their columns.'].join('\n')
}

// --- describe -------------------------------------------------------------------------------

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ')
}

function describeTable(table: CatalogTable, catalog: ModelCatalog): string {
  const estimate = Math.round(table.rowEstimate)
  const head =
    table.kind === 'view'
      ? `${code(qualified(table))} is a view with ${plural(table.columns.length, 'column')}:`
      : `${code(qualified(table))} is a ${table.kind} with ${plural(table.columns.length, 'column')} and ≈ ${plural(estimate, 'row')}:`
  const rows = table.columns.map((column) => {
    const fallback = column.isIdentity ? 'identity' : column.hasDefault ? 'yes' : ''
    const reference = column.references
      ? code(`${qualified({ schema: column.references.schema, name: column.references.table })}.${ident(column.references.column)}`)
      : ''
    const type = column.enumLabels ? `${column.type} (enum: ${column.enumLabels.join(', ')})` : column.type
    return `| ${cell(code(column.name))} | ${cell(type)} | ${column.nullable ? 'yes' : 'no'} | ${fallback} | ${column.isPrimaryKey ? 'yes' : ''} | ${cell(reference)} |`
  })
  const referencedBy = catalog.tables.flatMap((other) =>
    other.columns
      .filter((column) => column.references && column.references.schema === table.schema && column.references.table === table.name)
      .map((column) => code(`${qualified(other)}.${ident(column.name)}`)),
  )
  const tail = [
    table.kind === 'view'
      ? "Row level security does not apply to views (they run with their owner's rights unless created with security_invoker)."
      : `Row level security is **${table.rlsEnabled ? 'on' : 'off'}**.`,
  ]
  if (referencedBy.length > 0) tail.push(`Referenced by ${listing(referencedBy)}.`)
  return [
    head,
    '',
    '| Column | Type | Nullable | Default | Primary key | References |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    tail.join(' '),
  ].join('\n')
}

// --- select ---------------------------------------------------------------------------------

const ALIAS_RESERVED = new Set('as at by do if in is no of on or to all and any asc end for not off old new set top'.split(' '))

function aliasFor(table: CatalogTable, taken: Set<string>): string {
  const words = table.name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  let alias =
    words
      .map((word) => word[0])
      .join('')
      .replace(/^[0-9]+/, '') || 't'
  if (KEYWORDS.has(alias) || ALIAS_RESERVED.has(alias)) alias += '_'
  let candidate = alias
  for (let n = 2; taken.has(candidate); n++) candidate = `${alias}${n}`
  taken.add(candidate)
  return candidate
}

interface JoinPlan {
  other: CatalogTable
  /** SQL for the ON condition given the two aliases. */
  on: (mainAlias: string, otherAlias: string) => string
  describe: string
}

function joinPlan(main: CatalogTable, other: CatalogTable): JoinPlan | null {
  const points = (from: CatalogTable, to: CatalogTable) =>
    from.columns.find((column) => column.references && column.references.schema === to.schema && column.references.table === to.name)
  const outgoing = points(main, other)
  if (outgoing?.references) {
    const target = outgoing.references.column
    return {
      other,
      on: (a, b) => `${b}.${ident(target)} = ${a}.${ident(outgoing.name)}`,
      describe: `${ident(outgoing.name)} → ${qualified(other)}.${ident(target)}`,
    }
  }
  const incoming = points(other, main)
  if (incoming?.references) {
    const target = incoming.references.column
    return {
      other,
      on: (a, b) => `${b}.${ident(incoming.name)} = ${a}.${ident(target)}`,
      describe: `${qualified(other)}.${ident(incoming.name)} → ${ident(target)}`,
    }
  }
  return null
}

function formatList(items: string[], prefix: string): string {
  const flat = `${prefix} ${items.join(', ')}`
  if (flat.length <= 100) return flat
  return `${prefix}\n  ${items.join(',\n  ')}`
}

function selectRows(text: string, intent: 'select' | 'count', table: CatalogTable, mentions: Mention[]): string {
  const notes: string[] = []
  // "orders for customer 5": a filter on the foreign key, no join needed.
  const keyFilters: Condition[] = []
  for (const mention of mentions) {
    if (mention.table === table) continue
    const key = table.columns.find(
      (column) => column.references && column.references.schema === mention.table.schema && column.references.table === mention.table.name,
    )
    const value = /^\s+(?:id\s+|#\s*|number\s+)?(?:'((?:[^']|'')*)'|"([^"]*)"|(-?\d+(?:\.\d+)?)\b)/.exec(text.slice(mention.end))
    if (!key || !value) continue
    const quoted = value[1] !== undefined || value[2] !== undefined
    const raw = value[1]?.replaceAll("''", "'") ?? value[2] ?? value[3] ?? ''
    keyFilters.push({ table, column: key, op: '=', value: { text: raw, quoted }, start: mention.start, end: mention.end + value[0].length })
  }
  const second = mentions.find((mention) => mention.table !== table && !keyFilters.some((filter) => filter.start === mention.start))?.table
  let plan: JoinPlan | null = null
  if (second) {
    plan = joinPlan(table, second)
    if (!plan)
      notes.push(`There is no foreign key between ${code(qualified(table))} and ${code(qualified(second))}, so this reads ${code(qualified(table))} only.`)
  }
  const scope = plan ? [table, plan.other] : [table]
  const tableSpans: Span[] = mentions.map(({ start, end }) => ({ start, end }))
  const order = parseOrder(text, scope)
  const baseExclude = [...tableSpans, ...keyFilters, ...(order.span ? [order.span] : [])]
  const conditions = [...keyFilters, ...parseConditions(text, scope, baseExclude)].sort((a, b) => a.start - b.start)
  const exclude = [...baseExclude, ...conditions]
  const whereWord = /\bwhere\s+("[^"]+"|[\p{L}\p{N}_$.]+)/iu.exec(text)
  if (whereWord?.[1]) {
    const start = whereWord.index + whereWord[0].length - whereWord[1].length
    const covered = conditions.some((condition) => condition.start <= start && start < condition.end)
    if (!covered && !scope.some((entry) => findColumn(entry, whereWord[1] as string))) {
      notes.push(`I couldn't find a column ${code(whereWord[1].replaceAll('"', ''))} in ${code(qualified(table))}, so I left that filter out.`)
    }
  }
  const limitInfo = parseLimit(text, exclude, mentions)
  const limitSpan = /\b(?:top|first|limit|last|latest|newest|oldest)\s+\d+\b|\b\d+\s+(?:rows|records|results|entries|items|lines)\b/i.exec(text)
  const columnExclude = limitSpan ? [...exclude, { start: limitSpan.index, end: limitSpan.index + limitSpan[0].length }] : exclude
  const named = /\*|\ball columns\b|\bevery column\b/.test(text.toLowerCase()) ? [] : findColumnMentions(text, scope, columnExclude)

  const taken = new Set<string>()
  const mainAlias = plan ? aliasFor(table, taken) : ''
  const otherAlias = plan ? aliasFor(plan.other, taken) : ''
  const ref = (owner: CatalogTable, column: CatalogColumn) => (plan ? `${owner === table ? mainAlias : otherAlias}.${ident(column.name)}` : ident(column.name))

  let selectList: string[]
  if (intent === 'count') {
    selectList = ['count(*)']
  } else if (named.length > 0) {
    const seen = new Set<string>()
    selectList = []
    for (const mention of named) {
      const key = `${qualified(mention.table)}.${mention.column.name}`
      if (seen.has(key)) continue
      seen.add(key)
      selectList.push(ref(mention.table, mention.column))
    }
  } else if (plan) {
    const mainNames = new Set(table.columns.map((column) => column.name))
    const otherNames = new Set(plan.other.columns.map((column) => column.name))
    selectList = [
      ...table.columns.map((column) => ref(table, column)),
      ...plan.other.columns.map((column) =>
        mainNames.has(column.name)
          ? `${ref(plan.other, column)} as ${ident(uniqueName(`${plan.other.name}_${column.name}`, new Set([...mainNames, ...otherNames])))}`
          : ref(plan.other, column),
      ),
    ]
  } else {
    selectList = table.columns.map((column) => ident(column.name))
  }
  if (selectList.length === 0) selectList = ['*']

  const lines = [formatList(selectList, 'select')]
  if (plan) {
    lines.push(`from ${qualified(table)} ${mainAlias}`)
    lines.push(`join ${qualified(plan.other)} ${otherAlias} on ${plan.on(mainAlias, otherAlias)}`)
  } else {
    lines.push(`from ${qualified(table)}`)
  }
  const seenConditions = new Set<string>()
  const where = conditions
    .map((condition) => conditionSql(condition, ref(condition.table, condition.column)))
    .filter((sql) => (seenConditions.has(sql) ? false : (seenConditions.add(sql), true)))
  if (where.length > 0) lines.push(`where ${where.join('\n  and ')}`)

  let orderText = ''
  let limit: number | null = null
  if (intent === 'select') {
    const keys = table.columns.filter((column) => column.isPrimaryKey)
    const items = order.items.length > 0 ? order.items : keys.map((column) => ({ table, column, desc: limitInfo.last }))
    if (items.length > 0) {
      orderText = items.map((item) => `${ref(item.table, item.column)}${item.desc ? ' desc' : ''}`).join(', ')
      lines.push(`order by ${orderText}`)
    }
    limit = limitInfo.limit ?? 100
    lines.push(`limit ${limit}`)
  }
  const sql = lines.join('\n') + ';'

  const filtered = where.length > 0 ? ' matching your filter' : ''
  let intro: string
  if (intent === 'count') {
    intro = `This counts the rows of ${code(qualified(table))}${plan ? ` joined with ${code(qualified(plan.other))}` : ''}${filtered}.`
  } else if (plan) {
    intro = `This joins ${code(qualified(table))} with ${code(qualified(plan.other))} on the foreign key ${code(plan.describe)} and returns up to ${plural(limit ?? 100, 'row')}${filtered}.`
  } else {
    intro = `This returns up to ${plural(limit ?? 100, 'row')} from ${code(qualified(table))}${filtered}${orderText ? `, ordered by ${code(orderText)}` : ''}.`
  }
  const outro =
    notes.length > 0
      ? notes.join(' ')
      : intent === 'count'
        ? `For a quick estimate on big tables, the planner thinks there are ≈ ${plural(Math.round(table.rowEstimate), 'row')}.`
        : table.kind === 'view'
          ? `${code(qualified(table))} is a view, so the rows are computed when you run it.`
          : 'Change the limit or add a where clause to narrow it down.'
  return [intro, '', sqlBlock(sql), '', outro].join('\n')
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = base
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`
  taken.add(name)
  return name
}

// --- insert ---------------------------------------------------------------------------------

/** An example value for `column` of `table` that runs on the seeded data. */
function exampleValue(table: CatalogTable, column: CatalogColumn): string | null {
  if (column.references) {
    const target = { schema: column.references.schema, name: column.references.table }
    return `(select ${ident(column.references.column)} from ${qualified(target)} limit 1)`
  }
  const kind = typeClass(column.type)
  if (column.isPrimaryKey && kind === 'int' && !column.hasDefault) {
    return `(select coalesce(max(${ident(column.name)}), 0) + 1 from ${qualified(table)})`
  }
  if (column.enumLabels && column.enumLabels.length > 0) return literal(column.enumLabels[0] as string)
  switch (kind) {
    case 'int':
      return '1'
    case 'numeric': {
      const scale = /\(\s*\d+\s*,\s*(\d+)\s*\)/.exec(column.type)
      return scale && scale[1] === '0' ? '1' : '1.00'
    }
    case 'float':
      return '1.0'
    case 'bool':
      return 'true'
    case 'date':
      return "'2024-01-01'"
    case 'timestamptz':
    case 'timestamp':
      return 'now()'
    case 'time':
      return "'12:00'"
    case 'interval':
      return "'1 day'"
    case 'uuid':
      return 'gen_random_uuid()'
    case 'json':
      return "'{}'"
    case 'array':
      return "'{}'"
    case 'bytea':
      return "decode('00', 'hex')"
    case 'inet':
      return "'127.0.0.1'"
    case 'text': {
      const length = /\(\s*(\d+)\s*\)/.exec(column.type)
      const max = length?.[1] ? Number(length[1]) : /^(character|char|bpchar|"char")$/.test(column.type) ? 1 : null
      return literal(max !== null ? 'example'.slice(0, Math.max(1, max)) : 'example')
    }
    default:
      if (column.nullable) return 'null'
      if (column.hasDefault) return null
      return `(select ${ident(column.name)} from ${qualified(table)} where ${ident(column.name)} is not null limit 1)`
  }
}

function insertRow(text: string, table: CatalogTable, mentions: Mention[]): string {
  if (table.kind !== 'table') {
    return `${code(qualified(table))} is a ${table.kind}, so rows can't be inserted into it directly. Insert into the table${table.kind === 'view' ? 's it reads from' : 's it is built from (then refresh it)'} instead.`
  }
  const tableSpans: Span[] = mentions.map(({ start, end }) => ({ start, end }))
  const given = parseConditions(text, [table], tableSpans, true).filter((condition) => condition.op === '=' && condition.value)
  const named = findColumnMentions(text, [table], [...tableSpans, ...given]).map((mention) => mention.column)
  const values = new Map<string, string>()
  for (const condition of given) {
    if (condition.column.isIdentity || !condition.value) continue
    values.set(condition.column.name, valueLiteral(condition.column, condition.value))
  }
  const skipped: string[] = []
  const columns: { column: CatalogColumn; value: string }[] = []
  for (const column of table.columns) {
    const wanted = values.has(column.name) || named.includes(column)
    if (column.isIdentity) continue
    if (column.hasDefault && !wanted) continue
    const value = values.get(column.name) ?? exampleValue(table, column)
    if (value === null) {
      skipped.push(column.name)
      continue
    }
    columns.push({ column, value })
  }
  const sql =
    columns.length === 0
      ? `insert into ${qualified(table)} default values\nreturning *;`
      : `insert into ${qualified(table)} (${columns.map((entry) => ident(entry.column.name)).join(', ')})\nvalues (${columns.map((entry) => entry.value).join(', ')})\nreturning *;`
  const defaults = table.columns.filter((column) => (column.hasDefault || column.isIdentity) && !columns.some((entry) => entry.column === column))
  const intro =
    defaults.length > 0
      ? `This adds one row to ${code(qualified(table))}; ${listing(defaults.map((column) => code(column.name)))} ${defaults.length === 1 ? 'is' : 'are'} filled in by ${defaults.length === 1 ? 'its default' : 'their defaults'}.`
      : `This adds one row to ${code(qualified(table))}.`
  const foreign = columns.filter((entry) => entry.column.references && !values.has(entry.column.name))
  const outro = [
    'Replace the example values with real ones before running it',
    foreign.length > 0
      ? `; ${listing(foreign.map((entry) => code(entry.column.name)))} ${foreign.length === 1 ? 'points' : 'point'} at an existing row for now.`
      : '.',
  ].join('')
  return [intro, '', sqlBlock(sql), '', outro].join('\n')
}

// --- create table ---------------------------------------------------------------------------

const TYPE_WORDS: [RegExp, string][] = [
  [/\b(?:timestamptz|timestamp|datetime)\b/, 'timestamptz'],
  [/\b(?:bigint|big integer|int8|bigserial)\b/, 'bigint'],
  [/\b(?:smallint|small integer|int2)\b/, 'smallint'],
  [/\b(?:int|integer|int4|serial|whole number)\b/, 'integer'],
  [/\b(?:numeric|decimal|number|money|price|amount)\b/, 'numeric'],
  [/\b(?:float|double|real)\b/, 'double precision'],
  [/\b(?:bool|boolean|flag)\b/, 'boolean'],
  [/\bdate\b/, 'date'],
  [/\btime\b/, 'time'],
  [/\binterval\b/, 'interval'],
  [/\buuid\b/, 'uuid'],
  [/\b(?:jsonb|json|object)\b/, 'jsonb'],
  [/\bbytea\b|\bbinary\b|\bbytes\b/, 'bytea'],
  [/\b(?:text|string|varchar|char|character|name|email)\b/, 'text'],
]

interface NewColumn {
  name: string
  sql: string
  note?: string
}

function parseNewColumn(fragment: string, catalog: ModelCatalog): NewColumn | null {
  let trimmed = fragment.trim()
  // "a name text" → "name text", but "a text" is a column called a.
  for (const article of [/^(?:an?|the)\s+/i, /^(?:column|field)\s+/i]) {
    const stripped = trimmed.replace(article, '').trim()
    if (stripped !== trimmed && /\s/.test(stripped)) trimmed = stripped
  }
  const nameMatch = /^("(?:[^"]|"")+"|[\p{L}_][\p{L}\p{N}_$]*)/u.exec(trimmed)
  if (!nameMatch?.[1]) return null
  const rawName = nameMatch[1]
  const name = rawName.startsWith('"') ? rawName.slice(1, -1).replaceAll('""', '"') : rawName.toLowerCase()
  const rest = trimmed.slice(rawName.length).toLowerCase().trim()
  const modifiers: string[] = []
  if (/\bnot null\b|\brequired\b|\bmandatory\b/.test(rest)) modifiers.push('not null')
  if (/\bunique\b/.test(rest)) modifiers.push('unique')

  const refMatch = /\b(?:references?|refers to|fk to|foreign key to|linked to|links to|points to|->)\s+("[^"]+"(?:\."[^"]+")?|[\p{L}\p{N}_$."]+)/u.exec(
    trimmed.slice(rawName.length),
  )
  if (refMatch?.[1]) {
    const target = findTableByName(catalog, refMatch[1])
    const keys = target?.columns.filter((column) => column.isPrimaryKey) ?? []
    const key = keys.length === 1 ? keys[0] : undefined
    if (target && key) {
      const type = key.type === 'serial' ? 'integer' : key.type === 'bigserial' ? 'bigint' : key.type
      return { name, sql: [ident(name), type, ...modifiers, `references ${qualified(target)} (${ident(key.name)})`].join(' ') }
    }
    const note = target
      ? `${code(qualified(target))} has no single-column primary key, so ${code(name)} is a plain column.`
      : `I couldn't find a table ${code(refMatch[1])} to reference, so ${code(name)} is a plain column.`
    return { name, sql: [ident(name), 'bigint', ...modifiers].join(' '), note }
  }

  let type: string | null = null
  const arrayOf = /\b(\w+)\s*\[\]|\b(?:array|list) of (\w+)|\b(\w+) (?:array|list)\b/.exec(rest)
  for (const [pattern, mapped] of TYPE_WORDS) {
    if (pattern.test(rest)) {
      type = mapped
      break
    }
  }
  if (type && arrayOf) type = `${type}[]`
  let note: string | undefined
  if (!type) {
    if (/_at$/.test(name)) type = 'timestamptz'
    else if (/_on$|_date$/.test(name)) type = 'date'
    else if (/^(is|has|can)_/.test(name)) type = 'boolean'
    else if (/_id$/.test(name)) type = 'bigint'
    else if (/^(price|amount|total|cost)$/.test(name)) type = 'numeric'
    else {
      type = 'text'
      const word = /^[\w ]+/.exec(rest)?.[0]?.trim()
      if (word && !/^(not null|required|unique|mandatory)$/.test(word)) note = `I didn't recognise the type ${code(word)} and used text for ${code(name)}.`
    }
  }
  return { name, sql: [ident(name), type, ...modifiers].join(' '), ...(note ? { note } : {}) }
}

function createTable(text: string, catalog: ModelCatalog): string {
  const nameMatch =
    /\b(?:called|named)\s+("(?:[^"]|"")+"(?:\."(?:[^"]|"")+")?|[\p{L}_][\p{L}\p{N}_$.]*)/iu.exec(text) ??
    /\btable\s+(?!(?:called|named|with|for|to|that|which)\b)("(?:[^"]|"")+"(?:\."(?:[^"]|"")+")?|[\p{L}_][\p{L}\p{N}_$.]*)/iu.exec(text) ??
    /\b(?:create|make|build|add)\s+(?:a\s+|an\s+|the\s+|new\s+)*([\p{L}_][\p{L}\p{N}_$]*)\s+table\b/iu.exec(text)
  const rawName = nameMatch?.[1]?.replace(/[.]+$/, '')
  if (!rawName || /^(new|table)$/i.test(rawName)) {
    return 'What should the new table be called? For example: "create a table called notes with columns title text, body text".'
  }
  const parts = splitQualified(rawName)
  const quoted = rawName.includes('"')
  const schema = parts.schema ? (quoted ? parts.schema : parts.schema.toLowerCase()) : 'public'
  const name = quoted ? parts.name : parts.name.toLowerCase()
  const existing = catalog.tables.find((table) => table.schema === schema && table.name === name)
  if (existing) {
    const taken = new Set(catalog.tables.filter((table) => table.schema === schema).map((table) => table.name))
    const suggestion = [`${name}_v2`, `${name}_new`, `${name}_2`, `${name}_3`].find((candidate) => !taken.has(candidate)) ?? `${name}_copy`
    return `${code(qualified(existing))} already exists (a ${existing.kind} with ${plural(existing.columns.length, 'column')}). Pick another name, such as ${code(suggestion)}, or ask me to describe ${code(qualified(existing))}.`
  }

  const afterName = text.slice((nameMatch?.index ?? 0) + (nameMatch?.[0].length ?? 0))
  let spec = ''
  const parens = /^\s*\(([\s\S]*)\)\s*$/.exec(afterName)
  if (parens?.[1]) spec = parens[1]
  else {
    const withMatch = /\b(?:with|having|containing)\b(?:\s+(?:the\s+)?(?:columns?|fields?))?\s*:?\s*([\s\S]*)$/i.exec(afterName)
    spec = withMatch?.[1] ?? ''
  }
  const fragments = spec
    .split(/,|;|\band\b|\n/i)
    .map((fragment) => fragment.trim())
    .filter(Boolean)
  const parsed: NewColumn[] = []
  const notes: string[] = []
  for (const fragment of fragments) {
    const column = parseNewColumn(fragment, catalog)
    if (!column || parsed.some((other) => other.name === column.name)) continue
    parsed.push(column)
    if (column.note) notes.push(column.note)
  }
  const ownId = parsed.find((column) => column.name === 'id')
  const rows: string[] = []
  if (ownId) {
    const isUuid = /^id uuid\b/.test(ownId.sql)
    rows.push(`${ownId.sql.replace(/ not null| unique/g, '')}${isUuid ? ' default gen_random_uuid()' : ''} primary key`)
  } else rows.push('id bigint generated by default as identity primary key')
  for (const column of parsed) if (column !== ownId && column.name !== 'created_at') rows.push(column.sql)
  const createdAt = parsed.find((column) => column.name === 'created_at')
  rows.push(createdAt ? createdAt.sql : 'created_at timestamptz not null default now()')

  const target = { schema, name }
  const statements: string[] = []
  if (!catalog.tables.some((table) => table.schema === schema) && schema !== 'public') statements.push(`create schema if not exists ${ident(schema)};`)
  statements.push(`create table ${qualified(target)} (\n  ${rows.join(',\n  ')}\n);`)
  const intro =
    parsed.length > 0
      ? `This creates ${code(qualified(target))} with an identity primary key, your ${plural(parsed.filter((column) => column !== ownId && column.name !== 'created_at').length, 'column')} and a ${code('created_at')} timestamp.`
      : `This creates ${code(qualified(target))} with an identity primary key and a ${code('created_at')} timestamp; tell me the columns you want and I'll add them.`
  const outro = [...notes, 'Row level security is off on new tables; ask me for an RLS policy if the API exposes this table.'].join(' ')
  return [intro, '', sqlBlock(statements.join('\n\n')), '', outro].join('\n')
}

// --- index ----------------------------------------------------------------------------------

function createIndex(text: string, table: CatalogTable, mentions: Mention[]): string {
  if (table.kind === 'view') {
    return `${code(qualified(table))} is a view, which can't be indexed; put the index on the table it reads from instead.`
  }
  const lower = text.toLowerCase()
  const mention = mentions.find((entry) => entry.table === table)
  const columns: CatalogColumn[] = []
  const missing: string[] = []
  const parens = mention ? /^\s*\(([^)]*)\)/.exec(text.slice(mention.end)) : /\(([^)]*)\)/.exec(text)
  if (parens?.[1] !== undefined) {
    for (const part of parens[1]
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)) {
      const column = findColumn(table, part)
      if (column) {
        if (!columns.includes(column)) columns.push(column)
      } else missing.push(part)
    }
  } else {
    const tableSpans: Span[] = mentions.map(({ start, end }) => ({ start, end }))
    for (const found of findColumnMentions(text, [table], tableSpans)) if (!columns.includes(found.column)) columns.push(found.column)
    if (columns.length === 0) {
      const word = /\bby\s+("[^"]+"|[\p{L}_][\p{L}\p{N}_$]*)/iu.exec(text)?.[1] ?? /\bthe\s+("[^"]+"|[\p{L}_][\p{L}\p{N}_$]*)\s+column\b/iu.exec(text)?.[1]
      if (word && !(mention && text.slice(mention.start, mention.end).toLowerCase() === word.toLowerCase())) missing.push(word.replaceAll('"', ''))
    }
  }
  if (missing.length > 0) {
    const close = missing.flatMap((name) => closestColumns(table, name)).filter((column, index, all) => all.indexOf(column) === index)
    const hint = close.length > 0 ? ` Did you mean ${listing(close.map((column) => code(column.name)))}?` : ''
    return `${code(qualified(table))} has no column ${listing(missing.map((name) => code(name)))}.${hint} Its columns are ${listing(table.columns.map((column) => code(column.name)))}.`
  }
  if (columns.length === 0) {
    const foreign = table.columns.filter((column) => column.references)
    const hint = foreign.length > 0 ? ` Foreign key columns such as ${listing(foreign.map((column) => code(column.name)))} are good candidates.` : ''
    return `Which column of ${code(qualified(table))} should the index cover? Its columns are ${listing(table.columns.map((column) => code(column.name)))}.${hint}`
  }
  const unique = /\bunique\b/.test(lower)
  const gin = columns.length === 1 && ['json', 'array'].includes(typeClass((columns[0] as CatalogColumn).type)) && !unique
  const rawIndexName = `${table.name}_${columns.map((column) => column.name).join('_')}_${unique ? 'key' : 'idx'}`
  // Plain lower-case names where the table and columns allow it ("Order Lines"."Qty" → order_lines_qty_idx).
  const tidy = rawIndexName
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+/, '')
  const indexName = (/^[a-z]/.test(tidy) && tidy.length >= rawIndexName.length - 4 ? tidy : rawIndexName).slice(0, 63)
  const sql = `create ${unique ? 'unique ' : ''}index if not exists ${ident(indexName)} on ${qualified(table)}${gin ? ' using gin' : ''} (${columns.map((column) => ident(column.name)).join(', ')});`
  const first = columns[0] as CatalogColumn
  const names = listing(columns.map((column) => code(column.name)))
  let why: string
  if (unique) why = `It speeds up lookups by ${names} and makes Postgres reject duplicate values.`
  else if (first.references) {
    const target = qualified({ schema: first.references.schema, name: first.references.table })
    why = `Postgres doesn't index foreign key columns by itself; this speeds up joins on ${code(first.name)} and deletes or key updates in ${code(target)}.`
  } else if (gin) why = `A GIN index lets Postgres answer containment queries (such as @>) on ${names} without reading every row.`
  else if (['timestamptz', 'timestamp', 'date'].includes(typeClass(first.type)))
    why = `It speeds up filtering by time ranges and sorting by ${code(first.name)}.`
  else why = `It speeds up queries that filter, join or sort on ${names}.`
  if (table.rowEstimate > 100_000) why += ' On a busy table, run it as `create index concurrently` (outside a transaction) to avoid blocking writes.'
  return [`This creates an index on ${code(qualified(table))} (${names}).`, '', sqlBlock(sql), '', why].join('\n')
}

// --- RLS ------------------------------------------------------------------------------------

const OWNER_COLUMNS = ['user_id', 'owner_id', 'profile_id', 'customer_id', 'created_by', 'author_id', 'account_id', 'member_id']

function rlsPolicy(table: CatalogTable, catalog: ModelCatalog): string {
  if (table.kind !== 'table') {
    return `${code(qualified(table))} is a ${table.kind}; row level security applies to tables. Enable it on the tables it reads from (and create views with \`security_invoker = true\` so they respect it).`
  }
  const owner =
    OWNER_COLUMNS.map((name) => table.columns.find((column) => column.name === name && column.type === 'uuid')).find(Boolean) ??
    table.columns.find((column) => column.type === 'uuid' && /^(user|owner|profile|customer|author|account|member)_?id$|^created_by$/i.test(column.name))
  const readable = table.name.replaceAll('_', ' ')
  const policyName = owner ? `Users can see their own ${readable}` : `Authenticated users can read ${readable}`
  const using = owner ? `(select auth.uid()) = ${ident(owner.name)}` : 'true'
  const sql = [
    `alter table ${qualified(table)} enable row level security;`,
    '',
    `create policy ${sqlIdent(policyName.slice(0, 63))} on ${qualified(table)}`,
    'for select',
    'to authenticated',
    `using (${using});`,
  ].join('\n')
  const intro = table.rlsEnabled
    ? `Row level security is already on for ${code(qualified(table))}; this keeps it on and adds a read policy.`
    : `This turns on row level security for ${code(qualified(table))} and adds a read policy.`
  const hasAuth = catalog.tables.some((entry) => entry.schema === 'auth')
  const outro = [
    owner
      ? `Signed-in users only see rows whose ${code(owner.name)} is their own user id.`
      : `${code(qualified(table))} has no uuid owner column (such as \`user_id\`), so this lets every signed-in user read every row; narrow the \`using\` expression to the rows each user should see.`,
    hasAuth ? '' : 'It relies on Supabase Auth (the `authenticated` role and `auth.uid()`), which this database does not seem to have yet.',
  ]
    .filter(Boolean)
    .join(' ')
  return [intro, '', sqlBlock(sql), '', outro].join('\n')
}

// --- errors ---------------------------------------------------------------------------------

function explainError(text: string, catalog: ModelCatalog, context: ModelContext | undefined): string {
  const sql = context?.sql?.trim() || null
  const lower = text.toLowerCase()
  const codeMatch = ERROR_CODES.exec(lower)
  const sqlstate = codeMatch?.[1]?.toUpperCase() ?? null
  const inSnippet = sql ? ' in the snippet' : ''
  const answerWith = (lines: (string | null | undefined)[], fixed?: string | null) => {
    const parts = lines.filter((line): line is string => typeof line === 'string')
    if (fixed && sql && fixed !== sql) parts.push('', `Here is the snippet with that fixed:`, '', sqlBlock(fixed))
    return parts.join('\n')
  }

  // 42P01 missing FROM-clause entry
  const fromEntry = /missing from-clause entry for table "([^"]+)"/i.exec(text)
  if (fromEntry?.[1]) {
    return answerWith([
      `Postgres can't tell what ${code(fromEntry[1])} is: the query${inSnippet} uses ${code(fromEntry[1] + '.…')} but no table in the \`from\` or \`join\` list has that name or alias.`,
      '',
      `Add the table to the \`from\`/\`join\` list with the alias ${code(fromEntry[1])}, or fix the prefix to match an alias you declared.`,
    ])
  }

  // 42P01 undefined table
  const relation = /(?<!of )relation "([^"]+)" does not exist/i.exec(text) ?? /(?<!of )table "([^"]+)" does not exist/i.exec(text)
  if (relation?.[1] || (sqlstate === '42P01' && !/\bcolumn\b/i.test(text))) {
    const missing = relation?.[1] ?? /"([^"]+)"/.exec(text)?.[1] ?? ''
    const parts = splitQualified(missing)
    const lines: string[] = [
      missing
        ? `Postgres can't find a table or view called ${code(missing)}${inSnippet} (error 42P01, undefined table).`
        : `Postgres can't find a table or view the statement${inSnippet} names (error 42P01, undefined table): check the spelling and the schema of each table name.`,
    ]
    const sameName = catalog.tables.filter((table) => table.name.toLowerCase() === parts.name.toLowerCase())
    let suggestion: CatalogTable | undefined
    if (sameName.length > 0) {
      const exactName = sameName.find((table) => table.name === parts.name)
      suggestion = exactName ?? sameName[0]
      if (!exactName && suggestion) {
        lines.push(
          '',
          `The table is called ${code(qualified(suggestion))}: names are case-sensitive when quoted, and unquoted names are folded to lower case. Write it as ${code(qualified(suggestion))}.`,
        )
      } else if (suggestion && parts.schema !== suggestion.schema) {
        lines.push(
          '',
          `It lives in the ${code(suggestion.schema)} schema, which is not ${parts.schema ? `${code(parts.schema)}` : 'on the search path'}; write it schema-qualified as ${code(qualified(suggestion))}.`,
        )
      }
    } else {
      const close = missing ? closestTables(catalog, missing) : []
      suggestion = close[0]
      if (close.length > 0)
        lines.push('', `Did you mean ${listing(close.map((table) => code(qualified(table))))}? Check the spelling, and schema-qualify the name.`)
      else if (catalog.tables.length > 0)
        lines.push(
          '',
          `${missing ? 'No table has a similar name. ' : ''}Tables in this project include ${listing(catalog.tables.slice(0, 6).map((table) => code(qualified(table))))}.`,
        )
      else lines.push('', 'This project has no tables yet; create the table first.')
    }
    const fixed = sql && suggestion && missing ? replaceName(sql, missing, qualified(suggestion), true) : null
    return answerWith(lines, fixed)
  }

  // 42703 undefined column
  const columnMatch =
    /column "([^"]+)" of relation "([^"]+)" does not exist/i.exec(text) ??
    /column "([^"]+)" does not exist/i.exec(text) ??
    /column ([\p{L}\p{N}_$."]+) does not exist/iu.exec(text)
  if (columnMatch?.[1] || sqlstate === '42703') {
    const rawColumn = columnMatch?.[1] ?? ''
    const columnName = rawColumn.includes('.') && !columnMatch?.[0].startsWith('column "') ? rawColumn.split('.').pop() ?? rawColumn : rawColumn
    const relationName = columnMatch?.[2]
    let tables: CatalogTable[] = []
    if (relationName) {
      const found = findTableByName(catalog, relationName)
      if (found) tables = [found]
    }
    if (tables.length === 0 && sql) tables = uniqueTables(findTableMentions(sql, catalog).map((mention) => mention.table))
    if (tables.length === 0) tables = uniqueTables(findTableMentions(text.replace(columnMatch?.[0] ?? '', ' '), catalog).map((mention) => mention.table))
    const lines: string[] = [
      `Postgres can't find a column called ${code(columnName || 'that name')}${tables.length === 1 ? ` in ${code(qualified(tables[0] as CatalogTable))}` : ''}${inSnippet} (error 42703, undefined column).`,
    ]
    let replacement: CatalogColumn | undefined
    const caseMatch = tables
      .flatMap((table) => table.columns)
      .find((column) => column.name !== columnName && column.name.toLowerCase() === columnName.toLowerCase())
    if (caseMatch) {
      replacement = caseMatch
      lines.push('', `The column is spelled ${code(caseMatch.name)}: quoted names are case-sensitive. Write it as ${code(ident(caseMatch.name))}.`)
    } else {
      const close = tables.flatMap((table) => closestColumns(table, columnName).map((column) => ({ table, column })))
      if (close.length > 0) {
        replacement = close[0]?.column
        lines.push('', `Did you mean ${listing(close.slice(0, 3).map((entry) => code(entry.column.name)))}?`)
      } else if (sql && new RegExp(`"${escapeRegExp(columnName)}"`).test(sql)) {
        lines.push(
          '',
          `If ${code(columnName)} is a value rather than a column, put it in single quotes: ${code(literal(columnName))}. Double quotes are for names.`,
        )
      }
    }
    for (const table of tables.slice(0, 2)) {
      lines.push('', `${code(qualified(table))} has ${listing(table.columns.map((column) => code(column.name)))}.`)
    }
    if (tables.length === 0) {
      const anywhere = catalog.tables.flatMap((table) => closestColumns(table, columnName, 1).map((column) => `${qualified(table)}.${ident(column.name)}`))
      lines.push(
        '',
        anywhere.length > 0
          ? `Columns with similar names: ${listing(anywhere.slice(0, 5).map((name) => code(name)))}.`
          : "Check the spelling against the table's columns (ask me to describe the table).",
      )
    }
    const fixed = sql && replacement && columnName ? replaceName(sql, columnName, ident(replacement.name), false) : null
    return answerWith(lines, fixed)
  }

  // 23505 unique violation
  if (/duplicate key value/i.test(text) || sqlstate === '23505') {
    const constraint = /unique constraint "([^"]+)"/i.exec(text)?.[1]
    const key = /key \(([^)]*)\)=\((.*?)\) already exists/i.exec(text)
    const owner = constraint ? tableForConstraint(catalog, constraint) : undefined
    return answerWith([
      `The row${inSnippet} would duplicate a value that must be unique${constraint ? ` (constraint ${code(constraint)}${owner ? ` on ${code(qualified(owner))}` : ''})` : ''} (error 23505).`,
      key?.[1] ? `A row with ${code(key[1])} = ${code(key[2] ?? '')} already exists.` : null,
      '',
      `Use a different ${key?.[1] ? code(key[1]) : 'value'}, update the existing row instead, or add \`on conflict (${key?.[1] ?? '…'}) do nothing\` (or \`do update set …\`) to the insert.`,
    ])
  }

  // 23503 foreign key violation
  if (/violates foreign key/i.test(text) || sqlstate === '23503') {
    const constraint = /foreign key constraint "([^"]+)"/i.exec(text)?.[1]
    const onTable = /on table "([^"]+)" violates/i.exec(text)?.[1]
    const notPresent = /key \(([^)]*)\)=\((.*?)\) is not present in table "([^"]+)"/i.exec(text)
    const stillReferenced = /key \(([^)]*)\)=\((.*?)\) is still referenced from table "([^"]+)"/i.exec(text)
    if (stillReferenced || /^update or delete/i.test(text.trim()) || /update or delete on table/i.test(text)) {
      const from = stillReferenced?.[3]
      return answerWith([
        `You are deleting or changing a row${onTable ? ` of ${code(onTable)}` : ''} that other rows still point at${from ? ` (from ${code(from)})` : ''} through the foreign key${constraint ? ` ${code(constraint)}` : ''} (error 23503).`,
        '',
        `Delete or re-point the referencing rows first, or change the foreign key to \`on delete cascade\` / \`on delete set null\` if that is what you want.`,
      ])
    }
    const source = onTable ? findTableByName(catalog, onTable) : undefined
    const column = notPresent?.[1] && source ? findColumn(source, notPresent[1]) : undefined
    const targetName = notPresent?.[3] ?? (column?.references ? qualified({ schema: column.references.schema, name: column.references.table }) : undefined)
    return answerWith([
      `The value${notPresent?.[1] ? ` ${code(notPresent[1])} = ${code(notPresent[2] ?? '')}` : ''}${inSnippet} has to match an existing row${targetName ? ` in ${code(targetName)}` : ''}, but there is none (foreign key${constraint ? ` ${code(constraint)}` : ''}, error 23503).`,
      '',
      `Insert the referenced row first, or use a value that exists${column?.references ? `, e.g. \`select ${ident(column.references.column)} from ${qualified({ schema: column.references.schema, name: column.references.table })}\`` : ''}.`,
    ])
  }

  // 23502 not-null violation
  const notNull = /null value in column "([^"]+)"(?: of relation "([^"]+)")? violates not-null constraint/i.exec(text)
  if (notNull || /violates not-null/i.test(text) || sqlstate === '23502') {
    const columnName = notNull?.[1]
    const table = notNull?.[2] ? findTableByName(catalog, notNull[2]) : undefined
    const column = table && columnName ? findColumn(table, columnName) : undefined
    return answerWith([
      `${columnName ? `The column ${code(columnName)}` : 'A column'}${table ? ` of ${code(qualified(table))}` : ''} is \`not null\`, but the statement${inSnippet} leaves it empty (error 23502).`,
      '',
      `Give it a value in the insert or update${column && !column.hasDefault ? ' (it has no default)' : ''}${columnName ? `, or, if empty values are fine, run \`alter table ${table ? qualified(table) : '…'} alter column ${ident(columnName)} drop not null\`` : ''}.`,
    ])
  }

  // 23514 check violation
  const check = /violates check constraint "([^"]+)"/i.exec(text)
  if (check || sqlstate === '23514') {
    return answerWith([
      `A value${inSnippet} breaks the rule of the check constraint${check?.[1] ? ` ${code(check[1])}` : ''} (error 23514).`,
      '',
      'Look at the constraint (ask me to describe the table) and change the value so it satisfies it.',
    ])
  }

  // 42601 syntax error
  const syntax = /syntax error at or near "([^"]*)"/i.exec(text)
  if (syntax || /syntax error at end of input/i.test(text) || sqlstate === '42601') {
    const near = syntax?.[1]
    const hints: string[] = []
    if (near && KEYWORDS.has(near.toLowerCase()))
      hints.push(`${code(near)} is a reserved word; if it is a name, put it in double quotes (${code(sqlIdent(near))}).`)
    if (sql) {
      const opens = (sql.match(/\(/g) ?? []).length
      const closes = (sql.match(/\)/g) ?? []).length
      if (opens !== closes) hints.push(`The snippet has ${opens} opening and ${closes} closing parentheses.`)
      if ((sql.match(/'/g) ?? []).length % 2 === 1) hints.push('The snippet has an unmatched single quote.')
      if (/,\s*(from|where|\))/i.test(sql)) hints.push('There is a comma right before `from`, `where` or `)`.')
    }
    if (!near) hints.push('The statement ends too early: look for a missing closing parenthesis, quote or clause.')
    return answerWith([
      `Postgres could not parse the statement${inSnippet}${near ? ` near ${code(near)}` : ''} (error 42601, syntax error).`,
      '',
      hints.length > 0 ? hints.join(' ') : 'Check the text just before that word: a missing comma, a stray character or a misspelt keyword is the usual cause.',
    ])
  }

  // 22P02 invalid text representation
  const enumValue = /invalid input value for enum ([\p{L}\p{N}_$."]+): "(.*?)"/iu.exec(text)
  if (enumValue?.[1]) {
    const enumName = enumValue[1].split('.').pop() ?? enumValue[1]
    const labels = catalog.tables
      .flatMap((table) => table.columns)
      .find((column) => column.enumLabels && (column.type === enumValue[1] || column.type.split('.').pop() === enumName))?.enumLabels
    return answerWith([
      `${code(enumValue[2] ?? '')} is not one of the values of the enum ${code(enumValue[1])} (error 22P02).`,
      '',
      labels
        ? `Allowed values are ${listing(labels.map((label) => code(label)))}; they are case-sensitive.`
        : 'Use one of its labels exactly (they are case-sensitive), or add the value with `alter type … add value`.',
    ])
  }
  const invalid = /invalid input syntax for (?:type )?([\w ]+?): "(.*?)"/i.exec(text)
  if (invalid || sqlstate === '22P02') {
    const type = invalid?.[1]?.trim() ?? ''
    const example: Record<string, string> = {
      integer: '42',
      bigint: '42',
      smallint: '42',
      numeric: '12.50',
      uuid: "'123e4567-e89b-12d3-a456-426614174000'",
      boolean: 'true',
      json: `'{"key": "value"}'`,
      date: "'2024-01-31'",
      'timestamp with time zone': "'2024-01-31 12:00:00+00'",
    }
    return answerWith([
      `The value ${invalid?.[2] !== undefined ? code(invalid[2]) : ''}${inSnippet} can't be read as ${type ? code(type) : "the column's type"} (error 22P02).`,
      '',
      `Pass a value in that type's format${example[type] ? `, e.g. ${code(example[type])}` : ''}, or cast explicitly if the text is right but typed wrong.`,
    ])
  }

  // 42883 undefined function / operator
  const undefinedFunction = /\b(function|operator) (?:does not exist: (.+)|(.+?) does not exist)/i.exec(text)
  if (undefinedFunction || sqlstate === '42883') {
    const what = undefinedFunction?.[2] ?? undefinedFunction?.[3] ?? ''
    const isOperator = undefinedFunction?.[1]?.toLowerCase() === 'operator'
    return answerWith([
      `Postgres has no ${isOperator ? 'operator' : 'function'} ${what ? code(what) : 'with that name and argument types'}${inSnippet} (error 42883).`,
      '',
      isOperator
        ? "The two sides have types that can't be compared directly; cast one side so both match, e.g. `where id = $1::bigint` or `col::text = 'value'`."
        : 'Check the name and schema of the function, and cast the arguments to the types it expects (the error lists the types you passed).',
    ])
  }

  // 42501 insufficient privilege / RLS
  const rlsViolation = /new row violates row-level security policy(?: for table "([^"]+)")?/i.exec(text)
  if (rlsViolation) {
    return answerWith([
      `Row level security on ${rlsViolation[1] ? code(rlsViolation[1]) : 'the table'} blocked this row: no policy's \`with check\` allows it (error 42501).`,
      '',
      'Add an insert or update policy whose `with check` expression accepts the row, or write the row as a role that passes the existing policies.',
    ])
  }
  const permission = /permission denied for (?:table|relation|schema|sequence|function|view) ([^\s]+)/i.exec(text)
  if (permission || /must be owner of/i.test(text) || sqlstate === '42501') {
    return answerWith([
      `The role running the query${inSnippet} lacks the privilege it needs${permission?.[1] ? ` on ${code(permission[1])}` : ''} (error 42501).`,
      '',
      'Grant it (e.g. `grant select on … to <role>`) as the owner, or run the statement as a role that has it.',
    ])
  }

  const already = /(relation|type|schema|function|index|constraint) "([^"]+)" already exists/i.exec(text)
  if (already?.[2]) {
    return answerWith([
      `Something called ${code(already[2])} already exists${inSnippet}, so Postgres won't create it again.`,
      '',
      'Use another name, add `if not exists` where the statement supports it, or drop the old one first if you really mean to replace it.',
    ])
  }

  const firstLine =
    text
      .split('\n')
      .find((line) => /error/i.test(line))
      ?.trim() ??
    text.split('\n')[0]?.trim() ??
    ''
  return answerWith([
    `Postgres rejected the statement${inSnippet}${sqlstate ? ` with error ${sqlstate}` : ''}: ${code(firstLine.slice(0, 200))}.`,
    '',
    'Check the names, types and values it mentions against your tables (ask me to describe a table), then run it again.',
  ])
}

function uniqueTables(tables: CatalogTable[]): CatalogTable[] {
  return tables.filter((table, index) => tables.indexOf(table) === index)
}

function tableForConstraint(catalog: ModelCatalog, constraint: string): CatalogTable | undefined {
  const candidates = catalog.tables.filter((table) => constraint.startsWith(`${table.name}_`)).sort((a, b) => b.name.length - a.name.length)
  return candidates[0]
}

/** `sql` with the name `from` (optionally schema-prefixed when `table`) replaced by `to`. */
function replaceName(sql: string, from: string, to: string, table: boolean): string | null {
  const bare = splitQualified(from).name
  const forms = [escapeRegExp(from), escapeRegExp(`"${bare}"`), escapeRegExp(bare)]
  const prefix = table ? `(?:(?:"[^"]+"|[\\p{L}_][\\p{L}\\p{N}_$]*)\\.)?` : ''
  const before = table ? '(?<![\\p{L}\\p{N}_$."])' : '(?<![\\p{L}\\p{N}_$"])'
  const pattern = new RegExp(`${before}${prefix}(?:${forms.join('|')})(?![\\p{L}\\p{N}_$"])`, 'giu')
  if (!pattern.test(sql)) return null
  pattern.lastIndex = 0
  return sql.replace(pattern, to)
}
