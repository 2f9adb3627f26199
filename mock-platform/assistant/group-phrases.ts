/**
 * The words of a grouped question ("count the notes per day", "total amount per customer", "how many
 * orders does each customer have"): what to group by and what to measure, before any of it is
 * matched against the catalog (grouped-answer.ts does that).
 */
import type { Span } from './mentions.ts'
import { type Token, tokenize } from './tokens.ts'

export type TimeUnit = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year'
export type Aggregate = 'count' | 'sum' | 'avg' | 'min' | 'max'

export interface GroupPhrase {
  /** The group keyword ("per", "each", "by", "daily") and the words naming the group. */
  span: Span
  /** The text without that phrase: it names what is measured. */
  subject: string
  /** A time unit ("per day", "monthly"), or null when the group is named by `words`. */
  unit: TimeUnit | null
  /** Up to three words after the keyword that name the group (a column or a table), as written. */
  words: Token[]
  measure: {
    aggregate: Aggregate
    /** Up to three words after the aggregate word ("total amount", "average order total"): the column to measure, or none. */
    words: Token[]
    /** An aggregate word was written ("count", "how many", "total"); "orders per customer" counts without one. */
    named: boolean
  }
  /** Said instead of an answer: a grouping the model recognises but does not write. */
  unsupported: string | null
}

/** "average number of orders per customer" is an aggregate of aggregates: said plainly rather than half written. */
export const AVERAGE_OF_COUNTS = 'I can count rows, or add up or average a column, per group, but not average the counts themselves in one query yet.'

const UNIT_WORDS: Record<string, TimeUnit> = {
  hour: 'hour',
  hours: 'hour',
  hourly: 'hour',
  day: 'day',
  days: 'day',
  date: 'day',
  dates: 'day',
  daily: 'day',
  week: 'week',
  weeks: 'week',
  weekly: 'week',
  month: 'month',
  months: 'month',
  monthly: 'month',
  quarter: 'quarter',
  quarters: 'quarter',
  quarterly: 'quarter',
  year: 'year',
  years: 'year',
  yearly: 'year',
  annually: 'year',
}
const ADVERBS = new Set(['hourly', 'daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'annually'])

/** Words before "by" that make it an ordering, not a grouping. */
const ORDERING = new Set(['order', 'ordered', 'sort', 'sorted', 'rank', 'ranked', 'sorting', 'ordering'])
/** Skipped at the start of a group's or a measure's words. */
const LEADING = new Set(['the', 'a', 'an', 'single', 'each', 'every', 'of', 'one', 'all', 'up', 'my', 'our'])
/** Words that end a group's or a measure's name. */
const ENDING = new Set(
  'have has had is are was were do does did in of from with where and or sorted ordered that which who having since between during for per by each every to as made placed there'.split(
    ' ',
  ),
)

const COUNT_WORDS = /\b(?:how many|count|counts|number of|tally)\b/
const SUM_WORDS = /\b(?:sum|total|totals|how much|spend|spent|revenue)\b/
const AVG_WORDS = /\b(?:average|avg|mean)\b/
const MAX_WORDS = /\b(?:max|maximum|highest|largest|biggest)\b/
const MIN_WORDS = /\b(?:min|minimum|lowest|smallest)\b/

/** The words after `index` that name something, leading filler skipped, up to three. */
function nameWords(tokens: Token[], index: number): Token[] {
  const words: Token[] = []
  let i = index
  while (tokens[i] && tokens[i]?.kind === 'word' && LEADING.has(tokens[i]?.lower ?? '')) i++
  for (; i < tokens.length && words.length < 3; i++) {
    const token = tokens[i] as Token
    if (token.kind !== 'word' && token.kind !== 'double') break
    if (token.kind === 'word' && ENDING.has(token.lower)) break
    words.push(token)
  }
  return words
}

function outside(token: Token, skip: readonly Span[]): boolean {
  return !skip.some((span) => token.start < span.end && span.start < token.end)
}

/**
 * The aggregate asked for anywhere outside the group phrase, with the words after its keyword
 * (up to the group phrase); count when none is named. The first aggregate word wins, so in "highest
 * total" and "average order total" the word total is the column measured.
 */
function readMeasure(lower: string, tokens: Token[], group: Span): GroupPhrase['measure'] {
  const blanked = lower.slice(0, group.start) + ' '.repeat(group.end - group.start) + lower.slice(group.end)
  const first = (pattern: RegExp) => new RegExp(pattern.source, 'g').exec(blanked)
  const wordsAfter = (match: RegExpExecArray) => {
    const end = match.index + match[0].length
    const next = tokens.findIndex((token) => token.start >= end)
    if (next < 0) return []
    return nameWords(tokens, next).filter((token) => (match.index < group.start ? token.start < group.start : token.start >= group.end))
  }
  // "total number of orders" counts; "sum" and "average" name a column to measure.
  const count = first(COUNT_WORDS)
  if (count && !AVG_WORDS.test(blanked) && !/\bsum\b/.test(blanked)) return { aggregate: 'count', words: wordsAfter(count), named: true }
  const found = (
    [
      ['avg', first(AVG_WORDS)],
      ['sum', first(SUM_WORDS)],
      ['max', first(MAX_WORDS)],
      ['min', first(MIN_WORDS)],
    ] as const
  )
    .filter((entry): entry is readonly [Exclude<Aggregate, 'count'>, RegExpExecArray] => entry[1] !== null)
    .sort((a, b) => a[1].index - b[1].index)[0]
  return found ? { aggregate: found[0], words: wordsAfter(found[1]), named: true } : { aggregate: 'count', words: [], named: false }
}

/**
 * The grouping asked for in `text`, or null when it asks for none. Keywords inside `skip` (the
 * tables named) do not count: a table called daily_totals is not "daily". "per" groups by itself;
 * "each", "every", "by" and "daily" only with an aggregate ("count", "how many", "total", …).
 */
export function readGroupPhrase(text: string, skip: readonly Span[]): GroupPhrase | null {
  const lower = text.toLowerCase()
  const tokens = tokenize(text)
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token
    if (token.kind !== 'word' || !outside(token, skip)) continue
    const keyword = token.lower
    const previous = tokens[i - 1]?.lower ?? ''
    const isPer = keyword === 'per'
    const isAdverb = ADVERBS.has(keyword)
    const isEach = keyword === 'each' || keyword === 'every'
    const isBy = keyword === 'by' && !ORDERING.has(previous)
    if (!isPer && !isAdverb && !isEach && !isBy) continue
    const words = isAdverb ? [] : nameWords(tokens, i + 1)
    const first = words[0]
    const unit = isAdverb ? (UNIT_WORDS[keyword] ?? null) : first?.kind === 'word' ? (UNIT_WORDS[first.lower] ?? null) : null
    if (!unit && words.length === 0) continue
    const span = { start: token.start, end: isAdverb ? token.end : (words[unit ? 0 : words.length - 1] ?? token).end }
    const measure = readMeasure(lower, tokens, span)
    if (!isPer && !measure.named) continue
    const rest = lower.slice(0, span.start) + ' ' + lower.slice(span.end)
    const unsupported = AVG_WORDS.test(rest) && /\b(?:number of|count of|how many)\b/.test(rest) ? AVERAGE_OF_COUNTS : null
    return { span, subject: text.slice(0, span.start) + ' ' + text.slice(span.end), unit, words: unit ? [] : words, measure, unsupported }
  }
  return null
}
