/** The SQL and the words of a grouped answer, once grouped-answer.ts has matched the question to the catalog. */
import type { CatalogColumn, CatalogTable } from './catalog-reader.ts'
import type { Aggregate, TimeUnit } from './group-phrases.ts'
import { code, ident, literal, qualified, sqlBlock } from './names.ts'
import { type Condition, conditionSql } from './query-phrases.ts'
import { aliasFor } from './sql-writers.ts'

export type Group =
  | { kind: 'time'; unit: TimeUnit; column: CatalogColumn }
  | { kind: 'column'; column: CatalogColumn }
  /** Each row of `table`, which the measured table points at through `key`. */
  | { kind: 'table'; table: CatalogTable; key: CatalogColumn }

export type Measure = { aggregate: 'count' } | { aggregate: Exclude<Aggregate, 'count'>; column: CatalogColumn }

export const MEASURE_VERBS: Record<Aggregate, string> = {
  count: 'count',
  sum: 'add up',
  avg: 'average',
  min: 'take the lowest of',
  max: 'take the highest of',
}

export interface GroupedQuery {
  /** The table measured. */
  source: CatalogTable
  group: Group
  measure: Measure
  conditions: Condition[]
  /** The question had a "where" whose filter was not understood: the answer says it covers every row. */
  unreadFilter: boolean
}

/** A name fit for an output column: lower case, words joined by underscores. */
function plainName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '')
}

function singular(name: string): string {
  const plain = plainName(name)
  if (/[^aeiou]ies$/.test(plain)) return plain.slice(0, -3) + 'y'
  if (/(ss|x|z|ch|sh)es$/.test(plain)) return plain.slice(0, -2)
  if (/[^s]s$/.test(plain)) return plain.slice(0, -1)
  return plain
}

function measureAlias(measure: Measure, source: CatalogTable): string {
  if (measure.aggregate === 'count') return `${/^[a-z]/.test(singular(source.name)) ? singular(source.name) : 'row'}_count`
  return `${measure.aggregate}_${plainName(measure.column.name) || 'value'}`
}

/** What the measure does to the table's rows, for the answer's first sentence. */
function measurePhrase(measure: Measure, source: CatalogTable, filtered: boolean): string {
  const rows = `the rows of ${code(qualified(source))}${filtered ? ' matching your filter' : ''}`
  switch (measure.aggregate) {
    case 'count':
      return `counts ${rows}`
    case 'sum':
      return `adds up ${code(measure.column.name)} over ${rows}`
    case 'avg':
      return `averages ${code(measure.column.name)} over ${rows}`
    case 'max':
      return `takes the highest ${code(measure.column.name)} among ${rows}`
    case 'min':
      return `takes the lowest ${code(measure.column.name)} among ${rows}`
  }
}

/** The table's readable name column (full_name, title, email…), shown beside its key. */
function labelColumn(table: CatalogTable, key: string): CatalogColumn | undefined {
  const texts = table.columns.filter((column) => column.name !== key && /^(text|character varying|varchar|citext)\b/.test(column.type))
  return (
    texts.find((column) => /^(name|full_name|display_name|title|label|username)$/i.test(column.name)) ??
    texts.find((column) => /name|title/i.test(column.name)) ??
    texts.find((column) => /^(email|code|sku|slug)$/i.test(column.name))
  )
}

export function groupedQueryAnswer(query: GroupedQuery): string {
  const { group } = query
  const written = group.kind === 'time' ? byTime(query, group) : group.kind === 'column' ? byColumn(query, group) : byTable(query, group)
  const notes = [written.outro, ...(query.unreadFilter ? ['I couldn\'t read the filter after "where", so this covers every row; add it to the SQL yourself.'] : [])]
  const intro = `This ${measurePhrase(query.measure, query.source, query.conditions.length > 0)} ${written.intro}.`
  return [intro, '', sqlBlock(written.sql), '', notes.join(' ')].join('\n')
}

interface Written {
  sql: string
  intro: string
  outro: string
}

function whereLines(conditions: Condition[], ref: (column: CatalogColumn) => string, keyword: string): string[] {
  const parts = [...new Set(conditions.map((condition) => conditionSql(condition, ref(condition.column))))]
  return parts.length > 0 ? [`${keyword} ${parts.join('\n  and ')}`] : []
}

function aggregateSql(measure: Measure, ref: (column: CatalogColumn) => string, countOf: string): string {
  if (measure.aggregate === 'count') return `count(${countOf})`
  return `${measure.aggregate}(${ref(measure.column)})`
}

/** Largest first; averages, highest and lowest can be null, and those go last. */
function orderByMeasure(measure: Measure, alias: string): string {
  return `${ident(alias)} desc${measure.aggregate === 'count' || measure.aggregate === 'sum' ? '' : ' nulls last'}`
}

function byTime(query: GroupedQuery, group: Extract<Group, { kind: 'time' }>): Written {
  const ref = (column: CatalogColumn) => ident(column.name)
  const alias = measureAlias(query.measure, query.source)
  const sql = [
    `select date_trunc(${literal(group.unit)}, ${ref(group.column)}) as ${ident(group.unit)}, ${aggregateSql(query.measure, ref, '*')} as ${ident(alias)}`,
    `from ${qualified(query.source)}`,
    ...whereLines(query.conditions, ref, 'where'),
    'group by 1',
    'order by 1;',
  ].join('\n')
  return {
    sql,
    intro: `per ${group.unit} of ${code(group.column.name)}, oldest first; a ${group.unit} without rows is left out`,
    outro: `${code('date_trunc')} cuts each ${code(group.column.name)} to the start of its ${group.unit}${group.column.type === 'date' ? '' : ", in the session's time zone"}.`,
  }
}

function byColumn(query: GroupedQuery, group: Extract<Group, { kind: 'column' }>): Written {
  const ref = (column: CatalogColumn) => ident(column.name)
  const alias = measureAlias(query.measure, query.source)
  const key = ref(group.column)
  const sql = [
    `select ${key}, ${aggregateSql(query.measure, ref, '*')} as ${ident(alias)}`,
    `from ${qualified(query.source)}`,
    ...whereLines(query.conditions, ref, 'where'),
    `group by ${key}`,
    `order by ${orderByMeasure(query.measure, alias)}, ${key};`,
  ].join('\n')
  return { sql, intro: `for each ${code(group.column.name)}, the largest first`, outro: 'Only values that occur in some row are listed.' }
}

function byTable(query: GroupedQuery, group: Extract<Group, { kind: 'table' }>): Written {
  const { source, measure } = query
  const target = group.table
  const targetKeyName = group.key.references?.column ?? 'id'
  const taken = new Set<string>()
  const targetAlias = aliasFor(target, taken)
  const sourceAlias = aliasFor(source, taken)
  const sourceRef = (column: CatalogColumn) => `${sourceAlias}.${ident(column.name)}`
  const targetKey = `${targetAlias}.${ident(targetKeyName)}`
  const label = labelColumn(target, targetKeyName)
  const keys = [targetKey, ...(label ? [`${targetAlias}.${ident(label.name)}`] : [])]
  const primary = source.columns.filter((column) => column.isPrimaryKey)
  // Counting a column that is null on the left join's empty side gives 0 for rows with nothing pointing at them.
  const countOf = sourceRef(primary.length === 1 && primary[0] ? primary[0] : group.key)
  const alias = measureAlias(measure, source)
  const aggregate = aggregateSql(measure, sourceRef, countOf)
  const sql = [
    `select ${keys.join(', ')}, ${measure.aggregate === 'sum' ? `coalesce(${aggregate}, 0)` : aggregate} as ${ident(alias)}`,
    `from ${qualified(target)} ${targetAlias}`,
    `left join ${qualified(source)} ${sourceAlias} on ${sourceRef(group.key)} = ${targetKey}`,
    ...whereLines(query.conditions, sourceRef, '  and'),
    `group by ${keys.join(', ')}`,
    `order by ${orderByMeasure(measure, alias)}, ${targetKey};`,
  ].join('\n')
  const empty = measure.aggregate === 'count' || measure.aggregate === 'sum' ? '0' : 'null'
  return {
    sql,
    intro: `for each row of ${code(qualified(target))}, through the foreign key ${code(`${group.key.name} → ${qualified(target)}.${ident(targetKeyName)}`)}, the largest first`,
    outro: `Rows of ${code(qualified(target))} with no row in ${code(qualified(source))} pointing at them show ${empty}.`,
  }
}
