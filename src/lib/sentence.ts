/** A message as one sentence: its own final stop kept, one added when it has none (never "later.."). */
export function asSentence(message: string): string {
  const text = message.trim()
  return /[.!?…]$/.test(text) ? text : `${text}.`
}

/** A count with its noun, singular for one ("1 view", "3 views", "1,204 events"); `plural` for nouns that do not take an s. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`
}
