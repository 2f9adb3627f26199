/**
 * Running SQL as someone else: the project's own role (no change), service_role, anon, or
 * authenticated as one of the project's users, with the claims the platform's API would set for
 * them. Each statement is prefixed with `set local` of the role and the claims: in a query string of
 * several statements Postgres runs them in one implicit transaction, so the role and the claims end
 * with the statement and never reach the next one.
 */
import { sqlIdent, sqlLiteral } from './quote'
import { tokenizeSql } from './lexer'

export interface RunAsUser {
  id: string
  email: string | null
  phone: string | null
}

export type RunAs = { role: 'project' } | { role: 'service_role' } | { role: 'anon' } | { role: 'authenticated'; user: RunAsUser }

export const PROJECT_ROLE: RunAs = { role: 'project' }

/** The claims of a token the platform's auth server would issue for the choice (none for the project's role). */
export function runAsClaims(runAs: RunAs): Record<string, unknown> | null {
  if (runAs.role === 'project') return null
  if (runAs.role !== 'authenticated') return { role: runAs.role }
  return { sub: runAs.user.id, role: 'authenticated', aud: 'authenticated', email: runAs.user.email ?? '', phone: runAs.user.phone ?? '' }
}

/** Who the choice is, as a sentence names them: "authenticated (ana@example.com)", "anon"; null for the project's role. */
export function runAsSubject(runAs: RunAs): string | null {
  if (runAs.role === 'project') return null
  if (runAs.role === 'authenticated') return `authenticated (${runAs.user.email ?? runAs.user.phone ?? runAs.user.id})`
  return runAs.role
}

/** What the results say: "ran as authenticated (ana@example.com)". */
export function describeRunAs(runAs: RunAs): string | null {
  const subject = runAsSubject(runAs)
  return subject === null ? null : `ran as ${subject}`
}

/** Statements that would end the transaction the role lives in, or change the role themselves. */
const ESCAPES = /^(begin|start|commit|end|rollback|abort|savepoint|release|prepare|reset|discard|set\s+(session\s+)?(role|session\s+authorization)|set\s+local\s+role)\b/i

/** The text to put before a statement to run it as `runAs` ('' for the project's role); throws when the statement cannot run so. */
export function runAsPrefix(runAs: RunAs, statement: string): string {
  if (runAs.role === 'project') return ''
  const words = tokenizeSql(statement)
    .filter((token) => token.kind !== 'space' && token.kind !== 'comment')
    .slice(0, 4)
    .map((token) => token.text)
  if (ESCAPES.test(words.join(' '))) throw new Error(`This statement cannot run as another role: it would end or change the role it runs as. Run it as the project's role.`)
  return `set local role ${sqlIdent(runAs.role)};\nset local "request.jwt.claims" = ${sqlLiteral(JSON.stringify(runAsClaims(runAs)))};\n`
}
