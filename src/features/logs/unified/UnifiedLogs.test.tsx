import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import { LOGS_UI_MESSAGE } from '../../../constants'
import { stubLayoutInFile } from '../../../test/resize-observer'
import { renderProjectScreen, SCREEN_REF } from '../../../test/project-screen'
import { sampleOrganization } from '../../../test/sample-records'
import { LogsScreen } from '../LogsPage'

// The preview is on in these tests: what they check is the plan's rule and the unified screen.
vi.mock('../../previews', () => ({ usePreviewCheck: () => () => true }))
// Monaco does not run in jsdom: query mode's editor is a text area here, with the same callbacks.
vi.mock('../../sql-editor', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../sql-editor')>()),
  SqlCodeEditor: (await import('../../../test/sql-code-editor-stand-in')).SqlCodeEditorStandIn,
}))

const NOW = Date.now()
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString()
const EVENTS = [
  { source: 'postgres', id: 'p1', timestamp: ago(5), event_message: 'relation "no_such_table" does not exist', level: 'error', request_id: 'req-1', method: null, status: null, path: null, host: null, user: 'postgres', severity: 'ERROR' },
  { source: 'api-gateway', id: 'g1', timestamp: ago(6), event_message: 'POST | 400 | /platform/pg-meta/x/query', level: 'warning', request_id: 'req-1', method: 'POST', status: 400, path: '/platform/pg-meta/x/query', host: 'localhost', user: 'authenticated', severity: 'warning' },
  { source: 'auth', id: 'a1', timestamp: ago(60), event_message: 'token issued', level: 'info', request_id: 'req-2', method: 'POST', status: 200, path: '/auth/v1/token', host: 'localhost', user: 'demo@example.com', severity: 'info' },
]
const FACETS = [
  { facet: 'level', value: 'error', count: 1 },
  { facet: 'level', value: 'info', count: 1 },
  { facet: 'level', value: 'warning', count: 1 },
  { facet: 'source', value: 'postgres', count: 1 },
  { facet: 'source', value: 'api-gateway', count: 1 },
  { facet: 'status', value: '4xx', count: 1 },
  { facet: 'status', value: '2xx', count: 1 },
]

function stubLogs() {
  const statements: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const sql = new URL(String(input)).searchParams.get('sql') ?? ''
      statements.push(sql)
      const json = (result: unknown[]) => new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } })
      if (sql.includes('date_bin')) return json([{ bucket: ago(120), count: 3, errors: 1 }])
      if (sql.includes('as facet')) return json(FACETS)
      if (sql.includes("where id = 'p1'")) return json([{ ...EVENTS[0], metadata: { query: 'select * from no_such_table' }, sqlstate: '42P01', error_severity: 'ERROR' }])
      if (sql.includes("request_id = 'req-1'")) return json([EVENTS[1]!, EVENTS[0]!].map(({ source, id, timestamp, event_message, level, request_id }) => ({ source, id, timestamp, event_message, level, request_id })))
      if (sql.startsWith('select count')) return json([{ count: 3 }])
      if (sql.startsWith('with events as')) return json(sql.includes("level in ('error')") ? EVENTS.filter((e) => e.level === 'error') : sql.includes("in ('4xx')") ? [EVENTS[1]!] : EVENTS)
      return json([])
    }),
  )
  return statements
}

stubLayoutInFile({ clientHeight: 28 * 20, clientWidth: 1200 })
afterEach(() => vi.unstubAllGlobals())

const onPlan = (plan: 'free' | 'pro' | 'team' | 'enterprise') => [[queryKeys.organizations(), [{ ...sampleOrganization(), plan: { id: plan, name: plan } }]]] as [readonly unknown[], unknown][]
const timeline = () => screen.getByRole('grid', { name: 'Events of every source' })
const sources = () => within(timeline()).queryAllByRole('row').slice(1).map((row) => within(row).getAllByRole('gridcell')[1]!.textContent)

describe('the unified logs', () => {
  it('shows every source in one timeline with counted facets, on a Team organization', async () => {
    stubLogs()
    renderProjectScreen(<LogsScreen projectRef={SCREEN_REF} />, { actions: ['%'], data: onPlan('team') })
    await waitFor(() => expect(sources()).toEqual(['Postgres', 'API Gateway', 'Auth']))
    const level = screen.getByRole('region', { name: 'Level' })
    expect(within(level).getAllByRole('button').map((b) => b.textContent)).toEqual(['error 1', 'info 1', 'warning 1'])
    expect(within(screen.getByRole('region', { name: 'Source' })).getByRole('button', { name: 'Postgres 1' })).toBeTruthy()
    expect(screen.queryByText(LOGS_UI_MESSAGE.unifiedPlan)).toBeNull()
  })

  it('keeps only the events of a facet value clicked', async () => {
    const statements = stubLogs()
    renderProjectScreen(<LogsScreen projectRef={SCREEN_REF} />, { actions: ['%'], data: onPlan('enterprise') })
    await waitFor(() => expect(sources()).toHaveLength(3))
    fireEvent.click(within(screen.getByRole('region', { name: 'Level' })).getByRole('button', { name: 'error 1' }))
    expect(sources()).toEqual(['Postgres'])
    await waitFor(() => expect(statements.some((sql) => sql.includes("where level in ('error')"))).toBe(true))
    expect(within(screen.getByRole('region', { name: 'Level' })).getByRole('button', { name: 'error 1' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('counts statuses by group, and keeps the events of a group clicked', async () => {
    const statements = stubLogs()
    renderProjectScreen(<LogsScreen projectRef={SCREEN_REF} />, { actions: ['%'], data: onPlan('team') })
    await waitFor(() => expect(sources()).toHaveLength(3))
    const status = screen.getByRole('region', { name: 'Status' })
    expect(within(status).getAllByRole('button').map((b) => b.textContent)).toEqual(['4xx client error 1', '2xx success 1'])
    fireEvent.click(within(status).getByRole('button', { name: '4xx client error 1' }))
    // At once from the events on screen (a 400 is in the 4xx group), then from the endpoint.
    expect(sources()).toEqual(['API Gateway'])
    await waitFor(() => expect(statements.some((sql) => sql.includes("where (status / 100)::text || 'xx' in ('4xx')"))).toBe(true))
  })

  it("opens query mode on the timeline's statement, filters included, and runs what is typed", async () => {
    const statements = stubLogs()
    renderProjectScreen(<LogsScreen projectRef={SCREEN_REF} />, { actions: ['%'], data: onPlan('team') })
    await waitFor(() => expect(sources()).toHaveLength(3))
    fireEvent.click(within(screen.getByRole('region', { name: 'Level' })).getByRole('button', { name: 'error 1' }))
    fireEvent.click(screen.getByRole('button', { name: 'Query mode' }))
    const editor = (await screen.findByRole('textbox', { name: 'Logs query' })) as HTMLTextAreaElement
    expect(editor.value).toMatch(/^with events as \(/)
    expect(editor.value).toContain("where level in ('error')")
    expect(screen.queryByRole('region', { name: 'Level' })).toBeNull()
    fireEvent.change(editor, { target: { value: 'select count(*) from edge_logs' } })
    fireEvent.keyDown(editor, { key: 'Enter', ctrlKey: true })
    expect(await screen.findByText('1 row in', { exact: false })).toBeTruthy()
    expect(statements.at(-1)).toBe('select count(*) from edge_logs')

    fireEvent.click(screen.getByRole('button', { name: 'Back to timeline' }))
    await waitFor(() => expect(sources()).toEqual(['Postgres']))
  })

  it("traces a request across services: the chosen event whole, then its request's events in time order", async () => {
    stubLogs()
    renderProjectScreen(<LogsScreen projectRef={SCREEN_REF} />, { actions: ['%'], data: onPlan('team') })
    await waitFor(() => expect(sources()).toHaveLength(3))
    fireEvent.click(within(timeline()).getAllByRole('row')[1]!)
    const panel = screen.getByRole('complementary', { name: 'Event details' })
    await waitFor(() => expect(within(panel).getByRole('list', { name: 'Event fields' }).textContent).toContain('"sqlstate": "42P01"'))
    const trace = await within(panel).findByRole('list', { name: 'Events of this request' })
    expect(within(trace).getAllByRole('button').map((b) => b.textContent)).toEqual([expect.stringContaining('API Gateway'), expect.stringContaining('Postgres')])
  })

  it('tells a Free organization why it does not have it, with the upgrade link, above the explorer', async () => {
    stubLogs()
    renderProjectScreen(<LogsScreen projectRef={SCREEN_REF} />, { actions: ['%'], data: onPlan('free') })
    const notice = await screen.findByRole('note', { name: LOGS_UI_MESSAGE.unifiedPlan })
    expect(within(notice).getByRole('link', { name: LOGS_UI_MESSAGE.upgrade }).getAttribute('href')).toBe(`/org/${sampleOrganization().slug}/billing`)
    expect(notice.textContent).toContain('Free plan')
    expect(await screen.findByRole('button', { name: 'API Gateway', current: 'page' })).toBeTruthy()
    expect(await screen.findByText(LOGS_UI_MESSAGE.empty)).toBeTruthy()
    expect(screen.queryByRole('grid', { name: 'Events of every source' })).toBeNull()
  })

  it('tells a Pro organization the same', async () => {
    stubLogs()
    renderProjectScreen(<LogsScreen projectRef={SCREEN_REF} />, { actions: ['%'], data: onPlan('pro') })
    expect(await screen.findByRole('note', { name: LOGS_UI_MESSAGE.unifiedPlan })).toBeTruthy()
  })
})
