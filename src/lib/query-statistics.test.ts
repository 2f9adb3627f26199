import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { STATEMENT_SORT_KEYS } from '../constants/advisors'
import { formatCacheHitRate, formatStatementTime, searchStatements, sortStatements, statementSummary, type StatementStatistics } from './query-statistics'
import { itReadsEach } from '../test/each-row'

const statement = (id: string, values: Partial<StatementStatistics> = {}): StatementStatistics => ({
  id,
  role: 'postgres',
  query: `select ${id}`,
  calls: 1,
  total_time: 1,
  mean_time: 1,
  min_time: 1,
  max_time: 1,
  rows: 1,
  cache_hit_rate: 1,
  ...values,
})

describe('searching and sorting statements', () => {
  const list = [
    statement('a', { query: 'select * from public.Orders where id = $1', calls: 5, cache_hit_rate: null }),
    statement('b', { query: 'insert into public.orders values ($1)', role: 'authenticated', calls: 50, cache_hit_rate: 0.5 }),
    statement('c', { query: 'select 1', calls: 5, cache_hit_rate: 0.9 }),
  ]

  it('matches every word typed in the text or the role, ignoring case', () => {
    expect(searchStatements(list, '  ORDERS ').map((s) => s.id)).toEqual(['a', 'b'])
    expect(searchStatements(list, 'orders authenticated').map((s) => s.id)).toEqual(['b'])
    expect(searchStatements(list, '').map((s) => s.id)).toEqual(['a', 'b', 'c'])
  })

  it('sorts either way, keeping equal ones in their order and unmeasured ones last', () => {
    expect(sortStatements(list, 'calls', 'desc').map((s) => s.id)).toEqual(['b', 'a', 'c'])
    expect(sortStatements(list, 'calls', 'asc').map((s) => s.id)).toEqual(['a', 'c', 'b'])
    expect(sortStatements(list, 'cache_hit_rate', 'asc').map((s) => s.id)).toEqual(['b', 'c', 'a'])
    expect(sortStatements(list, 'cache_hit_rate', 'desc').map((s) => s.id)).toEqual(['c', 'b', 'a'])
  })

  it('a sort is a permutation, ordered by its key (property)', () => {
    const arbitrary = fc.array(
      fc.record({ calls: fc.nat(), total_time: fc.double({ min: 0, max: 1e6, noNaN: true }), cache_hit_rate: fc.option(fc.double({ min: 0, max: 1, noNaN: true })) }),
      { maxLength: 40 },
    )
    fc.assert(
      fc.property(arbitrary, fc.constantFrom(...STATEMENT_SORT_KEYS), fc.constantFrom('asc' as const, 'desc' as const), (values, key, direction) => {
        const rows = values.map((value, i) => statement(String(i), value))
        const sorted = sortStatements(rows, key, direction)
        expect(sorted.map((s) => s.id).sort()).toEqual(rows.map((s) => s.id).sort())
        const measured = sorted.map((s) => s[key]).filter((value): value is number => value !== null)
        for (let i = 1; i < measured.length; i++) expect(direction === 'asc' ? measured[i]! >= measured[i - 1]! : measured[i]! <= measured[i - 1]!).toBe(true)
      }),
    )
  })
})

describe('numbers for reading', () => {
  itReadsEach('%s ms reads %s', formatStatementTime, [
    [0, '0 ms'],
    [0.04213, '0.042 ms'],
    [0.5, '0.50 ms'],
    [12.34, '12.3 ms'],
    [456.7, '457 ms'],
    [2412, '2.41 s'],
    [192_000, '3 min 12 s'],
    [Number.NaN, '—'],
  ])

  it('writes cache hit rates as percentages, unmeasured as a dash', () => {
    expect([1, 0, 0.9876, null].map(formatCacheHitRate)).toEqual(['100 %', '0 %', '98.8 %', '—'])
  })

  it('puts a statement on one line', () => {
    expect(statementSummary('select *\n  from t\n where id = $1')).toBe('select * from t where id = $1')
  })
})
