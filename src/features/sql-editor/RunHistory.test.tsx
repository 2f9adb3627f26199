import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearRunHistory, recordSqlRun } from './run-history'
import { RunHistory } from './RunHistory'

const REF = 'abcdefghijklmnopqrst'
afterEach(() => clearRunHistory(REF))

describe('the run history panel', () => {
  it('lists the runs newest first with their time, duration and rows, and updates as runs are kept', () => {
    recordSqlRun(REF, { sql: 'select *\n  from orders', ranAt: Date.UTC(2026, 10, 28, 9), durationMs: 42, rows: 60, outcome: 'succeeded', error: null })
    const onInsert = vi.fn()
    render(<RunHistory projectRef={REF} onInsert={onInsert} />)
    const table = screen.getByRole('table', { name: 'Past runs' })
    expect(within(table).getAllByRole('row')[1]!.textContent).toMatch(/select \* from orders.*28 Nov 2026.*42 ms.*60/)
    act(() => void recordSqlRun(REF, { sql: 'select 1/0', ranAt: Date.UTC(2026, 10, 28, 10), durationMs: 3, rows: null, outcome: 'failed', error: 'division by zero' }))
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(rows[0]!.textContent).toContain('Failed')
    expect(within(rows[0]!).getByTitle('division by zero')).toBeTruthy()
    fireEvent.click(within(rows[1]!).getByRole('button', { name: /^Insert/ }))
    expect(onInsert).toHaveBeenCalledWith('select *\n  from orders')
  })

  it('clears only once confirmed, and says what it will list', async () => {
    recordSqlRun(REF, { sql: 'select 1', ranAt: Date.now(), durationMs: 1, rows: 1, outcome: 'succeeded', error: null })
    render(<RunHistory projectRef={REF} onInsert={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Clear this project’s run history?' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Clear history' }))
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull())
    expect(screen.getByText('No runs yet')).toBeTruthy()
  })
})
