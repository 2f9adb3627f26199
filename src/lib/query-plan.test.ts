import { describe, expect, it } from 'vitest'
import { filteredSeqScans, indexHints, parsePlan, planText } from './query-plan'

const seqScan = (alias: string, filter: string, relation = 'orders') => ({ 'Node Type': 'Seq Scan', 'Relation Name': relation, Schema: 'public', Alias: alias, 'Startup Cost': 0, 'Total Cost': 2.75, 'Plan Rows': 12, 'Plan Width': 24, Filter: filter })

const joined = [
  {
    Plan: {
      'Node Type': 'Sort',
      'Startup Cost': 4.67,
      'Total Cost': 4.7,
      'Plan Rows': 12,
      'Plan Width': 16,
      'Sort Key': ['o.id'],
      Plans: [
        {
          'Node Type': 'Hash Join',
          'Startup Cost': 1.68,
          'Total Cost': 4.46,
          'Plan Rows': 12,
          'Plan Width': 16,
          'Hash Cond': '(o.customer_id = c.id)',
          Plans: [
            seqScan('o', "((o.status = $1) AND (lower(o.note) = 'x'::text) AND ((o.\"Kind\")::text = 'a'::text))"),
            { 'Node Type': 'Hash', 'Startup Cost': 1.3, 'Total Cost': 1.3, 'Plan Rows': 30, 'Plan Width': 8, Plans: [{ ...seqScan('c', '', 'customers'), Filter: undefined }] },
          ],
        },
      ],
    },
  },
]

describe('plans', () => {
  it('draws the plan as Postgres’s text format does', () => {
    expect(planText(parsePlan(joined)!)).toBe(
      [
        'Sort  (cost=4.67..4.70 rows=12 width=16)',
        '  Sort Key: o.id',
        '  ->  Hash Join  (cost=1.68..4.46 rows=12 width=16)',
        '        Hash Cond: (o.customer_id = c.id)',
        '        ->  Seq Scan on public.orders o  (cost=0.00..2.75 rows=12 width=24)',
        "              Filter: ((o.status = $1) AND (lower(o.note) = 'x'::text) AND ((o.\"Kind\")::text = 'a'::text))",
        '        ->  Hash  (cost=1.30..1.30 rows=30 width=8)',
        '              ->  Seq Scan on public.customers c  (cost=0.00..2.75 rows=12 width=24)',
      ].join('\n'),
    )
  })

  it('finds the bare columns a sequential scan filters on, not those inside a call', () => {
    expect(filteredSeqScans(parsePlan(joined)!)).toEqual([{ schema: 'public', table: 'orders', columns: ['status', 'Kind'] }])
  })

  it('hints an index for each filtered column no index starts with', () => {
    const scans = [{ schema: 'public', table: 'orders', columns: ['status', 'Kind', 'id'] }]
    expect(indexHints(scans, [{ schema: 'public', table: 'orders', column: 'id' }])).toEqual([
      { schema: 'public', table: 'orders', column: 'status', sql: 'create index on "public"."orders" using btree ("status");' },
      { schema: 'public', table: 'orders', column: 'Kind', sql: 'create index on "public"."orders" using btree ("Kind");' },
    ])
  })

  it('leaves out what is not shaped like a plan', () => {
    expect(parsePlan(null)).toBeNull()
    expect(parsePlan([{ Plan: { 'Node Type': 7 } }])).toBeNull()
    expect(parsePlan([{ Plan: { 'Node Type': 'Result', Plans: [null, { toString: 1 }], 'Sort Key': [1, 'a'] } }])).toEqual({
      nodeType: 'Result',
      relation: null,
      schema: null,
      alias: null,
      index: null,
      cost: '',
      details: ['Sort Key: a'],
      filter: null,
      totalCost: null,
      planRows: null,
      actual: null,
      children: [],
    })
  })
})
