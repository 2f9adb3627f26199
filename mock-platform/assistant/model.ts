/**
 * The mock platform's SQL assistant "model": deterministic rules over the chat and the project's
 * real catalog. It answers in Markdown; SQL goes in ```sql blocks and is written to run on the
 * project as it is (schema-qualified, identifiers quoted where needed). No randomness, no network,
 * no dates in the output: the same messages and catalog always give the same answer.
 */
import { advisorFindingsAnswer } from './advisor-answer.ts'
import type { CatalogTable, ModelCatalog, ModelContext } from './catalog-reader.ts'
import { explainError } from './error-explainers.ts'
import { groupedAnswer } from './grouped-answer.ts'
import { detectIntent, type Intent, tableSlot } from './intents.ts'

export { detectIntent } from './intents.ts'
import { closestTables, findTableMentions, type Mention, occurrences, tableFromContext } from './mentions.ts'
import { tableNotFound, whichTable } from './missing-table.ts'
import { code, ident, listing, plural, qualified, sortTables } from './names.ts'
import { timeColumn } from './query-phrases.ts'
import { createIndex, createTable, rlsPolicy } from './schema-writers.ts'
import { insertRow, selectRows } from './sql-writers.ts'

export { catalogFromRows, MODEL_CATALOG_SQL } from './catalog-reader.ts'
export type { CatalogColumn, CatalogTable, ModelCatalog, ModelContext } from './catalog-reader.ts'

export interface ModelMessage {
  role: 'user' | 'assistant'
  text: string
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
    case 'advisors':
      return advisorFindingsAnswer(lower, context?.projectRef ?? '', context?.findings ?? null)
    case 'error':
      return explainError(text, sorted, context)
    case 'list':
      return listTables(lower, sorted)
    case 'create-table':
      return createTable(text, sorted)
    default:
      break
  }
  // "per day", "each customer", "total per status": a grouped query, or plainly why there is none.
  const grouped = intent === 'count' || intent === 'select' || (intent === 'unknown' && (mentions.length > 0 || tableFromContext(sorted, context)))
  const groupedReply = grouped ? groupedAnswer(text, mentions, sorted, context) : null
  if (groupedReply !== null) return groupedReply
  if (intent === 'unknown') return notUnderstood(sorted)
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
    'I can also count or add up rows per day or per related row ("how many orders per customer"), create tables ("create a table called notes with columns title text") and explain Postgres error messages you paste.',
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
