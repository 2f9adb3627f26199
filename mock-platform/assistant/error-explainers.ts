/** Explaining a Postgres error the user pasted, with a fix written against their catalog and snippet. */
import { sqlIdent } from '../../src/lib/sql/quote.ts'
import type { CatalogColumn, CatalogTable, ModelCatalog, ModelContext } from './catalog-reader.ts'
import { ERROR_CODES } from './intents.ts'
import { closestColumns, closestTables, findColumn, findTableByName, findTableMentions, splitQualified } from './mentions.ts'
import { code, escapeRegExp, ident, KEYWORDS, listing, literal, qualified, sqlBlock } from './names.ts'

// --- errors ---------------------------------------------------------------------------------

export function explainError(text: string, catalog: ModelCatalog, context: ModelContext | undefined): string {
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
