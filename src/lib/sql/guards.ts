import type { SqlToken } from './lexer'
import { leadingKeyword, splitStatements, topLevelWords, type SqlStatement } from './statements'

export interface DestructiveStatement {
  /** 1-based position of the statement in the script. */
  index: number
  kind: 'drop' | 'truncate' | 'delete' | 'delete-all' | 'update-all' | 'alter-drop'
  /** What it would do, in words, naming its target. */
  description: string
}

/** The object name that follows token `from` (schema.table, quoted parts kept as written). */
function nameAfter(tokens: SqlToken[], from: number): string {
  let i = from
  while (i < tokens.length && tokens[i]!.kind === 'word' && ['IF', 'EXISTS', 'ONLY', 'TABLE', 'FROM'].includes(tokens[i]!.text.toUpperCase())) i++
  const parts: string[] = []
  // name, then (. name)* — the statement's tokens carry no whitespace, so stop at the first gap.
  while (i < tokens.length && (tokens[i]!.kind === 'word' || tokens[i]!.kind === 'quoted-identifier')) {
    parts.push(tokens[i]!.text)
    const dot = tokens[i + 1]
    if (!(dot?.kind === 'symbol' && dot.text === '.')) break
    parts.push('.')
    i += 2
  }
  return parts.join('') || 'an object'
}

function indexOfWord(tokens: SqlToken[], word: string): number {
  return tokens.findIndex((t) => t.kind === 'word' && t.text.toUpperCase() === word)
}

/** Whether the clause starting at token `from` has a WHERE of its own (same parenthesis depth). */
function hasOwnWhere(tokens: SqlToken[], from: number): boolean {
  let depth = 0
  for (const token of tokens.slice(from + 1)) {
    if (token.kind === 'symbol' && token.text === '(') depth++
    else if (token.kind === 'symbol' && token.text === ')') {
      if (depth === 0) return false
      depth--
    } else if (depth === 0 && token.kind === 'word' && token.text.toUpperCase() === 'WHERE') return true
  }
  return false
}

function classify(statement: SqlStatement, index: number): DestructiveStatement | null {
  const { tokens } = statement
  const keyword = leadingKeyword(statement)
  const top = topLevelWords(statement)
  if (keyword === 'DROP') {
    const what = tokens[1]?.text.toLowerCase() ?? 'object'
    return { index, kind: 'drop', description: `drop ${what} ${nameAfter(tokens, 2)}` }
  }
  if (keyword === 'TRUNCATE') return { index, kind: 'truncate', description: `remove every row of ${nameAfter(tokens, 1)}` }
  if (keyword === 'ALTER' && top.includes('DROP')) {
    return { index, kind: 'alter-drop', description: `drop part of ${tokens[1]?.text.toLowerCase() ?? 'object'} ${nameAfter(tokens, 2)}` }
  }
  // DELETE and UPDATE may also sit in a WITH, at the top or inside a data-modifying CTE.
  if (keyword !== 'DELETE' && keyword !== 'UPDATE' && keyword !== 'WITH') return null
  const deleteAt = indexOfWord(tokens, 'DELETE')
  if (deleteAt !== -1) {
    const target = nameAfter(tokens, deleteAt + 1)
    return hasOwnWhere(tokens, deleteAt)
      ? { index, kind: 'delete', description: `delete rows from ${target}` }
      : { index, kind: 'delete-all', description: `delete every row of ${target} (no WHERE clause)` }
  }
  const updateAt = indexOfWord(tokens, 'UPDATE')
  if (updateAt !== -1 && !hasOwnWhere(tokens, updateAt)) {
    return { index, kind: 'update-all', description: `update every row of ${nameAfter(tokens, updateAt + 1)} (no WHERE clause)` }
  }
  return null
}

/** The statements of a script that must be confirmed before they run. */
export function findDestructiveStatements(sql: string): DestructiveStatement[] {
  return splitStatements(sql)
    .map((statement, i) => classify(statement, i + 1))
    .filter((finding): finding is DestructiveStatement => finding !== null)
}
