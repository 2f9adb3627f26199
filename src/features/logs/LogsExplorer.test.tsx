import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LOGS_MESSAGE, LOGS_UI_MESSAGE } from '../../constants'
import { stubLayoutInFile } from '../../test/resize-observer'
import { renderProjectScreen, SCREEN_REF } from '../../test/project-screen'
import { sampleOrganization } from '../../test/sample-records'
import { LogsExplorer } from './LogsExplorer'

// The explorer against a stand-in of the logs endpoint: it answers from a few fixed events and
// records every statement, so the tests see what the screen asked and what it shows of the answer.

const NOW = Date.now()
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString()
const gateway = (id: string, seconds: number, status: number, method = 'GET') => ({
  id,
  timestamp: ago(seconds),
  event_message: `${method} | ${status} | /rest/v1/orders`,
  level: status >= 500 ? 'error' : 'info',
  request_id: `req-${id}`,
  metadata: { response: { status_code: status } },
  method,
  path: '/rest/v1/orders',
  status_code: status,
  duration_ms: 4,
  host: 'abc.example.co',
  user_agent: 'test',
  role: 'anon',
})
const EVENTS = [gateway('g1', 10, 200), gateway('g2', 20, 500, 'POST'), gateway('g3', 30, 404)]

type Answer = { status: number; body: unknown }
function stubLogs(answer: (sql: string) => Answer | undefined = () => undefined) {
  const statements: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input))
      const sql = url.searchParams.get('sql') ?? ''
      statements.push(sql)
      const custom = answer(sql)
      const json = ({ status, body }: Answer) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
      if (custom) return json(custom)
      if (sql.includes('generate_series')) return json({ status: 200, body: { result: [{ bucket: ago(40), count: 3, errors: 1 }] } })
      if (sql.includes('union all')) return json({ status: 200, body: { result: [{ source: 'api-gateway', id: 'g2', timestamp: ago(20), event_message: 'POST | 500 | /rest/v1/orders', level: 'error', request_id: 'req-g2' }, { source: 'postgres', id: 'p9', timestamp: ago(19), event_message: 'relation "x" does not exist', level: 'error', request_id: 'req-g2' }] } })
      const byId = /where id = '([^']+)'/.exec(sql)?.[1]
      if (byId) return json({ status: 200, body: { result: EVENTS.filter((e) => e.id === byId) } })
      const fivexx = sql.includes('between 500 and 599')
      // The list reads every column but the metadata.
      return json({ status: 200, body: { result: EVENTS.filter((e) => !fivexx || e.status_code >= 500).map(({ metadata: _, ...listed }) => listed) } })
    }),
  )
  return statements
}

stubLayoutInFile({ clientHeight: 28 * 20, clientWidth: 1200 })
afterEach(() => vi.unstubAllGlobals())

const list = () => screen.getByRole('grid', { name: 'API Gateway events' })
const messages = () => within(list()).queryAllByRole('row').slice(1).map((row) => within(row).getAllByRole('gridcell').at(-1)!.textContent)

describe('the logs explorer', () => {
  it('lists the API Gateway events of the last hour with their histogram', async () => {
    const statements = stubLogs()
    renderProjectScreen(<LogsExplorer projectRef={SCREEN_REF} />, { actions: ['%'] })
    await waitFor(() => expect(messages()).toEqual(['GET | 200 | /rest/v1/orders', 'POST | 500 | /rest/v1/orders', 'GET | 404 | /rest/v1/orders']))
    expect(statements).toContain('select id, timestamp, event_message, level, request_id, method, path, status_code, duration_ms, host, user_agent, role\nfrom edge_logs\norder by timestamp desc\nlimit 500')
    expect(screen.getByRole('region', { name: 'Events over time' }).textContent).toContain('3 events over time')
    expect(screen.getByRole('button', { name: /: 3 events, 1 error$/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'API Gateway', current: 'page' })).toBeTruthy()
    // The events' first read is asked before the histogram: a store opening cold answers it first.
    expect(statements.findIndex((sql) => sql.endsWith('limit 500'))).toBeLessThan(statements.findIndex((sql) => sql.includes('generate_series')))
  })

  it('filters by status group: the SQL asks for 5xx and the list shows the 500', async () => {
    const statements = stubLogs()
    renderProjectScreen(<LogsExplorer projectRef={SCREEN_REF} />, { actions: ['%'] })
    await waitFor(() => expect(messages()).toHaveLength(3))
    fireEvent.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: '5xx' }))
    // At once, from the events already here (all of the range), and then from the endpoint.
    expect(messages()).toEqual(['POST | 500 | /rest/v1/orders'])
    await waitFor(() => expect(statements.some((sql) => sql.includes('where status_code between 500 and 599'))).toBe(true))
    expect(messages()).toEqual(['POST | 500 | /rest/v1/orders'])
  })

  it('opens an event whole, with the events of its request across sources', async () => {
    stubLogs()
    renderProjectScreen(<LogsExplorer projectRef={SCREEN_REF} />, { actions: ['%'] })
    await waitFor(() => expect(messages()).toHaveLength(3))
    fireEvent.click(within(list()).getAllByRole('row')[2]!)
    const panel = screen.getByRole('complementary', { name: 'Event details' })
    // The list's columns at once, then the whole event with its metadata.
    expect(within(panel).getByRole('list', { name: 'Event fields' }).textContent).toContain('"status_code": 500')
    await waitFor(() => expect(within(panel).getByRole('list', { name: 'Event fields' }).textContent).toContain('"metadata": {1 key}'))
    const trace = await within(panel).findByRole('list', { name: 'Events of this request' })
    expect(within(trace).getAllByRole('button').map((b) => b.textContent)).toEqual([expect.stringContaining('API GatewayPOST | 500'), expect.stringContaining('Postgresrelation "x" does not exist')])
    expect(within(panel).getByRole('button', { name: 'Copy JSON' })).toBeTruthy()
  })

  it('says when the range holds no events, with a way to widen it', async () => {
    stubLogs((sql) => (sql.includes('generate_series') ? undefined : { status: 200, body: { result: [] } }))
    renderProjectScreen(<LogsExplorer projectRef={SCREEN_REF} />, { actions: ['%'] })
    expect(await screen.findByText(LOGS_UI_MESSAGE.empty)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Show the last 24 hours' })).toBeTruthy()
  })

  it("shows the retention refusal as the endpoint said it, with the way to the organization's billing", async () => {
    const refusal = LOGS_MESSAGE.retention(1, 'Free')
    stubLogs(() => ({ status: 400, body: { message: refusal } }))
    renderProjectScreen(<LogsExplorer projectRef={SCREEN_REF} />, { actions: ['%'] })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(refusal)
    expect(within(alert).getByRole('link', { name: LOGS_UI_MESSAGE.upgrade }).getAttribute('href')).toBe(`/org/${sampleOrganization().slug}/billing`)
  })

  it('reads another source when picked, with its own filters', async () => {
    const statements = stubLogs()
    renderProjectScreen(<LogsExplorer projectRef={SCREEN_REF} />, { actions: ['%'] })
    await waitFor(() => expect(messages()).toHaveLength(3))
    fireEvent.click(screen.getByRole('button', { name: 'Postgres' }))
    await waitFor(() => expect(statements.some((sql) => sql.includes('\nfrom postgres_logs\n'))).toBe(true))
    expect(within(screen.getByRole('group', { name: 'Severity' })).getByRole('button', { name: 'ERROR' })).toBeTruthy()
    expect(screen.queryByRole('group', { name: 'Status' })).toBeNull()
  })
})
