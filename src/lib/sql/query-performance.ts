/**
 * Query performance's SQL (SPEC §2 /advisors/query-performance): the statements pg_stat_statements
 * has counted in this project's database, a plan of one on demand, and a reset. Decisions:
 * - One read of up to QUERY_STATISTICS_LIMIT statements; the three views (most time consuming,
 *   most frequent, slowest) are sorts of it on screen, so switching costs no round trip.
 * - Counts and times come back as float8, which JSON carries as numbers (int8 would be text).
 * - A normalized statement has its constants replaced with $1, $2…: EXPLAIN cannot plan it as it
 *   stands. Postgres 16 and later plan it generically (GENERIC_PLAN); older servers cannot, and the
 *   screen says why instead of guessing values. EXPLAIN never runs with ANALYZE: it plans, it does
 *   not execute, so explaining an INSERT or a DELETE changes nothing.
 */
import { GENERIC_PLAN_MIN_VERSION_NUM, QUERY_STATISTICS_LIMIT } from '../../constants/advisors'
import { isSignificant, tokenizeSql } from './lexer'
import { sqlLiteral } from './quote'
import { splitStatements, leadingKeyword } from './statements'

/** Whether pg_stat_statements is installed here, and the server's version number. */
export const queryStatisticsStatusSql = `select exists (select 1 from pg_catalog.pg_extension where extname = 'pg_stat_statements') as installed,
       current_setting('server_version_num')::int as version_num;`

export const enableQueryStatisticsSql = 'create extension if not exists pg_stat_statements with schema extensions;'

/** The statements of this database, most time consuming first. */
// pg_stat_statements keeps one entry per role, statement and nesting level: the id names all three.
export const queryStatisticsSql = `select s.userid::text || ':' || s.queryid::text || ':' || s.toplevel::text as id,
       pg_catalog.pg_get_userbyid(s.userid)::text as role,
       s.query,
       s.calls::float8 as calls,
       s.total_exec_time::float8 as total_time,
       s.mean_exec_time::float8 as mean_time,
       s.min_exec_time::float8 as min_time,
       s.max_exec_time::float8 as max_time,
       s.rows::float8 as rows,
       case when s.shared_blks_hit + s.shared_blks_read > 0
            then s.shared_blks_hit::float8 / (s.shared_blks_hit + s.shared_blks_read) end as cache_hit_rate
  from pg_stat_statements s
 where s.dbid = (select oid from pg_catalog.pg_database where datname = current_database())
 order by s.total_exec_time desc
 limit ${QUERY_STATISTICS_LIMIT};`

export const resetQueryStatisticsSql = 'select pg_stat_statements_reset();'

/** Statements EXPLAIN can plan. */
export const EXPLAINABLE = new Set(['SELECT', 'WITH', 'INSERT', 'UPDATE', 'DELETE', 'MERGE', 'VALUES', 'TABLE'])

/** The $n placeholders of a statement where they stand, outside its strings, quoted names and comments. */
function placeholderSpans(query: string): { start: number; end: number; parameter: number }[] {
  const tokens = tokenizeSql(query).filter(isSignificant)
  return tokens.flatMap((token, i) => {
    if (token.kind !== 'symbol' || token.text !== '$' || tokens[i + 1]?.start !== token.end) return []
    const digits = /^\d+/.exec(query.slice(token.end))?.[0]
    return digits === undefined ? [] : [{ start: token.start, end: token.end + digits.length, parameter: Number(digits) }]
  })
}

/** Whether the text has $n placeholders outside its strings, quoted names and comments. */
export function hasPlaceholders(query: string): boolean {
  return placeholderSpans(query).length > 0
}

export type ExplainPlan = { sql: string; generic: boolean } | { problem: string }

/** The EXPLAIN of a statement the list shows, or why there is none. */
export function explainSql(query: string, serverVersionNum: number): ExplainPlan {
  const statements = splitStatements(query)
  if (statements.length !== 1) return { problem: 'EXPLAIN plans one statement at a time; this entry holds several.' }
  const statement = statements[0]!
  const keyword = leadingKeyword(statement)
  if (!EXPLAINABLE.has(keyword)) return { problem: `EXPLAIN plans queries and data changes; ${keyword || 'this statement'} is neither.` }
  const generic = hasPlaceholders(statement.text)
  if (generic && serverVersionNum < GENERIC_PLAN_MIN_VERSION_NUM) {
    return {
      problem: `Its constants were replaced with $1, $2… Postgres plans such a statement generically from version 16; this server is older. Open it in the SQL editor with values to see its plan.`,
    }
  }
  return { sql: `explain (${generic ? 'generic_plan, ' : ''}verbose, format json) ${statement.text}`, generic }
}

/**
 * The types tried, in turn, for a placeholder Postgres cannot type from where it stands
 * (`generate_series($2, $3)`, `$1 is null`): the likeliest first. The plan says which was taken.
 */
export const ASSUMED_PARAMETER_TYPES = ['bigint', 'numeric', 'text', 'timestamptz', 'boolean'] as const
export type AssumedParameterType = (typeof ASSUMED_PARAMETER_TYPES)[number]

export interface AssumedParameter {
  parameter: number
  type: AssumedParameterType
}

/** The placeholder Postgres could not type (its 42P18 message), or null for any other error. */
export function untypedParameter(message: string): number | null {
  const match = /could not determine data type of parameter \$(\d+)/.exec(message)
  return match ? Number(match[1]) : null
}

/** Postgres could not choose a function, operator or type for arguments it cannot type (`generate_series(unknown, unknown) is not unique`). */
const UNDECIDED_TYPES = /is not unique|could not determine (polymorphic|data) type|could not choose a best candidate/

/** The $n placeholders of a statement, outside strings, quoted names and comments, each once, in order. */
export function placeholders(query: string): number[] {
  return [...new Set(placeholderSpans(query).map((span) => span.parameter))].sort((a, b) => a - b)
}

/** The statement with each assumed placeholder cast to its type, wherever it stands outside strings, quoted names and comments. */
export function withAssumedTypes(query: string, assumed: readonly AssumedParameter[]): string {
  const typeOf = new Map(assumed.map(({ parameter, type }) => [parameter, type]))
  let result = ''
  let copied = 0
  for (const { start, end, parameter } of placeholderSpans(query)) {
    const type = typeOf.get(parameter)
    if (!type) continue
    result += `${query.slice(copied, start)}(${query.slice(start, end)}::${type})`
    copied = end
  }
  return result + query.slice(copied)
}

/**
 * Runs a statement's EXPLAIN (explainSql); where Postgres cannot type a placeholder, plans it again
 * with the placeholder taken as each of ASSUMED_PARAMETER_TYPES in turn until one plans. Never
 * executes the statement. Answers the plan's rows and the types it took, or throws the first error.
 */
export async function explainWithAssumedTypes<Row>(
  query: string,
  serverVersionNum: number,
  run: (sql: string) => Promise<Row[]>,
): Promise<{ rows: Row[]; generic: boolean; assumed: AssumedParameter[] } | { problem: string }> {
  const assumed: AssumedParameter[] = []
  let firstError: unknown = null
  for (;;) {
    const plan = explainSql(assumed.length ? withAssumedTypes(query, assumed) : query, serverVersionNum)
    if ('problem' in plan) return plan
    try {
      return { rows: await run(plan.sql), generic: plan.generic, assumed }
    } catch (error) {
      firstError ??= error
      const message = error instanceof Error ? error.message : String(error)
      // Named by Postgres, or, when it names none, the first placeholder not yet given a type.
      const parameter = untypedParameter(message) ?? (UNDECIDED_TYPES.test(message) ? (placeholders(query).find((n) => !assumed.some((a) => a.parameter === n)) ?? null) : null)
      if (parameter !== null && !assumed.some((a) => a.parameter === parameter)) {
        assumed.push({ parameter, type: ASSUMED_PARAMETER_TYPES[0] })
        continue
      }
      // The type taken last does not fit where its placeholder stands (no such function or operator): the next one.
      const last = assumed.at(-1)
      const next = last ? ASSUMED_PARAMETER_TYPES[ASSUMED_PARAMETER_TYPES.indexOf(last.type) + 1] : undefined
      if (!last || !next) throw firstError
      last.type = next
    }
  }
}

/** The columns each index of the relations starts with, to tell a filtered column without one. */
export function indexLeadingColumnsSql(relations: readonly { schema: string; table: string }[]): string {
  const names = relations.map(({ schema, table }) => sqlLiteral(`${schema}.${table}`)).join(', ')
  return `select n.nspname as schema, c.relname as "table", a.attname as "column"
  from pg_catalog.pg_index i
  join pg_catalog.pg_class c on c.oid = i.indrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
 where i.indisvalid and (n.nspname || '.' || c.relname) in (${names || 'null'});`
}
