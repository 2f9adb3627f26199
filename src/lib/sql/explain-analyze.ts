import { EXPLAINABLE, hasPlaceholders } from './query-performance'
import { leadingKeyword, splitStatements, type SqlStatement } from './statements'

/**
 * The SQL editor's Explain: the statement under the cursor (or the selection), run under EXPLAIN
 * ANALYZE for its real times, inside a transaction rolled back at once: a data change is measured,
 * never kept. (Effects outside the transaction, a sequence's next value or a pg_net request, are
 * Postgres's own and stay, as with any rolled back statement.)
 */
export type ExplainScript = { script: string; statement: SqlStatement } | { problem: string }

/** The statement the cursor stands in or right after; the first when it stands before them all. */
export function statementAt(text: string, offset: number): SqlStatement | null {
  const statements = splitStatements(text)
  let found: SqlStatement | null = statements[0] ?? null
  for (const statement of statements) if (statement.start <= offset) found = statement
  return found
}

export function explainAnalyzeScript(text: string, offset: number): ExplainScript {
  const statement = statementAt(text, offset)
  if (!statement) return { problem: 'Write a statement to explain.' }
  const keyword = leadingKeyword(statement)
  if (keyword === 'EXPLAIN') return { problem: 'This statement is an EXPLAIN already: run it to read its plan.' }
  if (!EXPLAINABLE.has(keyword)) return { problem: `EXPLAIN measures queries and data changes; ${keyword || 'this statement'} is neither.` }
  if (hasPlaceholders(statement.text)) return { problem: 'This statement has $1, $2… placeholders: put values in their place to run and measure it.' }
  return { script: `begin;\nexplain (analyze, buffers, verbose, format json)\n${statement.text};\nrollback;`, statement }
}
