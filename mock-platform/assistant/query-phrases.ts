/** Filters, ordering and limits read from the user's words ("where status = 'paid'", "newest first", "top 5"). */
import type { CatalogColumn, CatalogTable } from './catalog-reader.ts'
import { findColumn, findColumnMentions, type Mention, overlaps, type Span } from './mentions.ts'
import { literal } from './names.ts'
import { SLOT_STOP, type Token, tokenize } from './tokens.ts'

export interface Condition extends Span {
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
export function parseConditions(text: string, tables: readonly CatalogTable[], exclude: readonly Span[], allowColon = false): Condition[] {
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

export function typeClass(type: string): TypeClass {
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
export function valueLiteral(column: CatalogColumn, value: { text: string; quoted: boolean }): string {
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

export function conditionSql(condition: Condition, ref: string): string {
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
export function parseOrder(text: string, tables: readonly CatalogTable[]): { items: OrderItem[]; span: Span | null } {
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

export function timeColumn(table: CatalogTable): CatalogColumn | undefined {
  const timed = table.columns.filter((column) => ['timestamptz', 'timestamp', 'date'].includes(typeClass(column.type)))
  return timed.find((column) => /^(created|inserted|placed|occurred)_(at|on)$/.test(column.name)) ?? timed[0]
}

/** "top 5", "first 10", "limit 20", "5 rows", "show 5 customers". */
export function parseLimit(text: string, exclude: readonly Span[], mentions: readonly Mention[]): { limit: number | null; last: boolean } {
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
