import { createActor, fromPromise, waitFor as settled } from 'xstate'
import { logsQueryMachine } from '../../../machines/logs-query.machine'
import { logTraceQuery, readLogs } from '../../api/queries/logs'
import { LogsAnswerSchema, type LogEventRow } from '../../api/schemas'
import { LOGS_QUERY_NAME_MAX } from '../../constants'
import { EventList, fieldColumn, timeColumn } from '../../features/logs/EventList'
import { EventPanel, traceRequest } from '../../features/logs/EventPanel'
import { ExplorerSidebar } from '../../features/logs/ExplorerSidebar'
import { LogsRefusal } from '../../features/logs/LogsRefusal'
import { readRecentQueries, readSavedQueries, recentQueriesKey, recordRecentQuery, saveQuery, savedQueriesKey } from '../../features/logs/saved-queries'
import { FacetPanel } from '../../features/logs/unified/FacetPanel'
import { NO_UNIFIED_FILTERS } from '../../lib/unified-logs-sql'
import { jsonResponse, Providers, testClient, type WriteRow } from './harness'
import type { StorageRow } from './rows'
import { REF } from './screens'
import type { XssPlace } from './xss-places'

/** The reliability matrix's rows of the logs screens: their browser storage, a query run under each fault, and what they show of events. */

const isString = (value: unknown): value is string => typeof value === 'string'
const sidebar = () => (
  <ExplorerSidebar source="api-gateway" queryMode={false} saved={readSavedQueries(REF)} recent={readRecentQueries(REF)} onSource={() => {}} onOpenQuery={() => {}} onDeleteSaved={() => {}} />
)

export const LOGS_STORAGE_ROWS: StorageRow[] = [
  {
    key: savedQueriesKey(REF),
    storage: 'local',
    read: () => readSavedQueries(REF),
    safe: (value) => Array.isArray(value) && value.every((q: Record<string, unknown>) => isString(q['name']) && q['name'].trim() !== '' && q['name'].length <= LOGS_QUERY_NAME_MAX && isString(q['sql'])),
    render: sidebar,
    hostile: [
      { label: 'queries keyed like the prototype', raw: '[{"__proto__":{"name":"x"},"id":"constructor","name":"toString","sql":"select 1","savedAt":1}]' },
      { label: 'two queries of one name', raw: '[{"id":"a","name":"Errors","sql":"select 1","savedAt":1},{"id":"b","name":"errors","sql":"select 2","savedAt":2}]' },
      { label: 'a blank name and a huge one', raw: JSON.stringify([{ id: 'a', name: '   ', sql: 'select 1', savedAt: 1 }, { id: 'b', name: 'n'.repeat(5000), sql: 'select 1', savedAt: 1 }]) },
    ],
    use: () => {
      if (!saveQuery(REF, { name: 'Kept after a bad read', sql: 'select 1' }) || !readSavedQueries(REF).some((q) => q.name === 'Kept after a bad read')) throw new Error('a saved query was lost')
    },
  },
  {
    key: recentQueriesKey(REF),
    storage: 'local',
    read: () => readRecentQueries(REF),
    safe: (value) => Array.isArray(value) && value.every((q: Record<string, unknown>) => isString(q['sql']) && q['sql'] !== '' && typeof q['ranAt'] === 'number'),
    render: sidebar,
    hostile: [{ label: 'runs beside garbage', raw: '[null,{"id":"a","sql":"select 1","ranAt":1},"toString",{"id":"b","sql":"","ranAt":2}]' }],
    use: () => {
      if (!recordRecentQuery(REF, 'select 2') || readRecentQueries(REF)[0]?.sql !== 'select 2') throw new Error('a recent query was lost')
    },
  },
]

const TYPED = "select count(*) from edge_logs where event_message ilike '%typed just now%'"
export const LOGS_WRITE_ROWS: WriteRow[] = [
  {
    // Query mode keeps a run in the project's recent queries, and the runner keeps what was asked: a failed read loses nothing typed.
    write: 'logs query (query mode run)',
    run: async (fault, stub) => {
      stub(fault, (request) => (request.url.includes('/analytics/endpoints/logs.all') ? jsonResponse({ result: [{ count: 3 }] }) : undefined))
      recordRecentQuery(REF, TYPED)
      const actor = createActor(logsQueryMachine.provide({ actors: { readRows: fromPromise(async ({ input }) => ({ rows: await readLogs(REF, input, LogsAnswerSchema), ms: 1 })) } })).start()
      actor.send({ type: 'query.run', request: { sql: TYPED, start: new Date(Date.now() - 3600_000).toISOString(), end: new Date().toISOString() } })
      const done = await settled(actor, (s) => s.matches('done') || s.matches('failed'), { timeout: 5000 })
      actor.stop()
      return done.context.request?.sql === TYPED && readRecentQueries(REF)[0]?.sql === TYPED
    },
  },
]

const event = (payload: string, i: number): LogEventRow => ({
  id: `e${i}`,
  timestamp: new Date(Date.UTC(2026, 10, 24, 10, 0, i)).toISOString(),
  event_message: payload,
  level: i % 2 ? payload : 'error',
  request_id: `req-${i}`,
  metadata: { [payload]: payload, nested: { list: [payload] } },
  method: payload,
  path: payload,
  status_code: 500,
})

export const LOGS_XSS_PLACES: XssPlace[] = [
  {
    // Log events are what the platform recorded of everyone's requests: paths, messages, user agents, SQL text.
    place: 'log events: the list and the event panel with its request trace (logs explorer)',
    render: (payloads) => {
      const rows = payloads.map(event)
      const client = testClient()
      const opened = rows[0]!
      client.setQueryData(
        logTraceQuery(REF, traceRequest(opened.request_id!, opened.timestamp)).queryKey,
        payloads.map((payload, i) => ({ source: 'postgres', id: `t${i}`, timestamp: opened.timestamp, event_message: payload, level: payload, request_id: opened.request_id })),
      )
      return (
        <Providers client={client}>
          <EventList label="Events" rows={rows} columns={[timeColumn, fieldColumn('level', 'Level', 80, true), fieldColumn('path', 'Path', 100), fieldColumn('event_message', 'Message', null)]} selectedId="e0" onSelect={() => {}} />
          <EventPanel projectRef={REF} event={{ source: 'api-gateway', id: opened.id, timestamp: opened.timestamp, row: opened }} onOpen={() => {}} onClose={() => {}} />
        </Providers>
      )
    },
  },
  {
    // Facet values are the events' own words (paths, hosts, user names).
    place: 'unified logs facet values',
    render: (payloads) => (
      <FacetPanel
        counts={payloads.flatMap((value, i) => [{ facet: 'path' as const, value, count: i }, { facet: 'user' as const, value, count: i }])}
        loading={false}
        error={null}
        filters={{ ...NO_UNIFIED_FILTERS, facets: { host: [payloads[0] ?? ''] } }}
        onToggle={() => {}}
        onClear={() => {}}
      />
    ),
  },
  {
    place: 'saved and recent logs queries (logs sidebar)',
    render: (payloads) => (
      <ExplorerSidebar
        source="postgres"
        queryMode={false}
        saved={payloads.map((payload, i) => ({ id: `s${i}`, name: `${payload}${i}`, sql: payload, savedAt: i }))}
        recent={payloads.map((payload, i) => ({ id: `r${i}`, sql: payload, ranAt: i }))}
        onSource={() => {}}
        onOpenQuery={() => {}}
        onDeleteSaved={() => {}}
      />
    ),
  },
  {
    // The endpoint's refusal is shown as it is: a message that quotes the user's own SQL back.
    place: 'logs endpoint refusals',
    render: (payloads) => (
      <Providers client={testClient()}>
        {payloads.map((payload, i) => (
          <LogsRefusal key={i} message={payload} organizationSlug={payload} onRetry={() => {}} />
        ))}
      </Providers>
    ),
  },
]
