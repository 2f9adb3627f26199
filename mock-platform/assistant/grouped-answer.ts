/**
 * Grouped aggregates ("count the notes per day", "how many orders does each customer have", "total
 * per customer", "orders per status"): the words (group-phrases.ts) matched to the project's catalog.
 * A time unit groups by a date or timestamp column, an entity by the table the measured one points at
 * through a foreign key, anything else by a column of the measured table. What cannot be matched is
 * said plainly and without SQL: a confident query that answers another question is worse than none.
 */
import type { CatalogColumn, CatalogTable, ModelCatalog, ModelContext } from './catalog-reader.ts'
import { AVERAGE_OF_COUNTS, type GroupPhrase, readGroupPhrase } from './group-phrases.ts'
import { type Group, groupedQueryAnswer, type Measure, MEASURE_VERBS } from './grouped-sql.ts'
import { tableSlot } from './intents.ts'
import { findColumn, findColumnMentions, findTableByName, type Mention, overlaps, type Span, tableFromContext } from './mentions.ts'
import { tableNotFound, whichTable } from './missing-table.ts'
import { code, listing, qualified } from './names.ts'
import { type Condition, parseConditions, timeColumn, typeClass } from './query-phrases.ts'
import { type Token, tokenize } from './tokens.ts'

type Named = { kind: 'time' } | { kind: 'column'; column: CatalogColumn } | { kind: 'table'; table: CatalogTable } | { kind: 'unknown'; name: string }
type Reply = { reply: string }

const TIMED = ['timestamptz', 'timestamp', 'date']
const SUMMABLE = ['int', 'numeric', 'float', 'interval']
const COMPARABLE = [...SUMMABLE, ...TIMED, 'time', 'text']
/** Words for "the money" of a table ("total amount", "how much … spend", "revenue"), not the name of a column. */
const AMOUNT_WORDS = new Set('amount amounts value values revenue sales money spend spent spending sum total totals'.split(' '))

const spanOf = (tokens: readonly Token[]): Span | null => {
  const first = tokens[0]
  const last = tokens[tokens.length - 1]
  return first && last ? { start: first.start, end: last.end } : null
}
const wordsText = (words: readonly Token[]) => words.map((word) => word.text).join(' ')

/** The answer to a grouped question, or null when `text` asks for no grouping (the other answers apply). */
export function groupedAnswer(text: string, mentions: Mention[], catalog: ModelCatalog, context: ModelContext | undefined): string | null {
  const phrase = readGroupPhrase(text, mentions)
  if (!phrase) return null
  if (phrase.unsupported) return phrase.unsupported
  const measured = sourceMention(text, mentions.filter((mention) => !overlaps(mention, [phrase.span])))
  let source = measured ?? tableFromContext(catalog, context) ?? null
  const named = nameGroup(phrase, source, catalog)
  // "show 10 orders per page": no aggregate asked for and nothing to group by; the plain select applies.
  if (named.kind === 'unknown' && !phrase.measure.named) return null
  if (!source) {
    if (named.kind !== 'table') {
      const slot = tableSlot(phrase.subject)
      return slot ? tableNotFound(slot, catalog) : whichTable(catalog)
    }
    const inferred = inferSource(named.table, phrase, catalog)
    if ('reply' in inferred) return inferred.reply
    source = inferred.table
  }
  const group = groupOn(named, phrase, source, catalog, text, mentions)
  if ('reply' in group) return group.reply
  const measure = resolveMeasure(phrase, source, group.kind === 'table' ? group.table : null, catalog)
  if ('reply' in measure) return measure.reply
  const measureSpan = spanOf(phrase.measure.words)
  const exclude: Span[] = [...mentions, phrase.span, ...(measureSpan ? [measureSpan] : [])]
  const parsed = parseConditions(text, [source], exclude)
  // An enum label among the measure's words ("count paid orders") is a filter all the same.
  const conditions = [...parsed, ...enumConditions(text, source, [...mentions, phrase.span, ...parsed])]
  const unreadFilter = conditions.length === 0 && /\bwhere\b/i.test(text)
  return groupedQueryAnswer({ source, group, measure, conditions, unreadFilter })
}

/** "paid orders": a word that is a label of one of the table's enum columns filters on it. */
function enumConditions(text: string, source: CatalogTable, exclude: readonly Span[]): Condition[] {
  const conditions: Condition[] = []
  for (const token of tokenize(text)) {
    if (token.kind !== 'word' || overlaps(token, exclude)) continue
    for (const column of source.columns) {
      const label = column.enumLabels?.find((entry) => entry.toLowerCase() === token.lower)
      if (label) conditions.push({ table: source, column, op: '=', value: { text: label, quoted: true }, start: token.start, end: token.end })
    }
  }
  return conditions
}

/** The table measured: the one after "in", "from" or "of" ("the notes in qa_notes"), else the first named. */
function sourceMention(text: string, mentions: Mention[]): CatalogTable | undefined {
  const lower = text.toLowerCase()
  const after = mentions.find((mention) => /\b(?:in|from|of|on)\s+(?:the\s+)?(?:table\s+)?$/.test(lower.slice(0, mention.start)))
  return (after ?? mentions[0])?.table
}

function columnByWords(table: CatalogTable, words: readonly Token[]): CatalogColumn | undefined {
  const only = words.length === 1 ? words[0] : undefined
  if (only?.kind === 'double') return findColumn(table, `"${only.text.replaceAll('"', '""')}"`)
  return findColumn(table, wordsText(words)) ?? findColumn(table, words.map((word) => word.text).join('_'))
}

function tableByWords(catalog: ModelCatalog, words: readonly Token[]): CatalogTable | undefined {
  return findTableByName(catalog, wordsText(words)) ?? findTableByName(catalog, words.map((word) => word.text).join('_'))
}

/** What the group's words name: a column of the measured table, a table, a "<word>_id" column; longest reading first. */
function nameGroup(phrase: GroupPhrase, source: CatalogTable | null, catalog: ModelCatalog): Named {
  if (phrase.unit) return { kind: 'time' }
  const words = phrase.words
  for (let n = words.length; n > 0; n--) {
    const part = words.slice(0, n)
    const column = source ? columnByWords(source, part) : undefined
    if (column) return { kind: 'column', column }
    const table = tableByWords(catalog, part)
    if (table && table !== source) return { kind: 'table', table }
    const key = source?.columns.find((entry) => entry.name.toLowerCase() === `${part.map((word) => word.lower).join('_')}_id`)
    if (key) return { kind: 'column', column: key }
  }
  return { kind: 'unknown', name: wordsText(words) }
}

function pointsAt(from: CatalogTable, to: CatalogTable): CatalogColumn | undefined {
  return from.columns.find((column) => column.references?.schema === to.schema && column.references.table === to.name)
}

/** "total amount per customer": the one table pointing at customers that has what is measured. */
function inferSource(target: CatalogTable, phrase: GroupPhrase, catalog: ModelCatalog): { table: CatalogTable } | Reply {
  const per = wordsText(phrase.words)
  const pointing = catalog.tables.filter((table) => table !== target && pointsAt(table, target))
  const fitting = pointing.filter((table) => !('reply' in resolveMeasure(phrase, table, target, catalog)))
  const verb = MEASURE_VERBS[phrase.measure.aggregate]
  const only = fitting[0]
  if (fitting.length === 1 && only) return { table: only }
  if (fitting.length > 1) {
    const all = fitting.length === 2 ? 'both' : 'all'
    return { reply: `Which table should I ${verb} per ${per}? ${listing(fitting.map((table) => code(qualified(table))))} ${all} point at ${code(qualified(target))}.` }
  }
  if (pointing.length === 0) return { reply: `No table points at ${code(qualified(target))} through a foreign key, so I can't tell what to ${verb} per ${per}.` }
  return {
    reply: `I couldn't tell what to ${verb} per ${per}: ${listing(pointing.map((table) => code(qualified(table))))} ${pointing.length === 1 ? 'points' : 'point'} at ${code(qualified(target))}, but I found no column to ${verb} there. Name the table and the column, e.g. "${verb} <column> of <table> per ${per}".`,
  }
}

function columnList(table: CatalogTable): string {
  const shown = table.columns.slice(0, 12).map((column) => `${code(column.name)} (${column.type})`)
  return `${listing(shown)}${table.columns.length > 12 ? ' and more' : ''}`
}

/** The group on `source`, or why there is none. */
function groupOn(named: Named, phrase: GroupPhrase, source: CatalogTable, catalog: ModelCatalog, text: string, mentions: Mention[]): Group | Reply {
  if (named.kind === 'column') return { kind: 'column', column: named.column }
  if (named.kind === 'time') {
    const unit = phrase.unit ?? 'day'
    const timed = source.columns.filter((column) => TIMED.includes(typeClass(column.type)))
    const mentioned = findColumnMentions(text, [source], mentions).find((mention) => timed.includes(mention.column))?.column
    const column = mentioned ?? timeColumn(source)
    if (!column) {
      return {
        reply: `I couldn't find a date column in ${code(qualified(source))} to group by ${unit}: its columns are ${columnList(source)}, and none is a date or a timestamp. A column such as ${code('created_at timestamptz not null default now()')} would let you count rows by ${unit} from then on.`,
      }
    }
    if (typeClass(column.type) === 'date' && unit === 'hour') {
      return { reply: `${code(column.name)} of ${code(qualified(source))} is a date without a time of day, so I can't group it by hour; ask per day instead.` }
    }
    return { kind: 'time', unit, column }
  }
  if (named.kind === 'table') {
    const target = named.table
    const key = pointsAt(source, target)
    if (key) return { kind: 'table', table: target, key }
    const back = pointsAt(target, source)
    if (back) {
      return {
        reply: `${code(qualified(target))} points at ${code(qualified(source))} (${code(back.name)}), so each row of ${code(qualified(target))} has exactly one row of ${code(qualified(source))}: grouping ${code(qualified(source))} by it would give 1 every time. Did you mean ${code(qualified(target))} per row of ${code(qualified(source))}?`,
      }
    }
    // Linked through a third table (products and warehouses through stock_levels): named, not joined.
    const links = catalog.tables.filter((table) => table !== source && table !== target && pointsAt(table, source) && pointsAt(table, target))
    const hint =
      links.length > 0
        ? ` They are linked through ${listing(links.map((table) => code(qualified(table))))}: ask about ${links.length === 1 ? 'that table' : 'one of those'} per ${wordsText(phrase.words)} instead.`
        : ''
    return {
      reply: `There is no foreign key between ${code(qualified(source))} and ${code(qualified(target))}, so I can't tell which rows of one belong to which row of the other.${hint}`,
    }
  }
  return {
    reply: `I couldn't find ${code(named.name)} in ${code(qualified(source))}: it is neither a column of that table nor a table it points at. Its columns are ${columnList(source)}.`,
  }
}

/** The column measured ("total amount" → the table's money column), or why there is none. */
function resolveMeasure(phrase: GroupPhrase, source: CatalogTable, groupTable: CatalogTable | null, catalog: ModelCatalog): Measure | Reply {
  const { aggregate } = phrase.measure
  if (aggregate === 'count') return { aggregate }
  const verb = MEASURE_VERBS[aggregate]
  // "total orders per customer" counts them; "average order total" measures `total`.
  const namesTable = (word: Token) => {
    const table = findTableByName(catalog, word.text)
    return (table === source || table === groupTable) && !findColumn(source, word.text)
  }
  const isLabel = (word: Token) => source.columns.some((column) => column.enumLabels?.some((label) => label.toLowerCase() === word.lower))
  const words = phrase.measure.words.filter((word) => !namesTable(word) && !isLabel(word))
  if (words.length === 0 && phrase.measure.words.length > 0) return aggregate === 'sum' ? { aggregate: 'count' } : { reply: AVERAGE_OF_COUNTS }
  for (let n = words.length; n > 0; n--) {
    const column = columnByWords(source, words.slice(0, n)) ?? (n === 1 ? columnNamedWith(source, words[0] as Token) : undefined)
    if (!column) continue
    const allowed = aggregate === 'sum' || aggregate === 'avg' ? SUMMABLE : COMPARABLE
    if (!allowed.includes(typeClass(column.type)) || column.enumLabels) {
      return { reply: `${code(column.name)} of ${code(qualified(source))} is ${column.type}, not a number, so I can't ${verb} it.` }
    }
    return { aggregate, column }
  }
  if (words.some((word) => !AMOUNT_WORDS.has(word.lower))) {
    return { reply: `I couldn't find a column ${code(wordsText(words))} in ${code(qualified(source))} to ${verb}. Its columns are ${columnList(source)}.` }
  }
  const money = moneyColumn(source)
  if ('reply' in money) return { reply: money.reply.replace('{verb}', verb) }
  return { aggregate, column: money.column }
}

/** "price" for unit_price: the one number column with the word as a part of its name. */
function columnNamedWith(table: CatalogTable, word: Token): CatalogColumn | undefined {
  const found = table.columns.filter((column) => SUMMABLE.includes(typeClass(column.type)) && column.name.toLowerCase().split('_').includes(word.lower))
  return found.length === 1 ? found[0] : undefined
}

/** The table's amount: a column named like one (total, amount, price…), else its only number that is not a key. */
function moneyColumn(table: CatalogTable): { column: CatalogColumn } | Reply {
  const numbers = table.columns.filter(
    (column) => ['int', 'numeric', 'float'].includes(typeClass(column.type)) && !column.isPrimaryKey && !column.isIdentity && !column.references,
  )
  const named =
    numbers.find((column) => /^(total|amount|price|value|revenue|cost|subtotal|grand_total)$/i.test(column.name)) ??
    numbers.find((column) => /amount|total|price|cost|value|revenue/i.test(column.name))
  // A lone decimal is the amount; a lone integer (a quantity, a stock) is not assumed to be one.
  const decimals = numbers.filter((column) => typeClass(column.type) !== 'int')
  const column = named ?? (decimals.length === 1 ? decimals[0] : undefined)
  if (column) return { column }
  if (numbers.length === 0) return { reply: `I couldn't find a number column in ${code(qualified(table))} to {verb}: its columns are ${columnList(table)}.` }
  return { reply: `Which column of ${code(qualified(table))} should I {verb}: ${listing(numbers.map((entry) => code(entry.name)))}?` }
}
