import { fireEvent, screen, within } from '@testing-library/react'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import type { StatementStatistics } from '../../lib/query-statistics'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../test/project-screen'
import { stubLayoutInFile } from '../../test/resize-observer'
import { QueryPerformanceScreen } from './QueryPerformancePage'

stubLayoutInFile({ clientHeight: 480, clientWidth: 1000 })
afterAll(() => vi.unstubAllGlobals())

/** 10,000 distinct statements: the history the best-known dashboard's page crashed on. */
function history(count: number): StatementStatistics[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `10:${i}:true`,
    role: i % 3 === 0 ? 'authenticated' : 'postgres',
    query: `select * from public.t${i} where id = $1`,
    calls: (i * 7919) % 1000,
    total_time: (i * 104729) % 5000,
    mean_time: i / 10,
    min_time: 0.01,
    max_time: (count - i) * 1.5,
    rows: i,
    cache_hit_rate: i % 5 === 0 ? null : 0.99,
  }))
}

const show = (statements: StatementStatistics[], actions = ['%']) =>
  renderProjectScreen(<QueryPerformanceScreen projectRef={SCREEN_REF} />, {
    actions,
    data: [[queryKeys.queryStatistics(SCREEN_REF), { installed: true, versionNum: 180000, statements }]],
  })

const statementRows = () => within(screen.getByRole('table', { name: 'Statements' })).getAllByRole('row').slice(1)
const firstStatement = () => within(statementRows()[0]!).getAllByRole('cell')[0]!.textContent

describe('query performance', () => {
  it('renders 10,000 statements a window at a time, most time consuming first', async () => {
    const started = performance.now()
    show(history(10_000))
    expect(await screen.findByText('10,000 statements')).toBeTruthy()
    const rows = statementRows()
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.length).toBeLessThan(60)
    expect(screen.getByRole('table', { name: 'Statements' }).getAttribute('aria-rowcount')).toBe('10001')
    const times = history(10_000).map((s) => s.total_time)
    expect(within(rows[0]!).getAllByRole('cell')[3]!.textContent).toBe(`${(Math.max(...times) / 1000).toFixed(2)} s`)
    expect(performance.now() - started).toBeLessThan(5000)
  })

  it('switches views, sorts by a column either way, and searches text and roles', async () => {
    show(history(50))
    await screen.findByText('50 statements')
    fireEvent.click(screen.getByRole('button', { name: 'Slowest execution' }))
    expect(firstStatement()).toBe('select * from public.t0 where id = $1')
    const rowsHeader = screen.getByRole('columnheader', { name: /Rows/ })
    fireEvent.click(within(rowsHeader).getByRole('button'))
    expect(rowsHeader.getAttribute('aria-sort')).toBe('descending')
    expect(firstStatement()).toBe('select * from public.t49 where id = $1')
    expect(screen.getByRole('button', { name: 'Slowest execution' }).getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(within(rowsHeader).getByRole('button'))
    expect(rowsHeader.getAttribute('aria-sort')).toBe('ascending')
    expect(firstStatement()).toBe('select * from public.t0 where id = $1')
    fireEvent.change(screen.getByLabelText('Search statements'), { target: { value: 'T4 authenticated' } })
    // t42, t45 and t48 run as authenticated.
    expect(screen.getByText('3 of 50 statements')).toBeTruthy()
  })

  it('opens a statement’s detail with its normalized text and numbers', async () => {
    show(history(3))
    fireEvent.click(await screen.findByRole('button', { name: 'select * from public.t1 where id = $1' }))
    const detail = screen.getByRole('region', { name: 'Statement' })
    expect(within(detail).getByLabelText('Normalized statement').textContent).toBe('select * from public.t1 where id = $1')
    expect(within(detail).getByText('Calls').nextSibling?.textContent).toBe('919')
    expect(within(detail).getByRole('button', { name: 'Explain' })).toBeTruthy()
  })

  it('without the permission: no reset, and the reason', async () => {
    show(history(3), READ_ONLY_ACTIONS)
    expect((await screen.findByRole('button', { name: 'Reset statistics' })).hasAttribute('disabled')).toBe(true)
  })

  it('asks before resetting', async () => {
    show(history(3))
    fireEvent.click(await screen.findByRole('button', { name: 'Reset statistics' }))
    expect(await screen.findByRole('alertdialog', { name: 'Reset query statistics?' })).toBeTruthy()
  })

  it('says when nothing is counted yet', async () => {
    show([])
    expect(await screen.findByText('No statements counted yet')).toBeTruthy()
  })
})
