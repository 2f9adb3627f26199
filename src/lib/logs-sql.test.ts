import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmptyDatabase } from '../../mock-platform/postgres/initial-data-node'
import { LOG_COMMON_COLUMNS, LOG_SOURCES } from '../constants'
import { filterLoaded, matchesUnified, narrows, narrowsUnified } from './log-local-filter'
import { columnName, containsPattern, eventByIdSql, eventsSinceSql, eventsSql, histogramOver, histogramSql, NO_LOG_FILTERS, logSource, requestTraceSql, type LogFilters } from './logs-sql'
import { NO_UNIFIED_FILTERS, unifiedEventsSinceSql, unifiedEventsSql, unifiedFacetCountsSql, unifiedHistogramSql } from './unified-logs-sql'

// The statements run on a real Postgres (PGlite) holding the thirteen log tables as the contract
// describes them, so what the screens send is checked for what it finds, not only for its text.

let db: PGlite

const HOUR = '2026-11-24T10:00:00.000Z'
const at = (minutes: number) => new Date(new Date(HOUR).getTime() + minutes * 60_000).toISOString()

type Row = Record<string, unknown>
async function rows(sql: string): Promise<Row[]> {
  return (await db.query<Row>(sql)).rows
}

async function insert(table: string, row: Row) {
  const names = Object.keys(row)
  await db.query(`insert into ${table} (${names.map(columnName).join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row))
}

const gateway = (id: string, minutes: number, extra: Row) => ({
  id,
  timestamp: at(minutes),
  level: 'info',
  request_id: `req-${id}`,
  metadata: { id },
  method: 'GET',
  path: '/rest/v1/orders',
  status_code: 200,
  duration_ms: 3,
  host: 'abc.example.co',
  user_agent: 'test',
  role: 'anon',
  ...extra,
})

beforeAll(async () => {
  db = await startEmptyDatabase()
  for (const source of LOG_SOURCES) {
    const columns = [...LOG_COMMON_COLUMNS, ...source.columns].map((c) => `${columnName(c.name)} ${c.type}`)
    await db.exec(`create table ${source.table} (${columns.join(', ')})`)
  }
  await insert('edge_logs', gateway('g1', 1, { event_message: 'GET | 200 | /rest/v1/orders' }))
  await insert('edge_logs', gateway('g2', 2, { event_message: 'POST | 500 | /rest/v1/rpc/fail', method: 'POST', status_code: 500, level: 'error', path: '/rest/v1/rpc/fail' }))
  await insert('edge_logs', gateway('g3', 3, { event_message: 'GET | 404 | /rest/v1/100%_done', status_code: 404, level: 'warning', path: '/rest/v1/100%_done' }))
  await insert('edge_logs', gateway('g4', 30, { event_message: "GET | 200 | /it's\\here", path: "/it's\\here", request_id: 'req-shared' }))
  await insert('postgres_logs', {
    id: 'p1',
    timestamp: at(30.5),
    event_message: 'relation "no_such_table" does not exist',
    level: 'error',
    request_id: 'req-shared',
    metadata: { query: 'select * from no_such_table' },
    error_severity: 'ERROR',
    sqlstate: '42P01',
    user_name: 'postgres',
    database_name: 'postgres',
    command_tag: 'SELECT',
    duration_ms: 1.5,
    query: 'select * from no_such_table',
  })
  await insert('auth_audit_logs', { id: 'a1', timestamp: at(31), event_message: 'user signed in', level: 'info', request_id: null, metadata: {}, action: 'login', actor_username: 'dana' })
}, 60_000)

afterAll(async () => {
  await db.close()
})

const ids = (list: Row[]) => list.map((row) => row['id'])
const filters = (extra: Partial<LogFilters>): LogFilters => ({ ...NO_LOG_FILTERS, ...extra })

describe('the explorer statements', () => {
  it('lists a source newest first, every column but the metadata, limited', async () => {
    expect(eventsSql('api-gateway', NO_LOG_FILTERS)).toBe(
      'select id, timestamp, event_message, level, request_id, method, path, status_code, duration_ms, host, user_agent, role\nfrom edge_logs\norder by timestamp desc\nlimit 100000',
    )
    expect(ids(await rows(eventsSql('api-gateway', NO_LOG_FILTERS)))).toEqual(['g4', 'g3', 'g2', 'g1'])
    expect(ids(await rows(eventsSql('api-gateway', NO_LOG_FILTERS, 2)))).toEqual(['g4', 'g3'])
    const [event] = await rows(eventsSql('postgres', NO_LOG_FILTERS))
    expect(event).toMatchObject({ sqlstate: '42P01', error_severity: 'ERROR' })
    expect(event).not.toHaveProperty('metadata')
    // Every source's list statement runs on its table.
    for (const source of LOG_SOURCES) await rows(eventsSql(source.id, NO_LOG_FILTERS))
  })

  it('filters by status group, method, severity and path on the facet columns', async () => {
    const fivexx = eventsSql('api-gateway', filters({ statuses: ['5xx'] }))
    expect(fivexx).toContain('where status_code between 500 and 599')
    expect(ids(await rows(fivexx))).toEqual(['g2'])
    expect(ids(await rows(eventsSql('api-gateway', filters({ statuses: ['4xx', '5xx'] }))))).toEqual(['g3', 'g2'])
    expect(ids(await rows(eventsSql('api-gateway', filters({ methods: ['POST'] }))))).toEqual(['g2'])
    expect(ids(await rows(eventsSql('api-gateway', filters({ severities: ['warning', 'error'] }))))).toEqual(['g3', 'g2'])
    expect(ids(await rows(eventsSql('postgres', filters({ severities: ['ERROR'] }))))).toEqual(['p1'])
    expect(eventsSql('postgres', filters({ severities: ['ERROR'] }))).toContain("error_severity in ('ERROR')")
    expect(ids(await rows(eventsSql('api-gateway', filters({ path: 'RPC' }))))).toEqual(['g2'])
  })

  it('leaves out filters a source has no column for', () => {
    expect(eventsSql('postgres', filters({ statuses: ['5xx'], methods: ['GET'], path: '/x' }))).toMatch(/\nfrom postgres_logs\norder by timestamp desc\nlimit 100000$/)
  })

  it('takes search text literally: quotes, backslashes and LIKE wildcards', async () => {
    expect(ids(await rows(eventsSql('api-gateway', filters({ search: '100%_' }))))).toEqual(['g3'])
    // Without escaping, % and _ would match every event.
    expect(ids(await rows(eventsSql('api-gateway', filters({ search: '%' }))))).toEqual(['g3'])
    expect(ids(await rows(eventsSql('api-gateway', filters({ search: '_' }))))).toEqual(['g3'])
    expect(ids(await rows(eventsSql('api-gateway', filters({ search: "it's\\here" }))))).toEqual(['g4'])
    expect(ids(await rows(eventsSql('api-gateway', filters({ search: "'; drop table edge_logs; --" }))))).toEqual([])
    expect(ids(await rows(eventsSql('api-gateway', filters({ methods: ["GET'); drop table edge_logs; --"] }))))).toEqual([])
    expect(ids(await rows(eventsSql('api-gateway', NO_LOG_FILTERS)))).toHaveLength(4)
    expect(ids(await rows(eventsSql('postgres', filters({ search: 'NO_SUCH' }))))).toEqual(['p1'])
    expect(containsPattern('a')).toBe("'%a%'")
  })

  it('reads what came after the newest event shown, without the ones shown', async () => {
    const sql = eventsSinceSql('api-gateway', NO_LOG_FILTERS, at(2), ['g2'])
    expect(ids(await rows(sql))).toEqual(['g4', 'g3'])
    expect(ids(await rows(eventsSinceSql('api-gateway', filters({ statuses: ['2xx'] }), at(2), [])))).toEqual(['g4'])
  })

  it('counts events and errors per bucket from the range start', async () => {
    const buckets = await rows(histogramSql('api-gateway', NO_LOG_FILTERS, new Date(HOUR), new Date(at(60)), 600))
    expect(buckets.map((b) => [new Date(b['bucket'] as string).toISOString(), b['count'], b['errors']])).toEqual([
      [HOUR, 3, 1],
      [at(30), 1, 0],
    ])
    const filtered = await rows(histogramSql('api-gateway', filters({ statuses: ['5xx'] }), new Date(HOUR), new Date(at(60)), 60))
    expect(filtered.map((b) => b['count'])).toEqual([1])
  })

  it('counts each bucket by its own range of the time index, and the unified histogram hashes its few buckets: neither sorts every event of the range', async () => {
    await db.exec('begin')
    try {
      // A day of events, analyzed, and the time index the store has: grouping by date_bin over them, the planner expected a group an event.
      await db.exec(`insert into edge_logs (id, timestamp, level, event_message) select 'many-' || g, timestamp '${HOUR}' + g * interval '4 seconds', case when g % 7 = 0 then 'error' else 'info' end, 'GET' from generate_series(1, 20000) g; create index on edge_logs (timestamp desc) include (level); analyze edge_logs`)
      const sql = histogramSql('api-gateway', NO_LOG_FILTERS, new Date(HOUR), new Date(at(24 * 60)), 600)
      const plan = (await rows(`explain ${sql}`)).map((row) => String(row['QUERY PLAN'])).join('\n')
      expect(plan).toMatch(/Function Scan on generate_series/)
      expect(plan).toMatch(/Index Only Scan/)
      expect(plan).not.toMatch(/GroupAggregate|HashAggregate/)
      // The same bars as grouping every event by date_bin.
      const grouped = await rows(histogramOver('edge_logs', [], new Date(HOUR), 600))
      const counted = await rows(sql)
      expect(counted.map((b) => [new Date(b['bucket'] as string).toISOString(), b['count'], b['errors']])).toEqual(grouped.map((b) => [new Date(b['bucket'] as string).toISOString(), b['count'], b['errors']]))
      expect(counted.length).toBeGreaterThan(100)
      const unified = (await rows(`explain ${unifiedHistogramSql(NO_UNIFIED_FILTERS, new Date(HOUR), 600)}`)).map((row) => String(row['QUERY PLAN'])).join('\n')
      expect(unified).not.toMatch(/GroupAggregate/)
    } finally {
      await db.exec('rollback')
    }
  })

  it('reads one event by id and a request across sources in time order', async () => {
    expect(ids(await rows(eventByIdSql('postgres', 'p1')))).toEqual(['p1'])
    expect((await rows(eventByIdSql('postgres', 'p1')))[0]).toMatchObject({ metadata: { query: 'select * from no_such_table' } })
    expect(ids(await rows(eventByIdSql('postgres', "p1' or '1'='1")))).toEqual([])
    const trace = await rows(requestTraceSql('req-shared'))
    expect(trace.map((r) => [r['source'], r['id']])).toEqual([
      ['api-gateway', 'g4'],
      ['postgres', 'p1'],
    ])
  })
})

describe('the unified statements', () => {
  it('joins every source in one timeline with the facet columns mapped', async () => {
    const all = await rows(unifiedEventsSql(NO_UNIFIED_FILTERS))
    expect(ids(all)).toEqual(['a1', 'p1', 'g4', 'g3', 'g2', 'g1'])
    expect(all[0]).toMatchObject({ source: 'auth-audit', user: 'dana', method: null, status: null, severity: 'info' })
    expect(all[1]).toMatchObject({ source: 'postgres', user: 'postgres', severity: 'ERROR', level: 'error' })
    expect(all[2]).toMatchObject({ source: 'api-gateway', method: 'GET', status: 200, host: 'abc.example.co', user: 'anon' })
  })

  it('filters by facet values and search', async () => {
    expect(ids(await rows(unifiedEventsSql({ search: '', facets: { level: ['error'] } })))).toEqual(['p1', 'g2'])
    expect(ids(await rows(unifiedEventsSql({ search: '', facets: { status: ['5xx', '4xx'] } })))).toEqual(['g3', 'g2'])
    expect(ids(await rows(unifiedEventsSql({ search: '', facets: { status: ['5xx'] } })))).toEqual(['g2'])
    expect(ids(await rows(unifiedEventsSql({ search: 'signed', facets: {} })))).toEqual(['a1'])
    expect(ids(await rows(unifiedEventsSql({ search: '', facets: { user: ["dana' or true --"] } })))).toEqual([])
    expect(ids(await rows(unifiedEventsSinceSql(NO_UNIFIED_FILTERS, at(30), ['g4'])))).toEqual(['a1', 'p1'])
  })

  it('counts each facet apart from its own choice', async () => {
    const counts = await rows(unifiedFacetCountsSql({ search: '', facets: { level: ['error'] } }))
    const of = (facet: string) => counts.filter((r) => r['facet'] === facet).map((r) => [r['value'], r['count']])
    // The level facet ignores the level filter: every level stays listed.
    expect(of('level')).toEqual([
      ['info', 3],
      ['error', 2],
      ['warning', 1],
    ])
    expect(of('source')).toEqual([
      ['api-gateway', 1],
      ['postgres', 1],
    ])
    // Statuses count by their group, as the platform's facet does.
    expect(of('status')).toEqual([['5xx', 1]])
  })

  it('draws the unified histogram', async () => {
    const buckets = await rows(unifiedHistogramSql(NO_UNIFIED_FILTERS, new Date(HOUR), 1800))
    expect(buckets.map((b) => [b['count'], b['errors']])).toEqual([
      [3, 1],
      [3, 1],
    ])
  })
})

describe('narrowing what is loaded', () => {
  const source = logSource('api-gateway')
  const loaded = [
    { id: '1', event_message: 'GET | 200 | /a', status_code: 200, method: 'GET', level: 'info', path: '/a' },
    { id: '2', event_message: 'POST | 500 | /B', status_code: 500, method: 'POST', level: 'error', path: '/B' },
  ]

  it('filters loaded events as the SQL would', () => {
    expect(filterLoaded(loaded, source, filters({ statuses: ['5xx'] })).map((r) => r.id)).toEqual(['2'])
    expect(filterLoaded(loaded, source, filters({ search: 'post' })).map((r) => r.id)).toEqual(['2'])
    expect(filterLoaded(loaded, source, filters({ path: 'b' })).map((r) => r.id)).toEqual(['2'])
    expect(filterLoaded(loaded, source, filters({ methods: ['GET'], severities: ['info'] })).map((r) => r.id)).toEqual(['1'])
  })

  it('knows when new filters only narrow the loaded ones', () => {
    expect(narrows(filters({ search: 'posts' }), filters({ search: 'post' }))).toBe(true)
    expect(narrows(filters({ search: 'pos' }), filters({ search: 'post' }))).toBe(false)
    expect(narrows(filters({ statuses: ['5xx'] }), NO_LOG_FILTERS)).toBe(true)
    expect(narrows(NO_LOG_FILTERS, filters({ statuses: ['5xx'] }))).toBe(false)
    expect(narrows(filters({ methods: ['GET'] }), filters({ methods: ['GET', 'POST'] }))).toBe(true)
    expect(narrows(filters({ methods: ['PUT'] }), filters({ methods: ['GET', 'POST'] }))).toBe(false)
  })

  it('does the same for the unified view', () => {
    const row = { event_message: 'POST | 500', level: 'error', status: 500, method: 'POST', source: 'api-gateway', user: null }
    expect(matchesUnified(row, { search: 'post', facets: { status: ['5xx'], level: ['error', 'warning'] } })).toBe(true)
    expect(matchesUnified(row, { search: '', facets: { status: ['500'] } })).toBe(false)
    expect(matchesUnified({ ...row, status: null }, { search: '', facets: { status: ['5xx'] } })).toBe(false)
    expect(matchesUnified(row, { search: '', facets: { user: ['dana'] } })).toBe(false)
    expect(matchesUnified(row, { search: '', facets: { method: ['GET'] } })).toBe(false)
    expect(narrowsUnified({ search: '', facets: { level: ['error'] } }, NO_UNIFIED_FILTERS)).toBe(true)
    expect(narrowsUnified({ search: '', facets: { level: ['error', 'info'] } }, { search: '', facets: { level: ['error'] } })).toBe(false)
  })
})
