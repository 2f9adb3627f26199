/** A message as one sentence: its own final stop kept, one added when it has none (never "later.."). */
export function asSentence(message: string): string {
  const text = message.trim()
  return /[.!?…]$/.test(text) ? text : `${text}.`
}
