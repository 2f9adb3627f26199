/** Answers that change the schema: create table, create index and row level security policies. */
import { sqlIdent } from '../../src/lib/sql/quote.ts'
import type { CatalogColumn, CatalogTable, ModelCatalog } from './catalog-reader.ts'
import { closestColumns, findColumn, findColumnMentions, findTableByName, type Mention, type Span, splitQualified } from './mentions.ts'
import { code, ident, listing, plural, qualified, sqlBlock } from './names.ts'
import { typeClass } from './query-phrases.ts'

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

export function createTable(text: string, catalog: ModelCatalog): string {
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

export function createIndex(text: string, table: CatalogTable, mentions: Mention[]): string {
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

export function rlsPolicy(table: CatalogTable, catalog: ModelCatalog): string {
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
