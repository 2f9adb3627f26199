import { POSTGRES_IDENTIFIER_MAX_BYTES } from '../../constants'

const encoder = new TextEncoder()

/** The length Postgres counts against its identifier limit: bytes of UTF-8, not characters. */
export function identifierBytes(name: string): number {
  return encoder.encode(name).length
}

/**
 * Why `name` cannot be a table or column name as typed, or null. Postgres accepts a longer name
 * but keeps only its first 63 bytes (with a mere NOTICE), so the table or column would exist under
 * another name than the one the user typed: refuse it before anything runs.
 */
export function identifierLengthProblem(name: string, what: string): string | null {
  const bytes = identifierBytes(name)
  if (bytes <= POSTGRES_IDENTIFIER_MAX_BYTES) return null
  const over = bytes - POSTGRES_IDENTIFIER_MAX_BYTES
  // Names in other scripts reach the limit well before 63 characters; say why.
  const wide = bytes > name.length ? ' Letters such as é take 2 bytes, 李 takes 3.' : ''
  return `The ${what} "${shorten(name)}" is ${bytes} bytes long; Postgres allows at most ${POSTGRES_IDENTIFIER_MAX_BYTES} and would cut the rest off. Shorten it by ${over} ${over === 1 ? 'byte' : 'bytes'}.${wide}`
}

/** Throws `identifierLengthProblem` as an Error, for the SQL builders whose messages the dialogs show. */
export function checkIdentifierLength(name: string, what: string): void {
  const problem = identifierLengthProblem(name, what)
  if (problem) throw new Error(problem)
}

/** Enough of a long name to recognise it in a message. */
function shorten(name: string): string {
  const characters = [...name]
  return characters.length > 24 ? `${characters.slice(0, 24).join('')}…` : name
}
