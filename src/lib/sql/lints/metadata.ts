/**
 * A finding's metadata beyond schema, name and type: what the lint's SQL put there for its fix.
 * It came over the network, so each member is read by its own key and checked before use.
 */
import type { Lint } from '../../../api/schemas/advisors'

function member(lint: Lint, key: string): unknown {
  const metadata = lint.metadata
  return metadata && Object.hasOwn(metadata, key) ? (metadata as Record<string, unknown>)[key] : undefined
}

export function metaText(lint: Lint, key: string): string | null {
  const value = member(lint, key)
  return typeof value === 'string' ? value : null
}

/** A list of names; anything else in it is left out. */
export function metaTexts(lint: Lint, key: string): string[] {
  const value = member(lint, key)
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

/** A list of objects, each to be read by its own keys. */
export function metaObjects(lint: Lint, key: string): Record<string, unknown>[] {
  const value = member(lint, key)
  if (!Array.isArray(value)) return []
  return value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item)).map((item) => Object.fromEntries(Object.entries(item)))
}
