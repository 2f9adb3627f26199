/**
 * Text PostgreSQL can keep. Decisions:
 * - `text` and `jsonb` refuse U+0000 (jsonb's "\u0000" escape too), so a value holding it cannot be stored.
 * - UTF-8 has no encoding for half of a UTF-16 surrogate pair; JSON's "\ud800" escape parses to one,
 *   and jsonb refuses the escape. A pair (an astral character such as an emoji) is fine.
 * - Keys count as much as strings: a jsonb object's keys are text too.
 * - The first offending character is named, with the path of its field (`content.sql`,
 *   `members[2].email`), so a refusal can say which field to fix: fields in document order, an
 *   object's keys looked at before its values. A key is named with the character shown as U+FFFD,
 *   so the refusal itself holds only text that can be stored and shown.
 * - The walk is iterative: a deeply nested body must be refused or passed, never overflow the stack.
 */

/** Where the first character PostgreSQL cannot store is, and which one (`U+0000`, `U+D800`). */
export interface UnstorableText {
  /** The field's path; the empty path is the value itself. */
  field: string
  character: string
}

const UNSTORABLE_SOURCE = '\\u0000|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]'
const UNSTORABLE = new RegExp(UNSTORABLE_SOURCE)
const EVERY_UNSTORABLE = new RegExp(UNSTORABLE_SOURCE, 'g')

function unstorableCharacter(text: string): string | null {
  const match = UNSTORABLE.exec(text)
  return match ? `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : null
}

const childPath = (path: string, key: string) => (path ? `${path}.${key}` : key)

/** The first string or key in `value` PostgreSQL cannot store, or null when all of it can be. */
export function findUnstorableText(value: unknown): UnstorableText | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }]
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!
    if (typeof current === 'string') {
      const character = unstorableCharacter(current)
      if (character) return { field: path, character }
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) pending.push({ value: current[index], path: `${path}[${index}]` })
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current)
      // Keys first, in order: a bad key is named before anything inside the object.
      for (const [key] of entries) {
        const character = unstorableCharacter(key)
        if (character) return { field: childPath(path, key.replace(EVERY_UNSTORABLE, '\ufffd')), character }
      }
      for (let index = entries.length - 1; index >= 0; index--) pending.push({ value: entries[index]![1], path: childPath(path, entries[index]![0]) })
    }
  }
  return null
}
