/**
 * The project-name rule both the New project form and the platform apply: required, and at most
 * PROJECT_NAME_MAX_LENGTH characters once trimmed. Characters are code points, as Postgres counts
 * them, so an emoji is one character, not two UTF-16 units. A longer name is refused, never cut.
 */
import { NEW_PROJECT_MESSAGE, PROJECT_NAME_MAX_LENGTH, PROJECT_NAME_MESSAGE } from '../constants'

export function projectNameLength(name: string): number {
  return Array.from(name.trim()).length
}

/** What is wrong with a name, or null; `required` only once the user has had a chance to type. */
export function projectNameError(name: string, options: { requireNow?: boolean } = {}): string | null {
  const length = projectNameLength(name)
  if (length > PROJECT_NAME_MAX_LENGTH) return PROJECT_NAME_MESSAGE.tooLong(length)
  if (length === 0 && (options.requireNow ?? true)) return NEW_PROJECT_MESSAGE.nameRequired
  return null
}
