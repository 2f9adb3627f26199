/** The user's message as tokens, and the words that never name a table. */
export interface Token {
  text: string
  lower: string
  start: number
  end: number
  kind: 'word' | 'single' | 'double' | 'op' | 'punct'
}

const TOKEN_RE = /'((?:[^']|'')*)'|"((?:[^"]|"")*)"|(>=|<=|<>|!=|==|=|>|<)|(-?[\p{L}\p{N}_$][\p{L}\p{N}_$.@+-]*)|(\S)/gu

export function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  for (const match of text.matchAll(TOKEN_RE)) {
    const start = match.index ?? 0
    const end = start + match[0].length
    if (match[1] !== undefined) tokens.push({ text: match[1].replaceAll("''", "'"), lower: match[1].toLowerCase(), start, end, kind: 'single' })
    else if (match[2] !== undefined) tokens.push({ text: match[2].replaceAll('""', '"'), lower: match[2].toLowerCase(), start, end, kind: 'double' })
    else if (match[3] !== undefined) tokens.push({ text: match[3], lower: match[3], start, end, kind: 'op' })
    else if (match[4] !== undefined) {
      // Trailing sentence punctuation is not part of the word.
      const word = match[4].replace(/[.\-+@]+$/, '')
      tokens.push({ text: word, lower: word.toLowerCase(), start, end: start + word.length, kind: 'word' })
    } else tokens.push({ text: match[0], lower: match[0], start, end, kind: 'punct' })
  }
  return tokens
}

/** Words that are not the table name the user meant (see tableSlot in intents.ts). */
export const SLOT_STOP = new Set(
  (
    'a an the all any me my our your some every each of in into on for to from about table tables data rows row records record entries ' +
    'column columns field fields does do have has is are what which whats structure new one top first last limit with please index ' +
    'policy policies rls security level enable only let users user see their own describe tell show get fetch query find list select display ' +
    'give read view look up pull retrieve return insert add create make an it them that this these those there can could would how many ' +
    "count number rows sql write query statement i we you now again then only just let's lets just also and or by be called named where order sorted"
  ).split(' '),
)
