/** What the user asks for: the intent of a message and the table name it probably meant. */
import { SLOT_STOP, tokenize } from './tokens.ts'

// ---------------------------------------------------------------------------------------------
// Intents
// ---------------------------------------------------------------------------------------------

export type Intent = 'advisors' | 'error' | 'create-table' | 'index' | 'rls' | 'insert' | 'list' | 'describe' | 'count' | 'select' | 'unknown'

export const ERROR_CODES = /\b(42p01|42703|23505|23503|23502|23514|42601|22p02|42883|42501|42804|42p07|42710|25p02|22001|22003|22007|22008|40p01|57014)\b/
const ERROR_PHRASES =
  /\berror\s*:|\bsqlstate\b|relation "?[^"\s]+"? does not exist|column "?[^"\s]+"?(?: of relation "[^"]+")? does not exist|duplicate key value|violates (foreign key|not-null|check|unique)|syntax error at or near|syntax error at end of input|invalid input (syntax|value)|permission denied for|(function|operator) (.+ )?does not exist|missing from-clause entry|violates row-level security policy|"[^"]+" already exists/

/** Asking about the advisors' findings: security or performance issues, lints, "is my database secure". */
const ADVISOR_PHRASES =
  /\badvisors?\b|\blint(?:s|er|ing)?\b|\bfindings?\b|\b(?:security|performance|perf)\s+(?:issues?|problems?|warnings?|risks?|holes?|checks?|audit|advice|review|findings?|concerns?)\b|\b(?:is|are)\s+(?:my|our|the|this)\s+(?:database|project|db|tables?|schema)\s+(?:secure|safe|fast|slow)\b/

export function detectIntent(lower: string, hasMention: boolean): Intent {
  if (ERROR_CODES.test(lower) || ERROR_PHRASES.test(lower)) return 'error'
  if (ADVISOR_PHRASES.test(lower)) return 'advisors'
  if (/\b(?:create|make|build|add|set up|design)\s+(?:a\s+|an\s+|the\s+|new\s+|another\s+)*(?:[\w$"]+\s+)?table\b/.test(lower) || /\bnew table\b/.test(lower)) {
    if (!/\b(?:row|record|entry|policy|index)\b/.test(lower.split(/\btable\b/)[0] ?? '')) return 'create-table'
  }
  if (/\bindex\b/.test(lower) || /\bindexes\s+(?:on|for)\b/.test(lower)) return 'index'
  if (/\brls\b|\brow[- ]level security\b|\bpolic(?:y|ies)\b|\btheir own\b|\bonly (?:let|allow)\b|\bown rows\b/.test(lower)) return 'rls'
  if (/\binsert\b|\badd (?:a |an |one |new |some |another )*(?:row|record|entry|item|line)s?\b|\bnew (?:row|record|entry)\b/.test(lower)) return 'insert'
  if (
    /\btables\b/.test(lower) &&
    (!hasMention || /\b(?:list|what|which)\s+(?:all\s+|the\s+|my\s+|of\s+)*tables\b/.test(lower) || /\btables do (?:i|we) have\b/.test(lower))
  )
    return 'list'
  if (/^\s*(?:list|show)\s+(?:all\s+|my\s+|the\s+)*(?:tables|relations|views)\b/.test(lower)) return 'list'
  if (
    /\b(?:describe|structure|definition|layout|tell me about)\b/.test(lower) ||
    /\b(?:what|which|list|show(?: me)?)\s+(?:the\s+|all\s+)?(?:columns|fields)\b/.test(lower) ||
    /\b(?:columns|fields)\s+(?:of|in|does|do|for)\b/.test(lower) ||
    /\bwhat(?:'s| is)\s+in\b/.test(lower)
  )
    return 'describe'
  if (/\b(?:how many|count|number of)\b/.test(lower)) return 'count'
  if (/\b(?:select|show|get|fetch|query|find|list|display|give|rows|read|see|view|look up|pull|retrieve|return|join|top|first|latest|newest|all)\b/.test(lower))
    return 'select'
  return 'unknown'
}

/** The word the user probably meant as a table name, when none matched the catalog. */
export function tableSlot(text: string): string | null {
  const tokens = tokenize(text).filter((token) => token.kind === 'word' || token.kind === 'double')
  const candidate = (from: number) => {
    for (let i = from; i < tokens.length; i++) {
      const token = tokens[i]
      if (!token) continue
      if (token.kind === 'double') return token.text
      if (SLOT_STOP.has(token.lower) || /^\d+$/.test(token.lower)) continue
      return token.text
    }
    return null
  }
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]
    if (token && /^(from|into|of|on|for|about|table|own)$/.test(token.lower)) {
      const found = candidate(i + 1)
      if (found) return found
    }
  }
  return candidate(0)
}
