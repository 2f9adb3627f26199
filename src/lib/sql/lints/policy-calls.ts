/**
 * 0003's fix: a policy expression with each direct call of an auth function (or current_setting)
 * wrapped in a sub-select, `auth.uid()` → `(select auth.uid())`, so Postgres evaluates it once per
 * statement. Calls already wrapped are left as they are; quoted text is never touched.
 */
const CALL = /(auth\s*\.\s*(?:uid|jwt|role|email)|current_setting)\s*\(/iy
const ALREADY_WRAPPED = /\(\s*select\s+$/i

/** The index just past the parenthesis that closes the one at `open`, skipping quoted text. */
function closingParen(text: string, open: number): number {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    const char = text[i]
    if (char === "'" || char === '"') {
      const end = text.indexOf(char, i + 1)
      if (end === -1) return -1
      i = end
    } else if (char === '(') depth++
    else if (char === ')' && --depth === 0) return i + 1
  }
  return -1
}

export function wrapPerRowCalls(expression: string): string {
  let out = ''
  let i = 0
  while (i < expression.length) {
    const char = expression[i]!
    if (char === "'" || char === '"') {
      const end = expression.indexOf(char, i + 1)
      const stop = end === -1 ? expression.length : end + 1
      out += expression.slice(i, stop)
      i = stop
      continue
    }
    CALL.lastIndex = i
    const match = CALL.exec(expression)
    // A name that merely ends in `auth` (my_auth.uid()) is not the call.
    const startsWord = i === 0 || !/[\w.$]/.test(expression[i - 1]!)
    if (match && startsWord && !ALREADY_WRAPPED.test(out)) {
      const end = closingParen(expression, i + match[0].length - 1)
      if (end !== -1) {
        out += `(select ${expression.slice(i, end)})`
        i = end
        continue
      }
    }
    out += char
    i++
  }
  return out
}
