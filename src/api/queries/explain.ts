import { parseAnalyzedPlan, type AnalyzedPlan } from '../../lib/plan-timing'
import { explainAnalyzeScript } from '../../lib/sql/explain-analyze'
import { api, type ApiClient } from '../client'
import { PlanAnswerSchema } from '../schemas'
import { postQuery } from './sql'

export interface MeasuredStatement extends AnalyzedPlan {
  /** The statement measured, as written. */
  statement: string
}

/**
 * The SQL editor's Explain: the statement at `offset` of `text` under EXPLAIN ANALYZE, inside a
 * transaction rolled back (lib/sql/explain-analyze). Throws why a statement cannot be measured.
 */
export async function explainInEditor(
  { ref, connectionString, text, offset, signal }: { ref: string; connectionString: string | null; text: string; offset: number; signal?: AbortSignal },
  client: ApiClient = api,
): Promise<MeasuredStatement> {
  const explained = explainAnalyzeScript(text, offset)
  if ('problem' in explained) throw new Error(explained.problem)
  const rows = await postQuery({ ref, connectionString, query: explained.script, signal }, PlanAnswerSchema, client)
  const plan = parseAnalyzedPlan(rows[0]?.['QUERY PLAN'])
  if (!plan) throw new Error('The database answered with no plan it could read.')
  return { ...plan, statement: explained.statement.text }
}
