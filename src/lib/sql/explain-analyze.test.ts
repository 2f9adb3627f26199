import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmptyDatabase } from '../../../mock-platform/postgres/initial-data-node'
import { parseAnalyzedPlan, planSteps } from '../plan-timing'
import { planText } from '../query-plan'
import { explainAnalyzeScript, statementAt } from './explain-analyze'

describe('which statement Explain measures', () => {
  const script = 'select 1;\n\nselect 2 from pg_class;\n-- last\nselect 3'
  it('is the one the cursor stands in or right after, or the first', () => {
    expect(statementAt(script, 0)?.text).toBe('select 1')
    expect(statementAt(script, script.indexOf('pg_class'))?.text).toBe('select 2 from pg_class')
    expect(statementAt(script, script.length)?.text).toBe('-- last\nselect 3')
    expect(statementAt('  ', 0)).toBeNull()
  })

  it('says why a statement cannot be measured', () => {
    expect(explainAnalyzeScript('', 0)).toEqual({ problem: 'Write a statement to explain.' })
    expect(explainAnalyzeScript('create table t (id int)', 0)).toEqual({ problem: 'EXPLAIN measures queries and data changes; CREATE is neither.' })
    expect(explainAnalyzeScript('explain select 1', 0)).toMatchObject({ problem: expect.stringMatching(/an EXPLAIN already/) })
    expect(explainAnalyzeScript('select * from t where id = $1', 0)).toMatchObject({ problem: expect.stringMatching(/placeholders/) })
  })
})

describe('on Postgres', () => {
  let db: PGlite
  beforeAll(async () => {
    db = await startEmptyDatabase()
    await db.exec(`create table orders (id int primary key, customer int not null, total numeric not null);
      insert into orders select g, g % 7, g * 1.5 from generate_series(1, 2000) g;
      create table customers (id int primary key, name text);
      insert into customers select g, 'c' || g from generate_series(0, 6) g;`)
  })
  afterAll(() => db.close())

  async function measure(sql: string) {
    const explained = explainAnalyzeScript(sql, 0)
    if ('problem' in explained) throw new Error(explained.problem)
    const results = await db.exec(explained.script)
    const rows = results.findLast((r) => r.rows.length > 0)!.rows as { 'QUERY PLAN': unknown }[]
    return parseAnalyzedPlan(rows[0]!['QUERY PLAN'])!
  }

  it('measures a query: every node with its real time, the one that took longest alone marked', async () => {
    const plan = await measure('select c.name, sum(o.total) from orders o join customers c on c.id = o.customer group by c.name order by 2 desc')
    expect(plan.executionMs).toBeGreaterThan(0)
    expect(plan.planningMs).toBeGreaterThanOrEqual(0)
    const steps = planSteps(plan.root)
    expect(steps.length).toBeGreaterThan(2)
    expect(steps.every((step) => step.node.actual !== null && step.selfMs !== null && step.selfMs >= 0)).toBe(true)
    expect(steps.filter((step) => step.slowest)).toHaveLength(1)
    const slowest = steps.find((step) => step.slowest)!
    expect(Math.max(...steps.map((s) => s.selfMs!))).toBe(slowest.selfMs)
    // The root's time holds its children's: self times add up to it.
    const sum = steps.reduce((total, step) => total + step.selfMs!, 0)
    expect(sum).toBeCloseTo(steps[0]!.totalMs!, 1)
    expect(planText(plan.root)).toMatch(/Seq Scan on public\.orders o {2}\(cost=[\d.]+\.\.[\d.]+ rows=\d+ width=\d+\) \(actual time=[\d.]+\.\.[\d.]+ rows=2000 loops=1\)/)
  })

  it('measures a data change and keeps none of it', async () => {
    const plan = await measure('delete from orders where id <= 1000')
    expect(plan.root.nodeType).toBe('Delete')
    expect(planSteps(plan.root).find((step) => step.node.nodeType === 'Seq Scan' || step.node.nodeType.startsWith('Index'))?.node.actual?.rows).toBe(1000)
    expect((await db.query<{ n: number }>('select count(*)::int as n from orders')).rows).toEqual([{ n: 2000 }])
  })
})
