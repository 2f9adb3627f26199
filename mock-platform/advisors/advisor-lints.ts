/** Running the advisors' lints on a project's database: for `run-lints`, and for the assistant asked about findings. */
import { lintQueries } from '../../src/lib/sql/lints/lints'
import { apiSchemas } from './advisor-store'
import type { PlatformContext } from '../context'
import { openProjectDatabase } from '../projects/database-start'
import { runPgMetaQuery } from '../postgres'
import { errorMessage } from '../../src/lib/error-message'

export class LintFailed extends Error {}

/** Every lint's findings on the project, in lint order; a lint that fails stops the run, saying which. */
export async function runProjectLints(ctx: PlatformContext, project: { ref: string }, request: Request): Promise<Record<string, unknown>[]> {
  // The platform's own reading, not the user's statements: kept out of the project's logs.
  const { unlogged } = await openProjectDatabase(ctx, project, request)
  const findings: Record<string, unknown>[] = []
  for (const { name, sql } of lintQueries(apiSchemas(ctx, project.ref))) {
    try {
      findings.push(...(await runPgMetaQuery(unlogged, { query: sql })))
    } catch (error) {
      throw new LintFailed(`The ${name} lint failed: ${errorMessage(error)}`)
    }
  }
  return findings
}
