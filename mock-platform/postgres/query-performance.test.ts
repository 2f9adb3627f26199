import { describe, expect, it } from 'vitest'
import { GENERIC_PLAN_MIN_VERSION_NUM } from '../../src/constants/advisors.ts'
import { filteredSeqScans, indexHints, parsePlan } from '../../src/lib/query-plan.ts'
import {
  explainSql,
  explainWithAssumedTypes,
  hasPlaceholders,
  indexLeadingColumnsSql,
  queryStatisticsSql,
  queryStatisticsStatusSql,
  resetQueryStatisticsSql,
  placeholders,
  untypedParameter,
  withAssumedTypes,
} from '../../src/lib/sql/query-performance.ts'
import { createMemoryDatabaseProvider } from './pglite-memory.ts'
import { runPgMetaQuery } from './query.ts'
import { serverSuiteTarget, suiteDatabase } from './suite-database.ts'
import type { ProjectDatabase } from './types.ts'

describe('explainSql', () => {
  it('plans a normalized statement generically from Postgres 16, and says why not before', () => {
    const normalized = "select * from public.customers where email = $1 and note <> '$2'"
    expect(hasPlaceholders(normalized)).toBe(true)
    expect(hasPlaceholders("select '$1', $$ $2 $$, \"$3\" -- $4")).toBe(false)
    expect(explainSql(normalized, GENERIC_PLAN_MIN_VERSION_NUM)).toEqual({ sql: `explain (generic_plan, verbose, format json) ${normalized}`, generic: true })
    expect(explainSql(normalized, 150018)).toEqual({ problem: expect.stringContaining('from version 16; this server is older') })
    expect(explainSql('select 1', 150018)).toEqual({ sql: 'explain (verbose, format json) select 1', generic: false })
  })

  it('plans only one query or data change, never DDL or utility statements', () => {
    expect(explainSql('create table t (id int)', 180000)).toEqual({ problem: 'EXPLAIN plans queries and data changes; CREATE is neither.' })
    expect(explainSql('select 1; select 2', 180000)).toEqual({ problem: 'EXPLAIN plans one statement at a time; this entry holds several.' })
    expect(explainSql('delete from t where id = $1', 180000)).toMatchObject({ generic: true })
  })
})

function describeQueryStatistics(database: () => ProjectDatabase, preloaded: boolean) {
  const run = (query: string) => runPgMetaQuery(database(), { query })

  it('has pg_stat_statements installed, and says the server’s version', async () => {
    const [status] = await run(queryStatisticsStatusSql)
    expect(status).toEqual({ installed: true, version_num: expect.any(Number) })
  })

  it.runIf(preloaded)('counts each statement, with its role, calls, times, rows and cache hits; a reset forgets them', async () => {
    await run(resetQueryStatisticsSql)
    for (const id of [1, 2, 3]) await run(`select * from public.customers where country_code = 'X${id}'`)
    const statements = await run(queryStatisticsSql)
    const counted = statements.find((row) => row['query'] === 'select * from public.customers where country_code = $1')
    expect(counted).toMatchObject({ id: expect.stringMatching(/^\d+:-?\d+:(true|false)$/), role: expect.any(String), calls: 3, rows: 0, total_time: expect.any(Number), mean_time: expect.any(Number), max_time: expect.any(Number) })
    expect(counted!['cache_hit_rate']).toBeGreaterThan(0)
    await run(resetQueryStatisticsSql)
    expect((await run(queryStatisticsSql)).map((row) => row['query'])).not.toContain(counted!['query'])
  })

  it.runIf(preloaded)('explains a counted statement generically and hints the index its filter lacks, until it exists', async () => {
    const [{ version_num } = {}] = await run(queryStatisticsStatusSql)
    const plan = explainSql('select * from public.customers where country_code = $1', Number(version_num))
    if (!('sql' in plan)) throw new Error(plan.problem)
    const root = parsePlan((await run(plan.sql))[0]!['QUERY PLAN'])
    const scans = filteredSeqScans(root!)
    expect(scans).toEqual([{ schema: 'public', table: 'customers', columns: ['country_code'] }])
    const hints = indexHints(scans, (await run(indexLeadingColumnsSql(scans))) as { schema: string; table: string; column: string }[])
    expect(hints.map((hint) => hint.sql)).toEqual(['create index on "public"."customers" using btree ("country_code");'])
    await run(hints[0]!.sql)
    try {
      expect(indexHints(scans, (await run(indexLeadingColumnsSql(scans))) as { schema: string; table: string; column: string }[])).toEqual([])
    } finally {
      await run('drop index public.customers_country_code_idx')
    }
  })

  it('explains a statement whose placeholders Postgres cannot type, saying which type it took for each; a real error stays one', async () => {
    const [{ version_num } = {}] = await run(queryStatisticsStatusSql)
    const versionNum = Number(version_num)
    if (versionNum < GENERIC_PLAN_MIN_VERSION_NUM) {
      expect(await explainWithAssumedTypes('select * from generate_series($1, $2) as g(n)', versionNum, run)).toEqual({ problem: expect.stringContaining('from version 16') })
      return
    }
    const planned = await explainWithAssumedTypes('select * from generate_series($1, $2) as g(n) where n > $3', versionNum, run)
    if ('problem' in planned) throw new Error(planned.problem)
    expect(planned.assumed).toEqual([{ parameter: 1, type: 'bigint' }])
    expect(parsePlan(planned.rows[0]!['QUERY PLAN'])).not.toBeNull()
    // A placeholder no number or text fits: the next type that plans.
    const times = await explainWithAssumedTypes("select date_trunc('day', $1) as day", versionNum, run)
    if ('problem' in times) throw new Error(times.problem)
    expect(times.assumed).toEqual([{ parameter: 1, type: 'timestamptz' }])
    await expect(explainWithAssumedTypes('select * from no_such_table where id = $1', versionNum, run)).rejects.toThrow(/no_such_table/)
  })

  it.runIf(!preloaded)('reading the statistics fails with the server’s own reason when the library is not preloaded', async () => {
    await expect(run(queryStatisticsSql)).rejects.toThrow(/shared_preload_libraries/)
  })
}

describe('PGlite', () => {
  describeQueryStatistics(suiteDatabase(createMemoryDatabaseProvider, 'querystatistics'), true)
})

const server = serverSuiteTarget('querystatistics')
describe.runIf(server)('PostgreSQL server (DATABASE_URL)', () => {
  // The test server runs without shared_preload_libraries (a platform's server preloads it).
  if (server) describeQueryStatistics(suiteDatabase(server.createProvider, 'querystatistics', server.reset), false)
})

describe('explainWithAssumedTypes', () => {
  it('casts only the untyped placeholders, wherever they stand outside strings and comments', () => {
    expect(withAssumedTypes("select generate_series($2, $3), '$2' -- $2", [{ parameter: 2, type: 'bigint' }])).toBe("select generate_series(($2::bigint), $3), '$2' -- $2")
    expect(untypedParameter('could not determine data type of parameter $12')).toBe(12)
    expect(untypedParameter('syntax error at or near "$"')).toBeNull()
    expect(placeholders("select $3, $1, '$2', $1 -- $4")).toEqual([1, 3])
  })
})
