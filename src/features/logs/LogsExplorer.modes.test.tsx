import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { settings } from '../../lib/settings'
import { stubLayoutInFile } from '../../test/resize-observer'
import { renderProjectScreen, SCREEN_REF } from '../../test/project-screen'
import { LogsExplorer } from './LogsExplorer'
import { readRecentQueries, readSavedQueries } from './saved-queries'

// Monaco does not run in jsdom: query mode's editor is a text area here, with the same callbacks.
vi.mock('../sql-editor', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../sql-editor')>()),
  SqlCodeEditor: (await import('../../test/sql-code-editor-stand-in')).SqlCodeEditorStandIn,
}))

const NOW = Date.now()
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString()
const event = (id: string, seconds: number, status = 200) => ({ id, timestamp: ago(seconds), event_message: `GET | ${status} | /${id}`, level: 'info', request_id: null, method: 'GET', path: `/${id}`, status_code: status })

function stubLogs(answer: (sql: string, url: URL) => unknown[] | undefined) {
  const requests: URL[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input))
      requests.push(url)
      const sql = url.searchParams.get('sql') ?? ''
      const result = answer(sql, url) ?? (sql.includes('generate_series') ? [{ bucket: ago(3000), count: 2, errors: 0 }] : [event('a', 10), event('b', 20)])
      return new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } })
    }),
  )
  return requests
}

stubLayoutInFile({ clientHeight: 28 * 20, clientWidth: 1200 })
afterEach(() => vi.unstubAllGlobals())

const list = () => screen.getByRole('grid', { name: 'API Gateway events' })
const paths = () => within(list()).queryAllByRole('row').slice(1).map((row) => within(row).getAllByRole('gridcell').at(-1)!.textContent!.split(' | ').at(-1))

describe('the logs explorer, further', () => {
  it('narrows the range to a histogram bar clicked', async () => {
    const requests = stubLogs(() => undefined)
    renderProjectScreen(<LogsExplorer projectRef={SCREEN_REF} />, { actions: ['%'] })
    await waitFor(() => expect(paths()).toHaveLength(2))
    const bar = screen.getAllByRole('button', { name: /: 2 events$/ })[0]!
    fireEvent.click(bar)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Range' })).toHaveProperty('value', 'custom'))
    const last = requests.at(-1)!
    const span = Date.parse(last.searchParams.get('iso_timestamp_end')!) - Date.parse(last.searchParams.get('iso_timestamp_start')!)
    // An hour in sixty bars: a bar is a minute.
    expect(span).toBe(60_000)
  })

  it('in live mode, puts the events newer than the newest shown first', async () => {
    let live = false
    const requests = stubLogs((sql) => (live && sql.includes("timestamp >= '") ? [event('new', 1, 500)] : undefined))
    renderProjectScreen(<LogsExplorer projectRef={SCREEN_REF} />, { actions: ['%'] })
    await waitFor(() => expect(paths()).toEqual(['/a', '/b']))
    live = true
    fireEvent.click(screen.getByRole('switch', { name: 'Live' }))
    await waitFor(() => expect(paths()).toEqual(['/new', '/a', '/b']))
    const tail = requests.find((url) => url.searchParams.get('sql')!.includes("timestamp >= '"))!
    // From the newest event shown, without it.
    expect(tail.searchParams.get('iso_timestamp_start')).toBe(ago(10))
    expect(tail.searchParams.get('sql')).toContain("id not in ('a')")
    expect(screen.getByText(/live: 1 new event/)).toBeTruthy()
  })

  it('in live mode, extends the range and its bars with the events it adds', async () => {
    let live = false
    // An event a minute after the range the histogram counted (which ends when the screen opened).
    const later = { ...event('later', 0), timestamp: new Date(Date.now() + 60_000).toISOString(), level: 'error' }
    stubLogs((sql) => (live && sql.includes("timestamp >= '") ? [later] : undefined))
    renderProjectScreen(<LogsExplorer projectRef={SCREEN_REF} />, { actions: ['%'] })
    const histogram = () => screen.getByRole('region', { name: 'Events over time' })
    await waitFor(() => expect(histogram().textContent).toMatch(/^2 events over time/))
    const barsBefore = within(histogram()).getAllByRole('button').length
    live = true
    fireEvent.click(screen.getByRole('switch', { name: 'Live' }))
    await waitFor(() => expect(paths()).toEqual(['/later', '/a', '/b']))
    await waitFor(() => expect(histogram().textContent).toMatch(/^3 events over time/))
    // Its bar comes after the counted ones, with its error; the range ends after it.
    const bars = within(histogram()).getAllByRole('button')
    expect(bars.length).toBeGreaterThan(barsBefore)
    expect(bars.at(-1)!.getAttribute('aria-label')).toMatch(/: 1 event, 1 error$/)
  })

  it("opens query mode on the view's statement with its answer; runs, saves and remembers what is typed", async () => {
    stubLogs((sql) => (sql.startsWith('select count') ? [{ count: 7 }] : undefined))
    renderProjectScreen(<LogsExplorer projectRef={SCREEN_REF} />, { actions: ['%'] })
    await waitFor(() => expect(paths()).toHaveLength(2))
    fireEvent.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: '5xx' }))
    fireEvent.click(screen.getByRole('button', { name: 'Query mode' }))
    const editor = (await screen.findByRole('textbox', { name: 'Logs query' })) as HTMLTextAreaElement
    expect(editor.value).toContain('where status_code between 500 and 599')
    expect(await screen.findByText('2 rows in', { exact: false })).toBeTruthy()
    // Opening on the view's statement is not a run of the user's.
    expect(readRecentQueries(SCREEN_REF)).toEqual([])

    fireEvent.change(editor, { target: { value: 'select count(*) from edge_logs' } })
    fireEvent.keyDown(editor, { key: 'Enter', ctrlKey: true })
    expect(await screen.findByText('1 row in', { exact: false })).toBeTruthy()
    expect(readRecentQueries(SCREEN_REF).map((q) => q.sql)).toEqual(['select count(*) from edge_logs'])
    expect(within(screen.getByRole('navigation', { name: 'Log sources' })).getByRole('button', { name: 'select count(*) from edge_logs' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Save query' }))
    const dialog = await screen.findByRole('dialog', { name: 'Save query' })
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Requests counted' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(readSavedQueries(SCREEN_REF).map((q) => [q.name, q.sql])).toEqual([['Requests counted', 'select count(*) from edge_logs']]))
    expect(within(screen.getByRole('navigation', { name: 'Log sources' })).getByRole('button', { name: 'Requests counted' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'New query' }))
    expect(((await screen.findByRole('textbox', { name: 'Logs query' })) as HTMLTextAreaElement).value).toBe(settings.customContent['logs:default_query'])
  })
})
