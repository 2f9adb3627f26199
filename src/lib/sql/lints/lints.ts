/**
 * Every lint of the advisors as one SQL query each (SPEC §2 advisors; PLATFORM-API §9 `run-lints`
 * answers what they return). The mock platform runs them on the project's database; they read only
 * the catalogue and the statistics views, so they are safe to run at any time.
 */
import { LINT_DEFINITIONS, type LintName } from '../../../constants/advisors'
import { framedLintSql, type LintBody, type LintQuery } from './frame'
import { PERFORMANCE_LINT_BODIES } from './performance'
import { SECURITY_LINT_BODIES } from './security'
import { SECURITY_OBJECT_LINT_BODIES } from './security-objects'

const BODIES: Record<LintName, LintBody> = { ...PERFORMANCE_LINT_BODIES, ...SECURITY_LINT_BODIES, ...SECURITY_OBJECT_LINT_BODIES }

/** The query of one lint, for a project whose API exposes `apiSchemas`. */
export function lintSql(name: LintName, apiSchemas: readonly string[]): string {
  return framedLintSql(name, BODIES[name], apiSchemas)
}

/** Every lint's query, in the platform's order. */
export function lintQueries(apiSchemas: readonly string[]): LintQuery[] {
  return LINT_DEFINITIONS.map(({ name }) => ({ name, sql: lintSql(name, apiSchemas) }))
}
