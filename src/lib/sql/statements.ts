import { isSignificant, tokenizeSql, type SqlToken } from './lexer'

/** One statement of a script, with where it sits in the original text. */
export interface SqlStatement {
  /** The statement's text, trimmed of surrounding whitespace and without its semicolon. */
  text: string
  /** Offset of `text` in the original script. */
  start: number
  end: number
  /** Its significant tokens, for the checks that read keywords. */
  tokens: SqlToken[]
}

/** Splits a script into statements at top-level semicolons; empty and comment-only pieces are dropped. */
export function splitStatements(sql: string): SqlStatement[] {
  const statements: SqlStatement[] = []
  let current: SqlToken[] = []
  const flush = () => {
    const significant = current.filter(isSignificant)
    if (significant.length > 0) {
      // Leading comments belong to the statement (they often describe it); surrounding space does not.
      const first = current.find((t) => t.kind !== 'space')!
      const last = [...current].reverse().find((t) => t.kind !== 'space')!
      statements.push({ text: sql.slice(first.start, last.end), start: first.start, end: last.end, tokens: significant })
    }
    current = []
  }
  for (const token of tokenizeSql(sql)) {
    if (token.kind === 'semicolon') flush()
    else current.push(token)
  }
  flush()
  return statements
}

/** The first keyword of a statement, upper-cased ('' when it starts with something else). */
export function leadingKeyword(statement: SqlStatement): string {
  const first = statement.tokens[0]
  return first?.kind === 'word' ? first.text.toUpperCase() : ''
}

/** Keywords at parenthesis depth 0, upper-cased, in order. */
export function topLevelWords(statement: SqlStatement): string[] {
  const words: string[] = []
  let depth = 0
  for (const token of statement.tokens) {
    if (token.kind === 'symbol' && token.text === '(') depth++
    else if (token.kind === 'symbol' && token.text === ')') depth = Math.max(0, depth - 1)
    else if (token.kind === 'word' && depth === 0) words.push(token.text.toUpperCase())
  }
  return words
}

/** Leading keywords of statements that can change the catalogue (a table, a type, a grant, an extension…); DO can do anything. */
const CATALOG_KEYWORDS = new Set(['CREATE', 'ALTER', 'DROP', 'COMMENT', 'GRANT', 'REVOKE', 'IMPORT', 'SECURITY', 'REFRESH', 'DO', 'CALL'])

/** Whether a script may have changed what the screens read from the catalogue, so they should read it again. */
export function changesCatalog(sql: string): boolean {
  return splitStatements(sql).some((statement) => CATALOG_KEYWORDS.has(leadingKeyword(statement)))
}
