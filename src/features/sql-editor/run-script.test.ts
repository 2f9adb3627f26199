import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/errors'
import { runScript, SqlRunError } from './run-script'

const signal = new AbortController().signal
const timed = (rows: Record<string, unknown>[], executionMs: number | null = 1, startupMs: number | null = null, sampled: string[] = []) => ({ rows, executionMs, startupMs, sampled })

describe('runScript', () => {
  it('runs each statement, limits queries and reports whether rows were left out', async () => {
    const sent: string[] = []
    const outcome = await runScript(
      { sql: 'select * from t; insert into t values (1)', offset: 0, limit: 2 },
      async (sql) => {
        sent.push(sql)
        return timed(sql.startsWith('select') ? [{ a: 1 }, { a: 2 }, { a: 3 }] : [])
      },
      signal,
    )
    expect(sent).toEqual(['select * from (\nselect * from t\n) as studio_row_limit limit 3', 'insert into t values (1)'])
    expect(outcome.results.map((r) => [r.rows.length, r.hasMore, r.columns])).toEqual([
      [2, true, ['a']],
      [0, false, []],
    ])
  })

  it("keeps each statement's own time, and a database start apart from all of them", async () => {
    let clock = 0
    const answers = [timed([{ n: 1 }], 2.5, 2400), timed([], 0.4)]
    const outcome = await runScript(
      { sql: 'select 1 as n; create table t (id int)', offset: 0, limit: null },
      async () => {
        const answer = answers.shift()!
        clock += (answer.startupMs ?? 0) + answer.executionMs! + 5
        return answer
      },
      signal,
      { now: () => clock },
    )
    expect(outcome.results.map((r) => r.executionMs)).toEqual([2.5, 0.4])
    expect(outcome.startupMs).toBe(2400)
    // The round trip keeps its own meaning: everything the dashboard waited for.
    expect(outcome.elapsedMs).toBe(Math.round(2400 + 2.5 + 5 + 0.4 + 5))
  })

  it('maps the Postgres position to the editor text, past the limit wrapper and the selection', async () => {
    const script = 'select 1;\nselect nope from t'
    const error = await runScript(
      { sql: script, offset: 40, limit: 100 },
      async (sql) => {
        if (sql.includes('nope')) {
          const position = sql.indexOf('nope') + 1
          throw new ApiError({ message: 'column "nope" does not exist', code: 400, details: { code: '42703', position: String(position) } })
        }
        return timed([{ '?column?': 1 }])
      },
      signal,
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SqlRunError)
    const failure = error as SqlRunError
    expect(failure.code).toBe('42703')
    expect(failure.offset).toBe(40 + script.indexOf('nope'))
    expect(failure.results).toHaveLength(1)
    expect(failure.hint).toBeUndefined()
  })

  it("keeps the server's hint, such as why a member's SQL ran read-only", async () => {
    const hint = 'Your role can only read this database.'
    const error = await runScript(
      { sql: 'insert into t values (1)', offset: 0, limit: 100 },
      async () => {
        throw new ApiError({ message: 'cannot execute INSERT in a read-only transaction', code: 400, details: { code: '25006', hint } })
      },
      signal,
    ).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: '25006', hint, message: 'cannot execute INSERT in a read-only transaction' })
  })

  it("marks a statement the platform answered with sample rows (a wrapper without handler), and only that one", async () => {
    const outcome = await runScript(
      { sql: 'select * from stripe.customers; select 1', offset: 0, limit: null },
      async (sql) => (sql.includes('stripe') ? timed([{ id: 'cus_1' }], 1, null, ['stripe.customers']) : timed([{ '?column?': 1 }])),
      signal,
    )
    expect(outcome.results.map((r) => r.sampled)).toEqual([['stripe.customers'], undefined])
  })

  it('reports a big result as it arrives: the statements done, then the rows so far, limited, the first part at once and later ones no more than every interval', async () => {
    let clock = 0
    const progress: [number, number, boolean][][] = []
    const parts = [[{ a: 1 }], [{ a: 1 }, { a: 2 }], [{ a: 1 }, { a: 2 }, { a: 3 }, { a: 4 }]]
    const outcome = await runScript(
      { sql: 'select 0 as a; select a from big', offset: 0, limit: 3 },
      async (sql, _signal, onRows) => {
        if (!sql.includes('big')) return timed([{ a: 0 }])
        // Parts at 0, 100 and 300 ms: the second comes too soon after the first to be shown.
        for (const [index, part] of parts.entries()) {
          clock = [0, 100, 300][index]!
          onRows(part)
        }
        return timed(parts[2]!)
      },
      signal,
      { onProgress: (results) => progress.push(results.map((r) => [r.rows.length, r.executionMs ?? -1, r.hasMore])), now: () => clock },
    )
    expect(progress).toEqual([
      [[1, 1, false], [1, -1, false]],
      [[1, 1, false], [3, -1, true]],
    ])
    expect(outcome.results.map((r) => [r.rows.length, r.hasMore])).toEqual([[1, false], [3, true]])
  })
})
