/** A token of Postgres SQL text, with its offsets in the original text. */
export interface SqlToken {
  kind: 'word' | 'quoted-identifier' | 'string' | 'comment' | 'space' | 'semicolon' | 'symbol'
  text: string
  start: number
  end: number
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/
const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/

/**
 * Splits SQL into tokens the way Postgres reads it: '…' strings (with '' escapes and E'…'
 * backslash escapes), "…" identifiers, $tag$…$tag$ bodies, -- and nested /* *\/ comments. An
 * unterminated string or comment runs to the end, as Postgres would report it there.
 */
export function tokenizeSql(sql: string): SqlToken[] {
  const tokens: SqlToken[] = []
  let i = 0
  const push = (kind: SqlToken['kind'], end: number) => {
    tokens.push({ kind, text: sql.slice(i, end), start: i, end })
    i = end
  }
  while (i < sql.length) {
    const c = sql[i]!
    const next = sql[i + 1]
    if (/\s/.test(c)) {
      let j = i + 1
      while (j < sql.length && /\s/.test(sql[j]!)) j++
      push('space', j)
    } else if (c === '-' && next === '-') {
      const j = sql.indexOf('\n', i)
      push('comment', j === -1 ? sql.length : j)
    } else if (c === '/' && next === '*') {
      let depth = 1
      let j = i + 2
      while (j < sql.length && depth > 0) {
        if (sql[j] === '/' && sql[j + 1] === '*') {
          depth++
          j += 2
        } else if (sql[j] === '*' && sql[j + 1] === '/') {
          depth--
          j += 2
        } else j++
      }
      push('comment', j)
    } else if (c === "'" || ((c === 'E' || c === 'e') && next === "'")) {
      const backslashEscapes = c !== "'"
      let j = c === "'" ? i + 1 : i + 2
      while (j < sql.length) {
        if (backslashEscapes && sql[j] === '\\') j += 2
        else if (sql[j] === "'" && sql[j + 1] === "'") j += 2
        else if (sql[j] === "'") break
        else j++
      }
      push('string', Math.min(sql.length, j + 1))
    } else if (c === '"') {
      let j = i + 1
      while (j < sql.length) {
        if (sql[j] === '"' && sql[j + 1] === '"') j += 2
        else if (sql[j] === '"') break
        else j++
      }
      push('quoted-identifier', Math.min(sql.length, j + 1))
    } else if (c === '$' && DOLLAR_TAG.test(sql.slice(i, i + 64))) {
      const tag = DOLLAR_TAG.exec(sql.slice(i, i + 64))![0]
      const close = sql.indexOf(tag, i + tag.length)
      push('string', close === -1 ? sql.length : close + tag.length)
    } else if (c === ';') {
      push('semicolon', i + 1)
    } else if (WORD_START.test(c)) {
      let j = i + 1
      while (j < sql.length && WORD_PART.test(sql[j]!)) j++
      push('word', j)
    } else {
      push('symbol', i + 1)
    }
  }
  return tokens
}

/** True for tokens that carry meaning (not whitespace or comments). */
export function isSignificant(token: SqlToken): boolean {
  return token.kind !== 'space' && token.kind !== 'comment'
}
