import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { parseAnalyzedPlan } from '../../lib/plan-timing'
import { PlanView } from './PlanView'

const node = (type: string, total: number, rows: number, more: Record<string, unknown> = {}) => ({
  'Node Type': type,
  'Startup Cost': 0,
  'Total Cost': 10,
  'Plan Rows': rows + 5,
  'Plan Width': 8,
  'Actual Startup Time': 0,
  'Actual Total Time': total,
  'Actual Rows': rows,
  'Actual Loops': 1,
  ...more,
})

const measured = {
  ...parseAnalyzedPlan([
    {
      Plan: node('Hash Join', 5, 40, {
        'Hash Cond': '(o.customer_id = c.id)',
        Plans: [
          node('Seq Scan', 3.5, 40, { 'Relation Name': 'orders', Schema: 'public', Alias: 'o' }),
          node('Hash', 0.5, 7, { Plans: [node('Seq Scan', 0.25, 7, { 'Relation Name': 'customers', Schema: 'public', Alias: 'c' })] }),
          node('Seq Scan', 0, 0, { 'Relation Name': 'refunds', Schema: 'public', 'Actual Loops': 0 }),
        ],
      }),
      'Planning Time': 0.2,
      'Execution Time': 5.1,
    },
  ])!,
  statement: 'select …',
}

describe('the plan of a measured statement', () => {
  it('shows each node with its own time, rows against the estimate, and marks the slowest', () => {
    render(<PlanView measured={measured} />)
    const rows = within(screen.getByRole('table', { name: 'Plan' })).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.querySelector('strong')?.textContent)).toEqual(['Hash Join', 'Seq Scan', 'Hash', 'Seq Scan', 'Seq Scan'])
    // 5 ms in all, 3.5 + 0.5 + 0 under it: 1 ms in the join itself; the orders scan (3.5 ms) is the slowest.
    expect(rows[0]!.textContent).toContain('1.000 ms')
    expect(rows[1]!.textContent).toContain('Slowest')
    expect(rows[1]!.textContent).toContain('on public.orders o')
    expect(rows[1]!.textContent).toContain('40 (45)')
    expect(rows.filter((row) => row.textContent?.includes('Slowest'))).toHaveLength(1)
    expect(rows[4]!.textContent).toContain('Never executed')
    expect(screen.getByText(/Planning 0\.200 ms · Execution 5\.100 ms/)).toBeTruthy()
  })

  it('shows Postgres’s text form on demand', () => {
    render(<PlanView measured={measured} />)
    fireEvent.click(screen.getByRole('radio', { name: 'Text' }))
    const text = screen.getByLabelText('Plan as text').textContent!
    expect(text).toContain('->  Seq Scan on public.orders o  (cost=0.00..10.00 rows=45 width=8) (actual time=0.000..3.500 rows=40 loops=1)')
    expect(text).toContain('Seq Scan on public.refunds  (cost=0.00..10.00 rows=5 width=8) (never executed)')
    expect(text).toMatch(/Execution Time: 5\.100 ms$/)
  })
})
