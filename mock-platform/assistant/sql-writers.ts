/** Answers that write a query on one table: select (with joins, filters and counts) and insert. */
import type { CatalogColumn, CatalogTable } from './catalog-reader.ts'
import { findColumn, findColumnMentions, type Mention, type Span } from './mentions.ts'
import { code, ident, KEYWORDS, listing, literal, plural, qualified, sqlBlock } from './names.ts'
import { type Condition, conditionSql, parseConditions, parseLimit, parseOrder, typeClass, valueLiteral } from './query-phrases.ts'

// --- select ---------------------------------------------------------------------------------

const ALIAS_RESERVED = new Set('as at by do if in is no of on or to all and any asc end for not off old new set top'.split(' '))

export function aliasFor(table: CatalogTable, taken: Set<string>): string {
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

export function selectRows(text: string, intent: 'select' | 'count', table: CatalogTable, mentions: Mention[]): string {
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

export function insertRow(text: string, table: CatalogTable, mentions: Mention[]): string {
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
