import { leadingKeyword, topLevelWords, type SqlStatement } from './statements'

const ROW_RETURNING = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE'])
const DATA_MODIFYING = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])
const WRAP_PREFIX = 'select * from (\n'

export interface LimitedStatement {
  /** What to send: the statement itself, or it wrapped so at most limit + 1 rows come back. */
  sql: string
  /** Characters added before the user's text (subtract from error positions). */
  prefixLength: number
  /** The limit applied, or null when the statement is sent as written. */
  limit: number | null
}

/**
 * SPEC-independent behaviour of the row-limit selector: the user's text is never edited. A
 * statement that returns rows is wrapped in a subquery asking for one row more than the limit,
 * so the screen can say whether rows were left out. Statements that cannot be wrapped (SELECT INTO,
 * a WITH that modifies data, anything that is not a query) are sent as written.
 */
export function applyRowLimit(statement: SqlStatement, limit: number | null): LimitedStatement {
  const unchanged = { sql: statement.text, prefixLength: 0, limit: null }
  if (limit === null || !ROW_RETURNING.has(leadingKeyword(statement))) return unchanged
  const words = statement.tokens.filter((t) => t.kind === 'word').map((t) => t.text.toUpperCase())
  if (leadingKeyword(statement) === 'WITH' && words.some((w) => DATA_MODIFYING.has(w))) return unchanged
  if (topLevelWords(statement).includes('INTO')) return unchanged
  return { sql: `${WRAP_PREFIX}${statement.text}\n) as studio_row_limit limit ${limit + 1}`, prefixLength: WRAP_PREFIX.length, limit }
}

/** Cuts the extra row a limited query asked for, and says whether there were more. */
export function trimToLimit<T>(rows: readonly T[], limit: number | null): { rows: T[]; hasMore: boolean } {
  if (limit === null || rows.length <= limit) return { rows: [...rows], hasMore: false }
  return { rows: rows.slice(0, limit), hasMore: true }
}
