import type { AssistantPart } from './assistant-state'

/**
 * An answer's Markdown as message parts: text, and each ```sql fenced block as a SQL part whose id
 * (the message id and its position) keys the block's results. An unclosed fence while streaming is
 * a SQL part already, so the block is seen growing.
 */
export function partsFromMarkdown(messageId: string, markdown: string): AssistantPart[] {
  const parts: AssistantPart[] = []
  const fence = /```(\w*)[^\n]*\n([\s\S]*?)(?:```|$)/g
  let last = 0
  let blocks = 0
  for (let match = fence.exec(markdown); match; match = fence.exec(markdown)) {
    const before = markdown.slice(last, match.index)
    if (before.trim() !== '') parts.push({ type: 'text', text: before.trim() })
    const language = match[1]!.toLowerCase()
    const body = match[2]!.replace(/\n$/, '')
    if (language === 'sql' || language === 'pgsql' || language === 'postgresql' || language === '') parts.push({ type: 'sql', id: `${messageId}-sql-${blocks++}`, sql: body })
    else parts.push({ type: 'text', text: match[0] })
    last = match.index + match[0].length
    if (match[0].length === 0) break
  }
  const rest = markdown.slice(last)
  if (rest.trim() !== '') parts.push({ type: 'text', text: rest.trim() })
  return parts
}

/** A message's parts as the text the model reads back (SQL blocks fenced again). */
export function markdownFromParts(parts: readonly AssistantPart[]): string {
  return parts.map((part) => (part.type === 'text' ? part.text : `\`\`\`sql\n${part.sql}\n\`\`\``)).join('\n\n')
}
