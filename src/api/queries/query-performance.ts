import { explainWithAssumedTypes, indexLeadingColumnsSql, queryStatisticsSql, queryStatisticsStatusSql, type AssumedParameter } from '../../lib/sql/query-performance'
import { filteredSeqScans, indexHints, parsePlan, planText, type IndexHint } from '../../lib/query-plan'
import { api, type ApiClient } from '../client'
import { IndexLeadingColumnsAnswerSchema, PlanAnswerSchema, QueryStatisticsStatusAnswerSchema, StatementStatisticsAnswerSchema } from '../schemas'
import { queryKeys } from './keys'
import { postQuery } from './sql'

type ConnectionString = string | null | undefined

/** pg_stat_statements' statements of the project's database, with whether it is installed and the server's version. */
export function queryStatisticsQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return {
    queryKey: queryKeys.queryStatistics(ref),
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const [status] = await postQuery({ ref, connectionString, query: queryStatisticsStatusSql, signal }, QueryStatisticsStatusAnswerSchema, client)
      const versionNum = status?.version_num ?? 0
      if (!status?.installed) return { installed: false, versionNum, statements: [] }
      const statements = await postQuery({ ref, connectionString, query: queryStatisticsSql, signal }, StatementStatisticsAnswerSchema, client)
      return { installed: true, versionNum, statements }
    },
  }
}

export type StatementPlan =
  | { kind: 'plan'; text: string; generic: boolean; hints: IndexHint[]; /** Placeholders Postgres could not type, and the type each was planned as. */ assumed: AssumedParameter[] }
  | { kind: 'unavailable'; reason: string }

/** A statement's plan (never executed) and the indexes its filters lack, or why it has no plan. */
export async function explainStatement(ref: string, connectionString: ConnectionString, query: string, versionNum: number, client: ApiClient = api): Promise<StatementPlan> {
  const plan = await explainWithAssumedTypes(query, versionNum, (sql) => postQuery({ ref, connectionString, query: sql }, PlanAnswerSchema, client))
  if ('problem' in plan) return { kind: 'unavailable', reason: plan.problem }
  const root = parsePlan(plan.rows[0]?.['QUERY PLAN'])
  if (!root) return { kind: 'unavailable', reason: 'The database answered with no plan it could read.' }
  const scans = filteredSeqScans(root)
  const indexed = scans.length === 0 ? [] : await postQuery({ ref, connectionString, query: indexLeadingColumnsSql(scans) }, IndexLeadingColumnsAnswerSchema, client)
  return { kind: 'plan', text: planText(root), generic: plan.generic, hints: indexHints(scans, indexed), assumed: plan.assumed }
}
