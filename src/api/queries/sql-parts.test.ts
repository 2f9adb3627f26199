import { setupServer } from 'msw/node'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../../fixtures/platform'
import { issueAccessToken } from '../../../mock-platform/auth/access-tokens'
import { createMockPlatform, type MockPlatform } from '../../../mock-platform/platform'
import { createMemoryDatabaseProvider } from '../../../mock-platform/postgres/pglite-memory'
import { TEST_API_BASE } from '../../../mock-platform/testing'
import { PG_META_HEADERS, PG_META_ROW_PARTS, PG_META_TIMING } from '../../constants'
import { fromRowColumns, RowColumnsSchema, type RowColumns } from '../../lib/row-columns'
import { parseServerTiming } from '../../lib/server-timing'
import { createApiClient } from '../client'
import { executeSql, executeTimedSql } from './sql'

const fixtures = createPlatformFixtures()
const demo = fixtures.users[0]!
const project = fixtures.projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
let platform: MockPlatform
const server = setupServer()

beforeAll(async () => {
  platform = await createMockPlatform({ databases: async () => createMemoryDatabaseProvider({ seed: false }) })
  server.use(...platform.handlers())
  server.listen({ onUnhandledRequest: 'error' })
})
afterAll(async () => {
  server.close()
  await platform.close()
})

/** The dashboard's client, signed in as the demo user; `fetch` may stand between it and the platform. */
function client(fetchThrough: typeof fetch = fetch) {
  return createApiClient({ apiBase: TEST_API_BASE, authBase: `${TEST_API_BASE}/auth/v1`, isPlatform: true, getAccessToken: () => issueAccessToken(demo.id, 3600), fetch: fetchThrough })
}
const params = (query: string) => ({ ref: project.ref, connectionString: platform.db.projects.findFirst((q) => q.where({ ref: project.ref }))!.connectionString, query })
const rowsQuery = (count: number) => `select g, md5(g::text) as hash from generate_series(1, ${count}) g`

describe('a big SQL result in parts (PG_META_ROW_PARTS)', () => {
  it('comes as JSON lines: a small first batch, then larger ones, then the end with the row count and timing', async () => {
    const count = PG_META_ROW_PARTS.firstBatchRows + PG_META_ROW_PARTS.batchRows + 5
    const answer = await fetch(`${TEST_API_BASE}/platform/pg-meta/${project.ref}/query`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${issueAccessToken(demo.id, 3600)}`,
        accept: `${PG_META_ROW_PARTS.contentType}, application/json`,
        'content-type': 'application/json',
        [PG_META_HEADERS.connection]: params('').connectionString!,
      },
      body: JSON.stringify({ query: rowsQuery(count) }),
    })
    expect(answer.headers.get('content-type')).toBe(PG_META_ROW_PARTS.contentType)
    const lines = (await answer.text()).trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)
    const end = lines.pop() as { end: { rowCount: number; serverTiming: string } }
    // Each batch in columns: the names once, then a column's values.
    const batches = lines as RowColumns[]
    for (const batch of batches) expect(v.safeParse(RowColumnsSchema, batch).success).toBe(true)
    expect(batches[0]!.columns).toEqual(['g', 'hash'])
    // The first batch as soon as it is in; later ones as rows arrive, none larger than a batch.
    expect(batches[0]!.rowCount).toBe(PG_META_ROW_PARTS.firstBatchRows)
    expect(Math.max(...batches.map((batch) => batch.rowCount))).toBeLessThanOrEqual(PG_META_ROW_PARTS.batchRows)
    const rows = batches.flatMap(fromRowColumns)
    expect(rows).toHaveLength(count)
    expect(rows[0]).toEqual({ g: 1, hash: 'c4ca4238a0b923820dcc509a6f75849b' })
    expect(rows.at(-1)).toEqual({ g: count, hash: expect.stringMatching(/^[0-9a-f]{32}$/) })
    expect(end.end.rowCount).toBe(count)
    // Known only at the end: the statement's whole time.
    expect(parseServerTiming(end.end.serverTiming).get(PG_META_TIMING.execution)).toBeGreaterThan(0)
  })

  it('a text of several statements answers in parts too, with the last rows-returning statement\'s rows', async () => {
    const count = PG_META_ROW_PARTS.firstBatchRows * 2
    const seen: number[] = []
    const answer = await executeTimedSql(params(`select 1 as one; ${rowsQuery(count)}; select 2 where false`), { onRows: (rows) => seen.push(rows.length), client: client() })
    expect(answer.rows).toHaveLength(count)
    expect(answer.rows[count - 1]).toMatchObject({ g: count })
    expect(seen[0]).toBe(PG_META_ROW_PARTS.firstBatchRows)
  })

  it('a statement that fails after its first rows went out ends with its error, which the client throws', async () => {
    const seen: number[] = []
    const failing = `select g, 1 / (g - ${PG_META_ROW_PARTS.firstBatchRows * 3}) as q from generate_series(1, ${PG_META_ROW_PARTS.firstBatchRows * 5}) g`
    await expect(executeTimedSql(params(failing), { onRows: (rows) => seen.push(rows.length), client: client() })).rejects.toMatchObject({
      code: 400,
      message: 'division by zero',
      details: { code: '22012', severity: 'ERROR' },
    })
    // The rows before the failing one were on their way: the first part had been handed over.
    expect(seen[0]).toBe(PG_META_ROW_PARTS.firstBatchRows)
  })

  it('hands over the rows so far after each part, and in the end the same rows as one answer', async () => {
    const count = PG_META_ROW_PARTS.firstBatchRows * 2 + 1
    const seen: number[] = []
    const parted = await executeTimedSql(params(rowsQuery(count)), { onRows: (rows) => seen.push(rows.length), client: client() })
    expect(seen).toEqual([PG_META_ROW_PARTS.firstBatchRows, count])
    // The same rows as the platform's one JSON answer.
    expect(parted.rows).toEqual(await executeSql(params(rowsQuery(count)), client()))
    expect(parted.executionMs).toBeGreaterThanOrEqual(0)
    expect(parted.startupMs).toBeNull()
  })

  it('a small result stays the platform\'s plain JSON answer: one part', async () => {
    const seen: number[] = []
    const answer = await executeTimedSql(params(rowsQuery(3)), { onRows: (rows) => seen.push(rows.length), client: client() })
    expect(seen).toEqual([3])
    expect(answer.rows.map((row) => row['g'])).toEqual([1, 2, 3])
  })

  it('an answer cut short, or with a part that is not rows, is an error, not a smaller result', async () => {
    const count = PG_META_ROW_PARTS.firstBatchRows + 10
    // Only the first line gets through: the rest of the body is lost on the way.
    const firstLineOnly: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init)
      const text = await answer.text()
      return new Response(text.slice(0, text.indexOf('\n') + 1), { status: answer.status, headers: answer.headers })
    }
    await expect(executeTimedSql(params(rowsQuery(count)), { client: client(firstLineOnly) })).rejects.toThrow(/was cut off before its end\.$/)
    // Lines lost in the middle: the end line's count says so.
    const middleLost: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init)
      const lines = (await answer.text()).trimEnd().split('\n')
      return new Response(`${lines[0]}\n${lines.at(-1)}\n`, { status: answer.status, headers: answer.headers })
    }
    await expect(executeTimedSql(params(rowsQuery(count)), { client: client(middleLost) })).rejects.toThrow(
      `The answer was cut off: ${PG_META_ROW_PARTS.firstBatchRows.toLocaleString()} of its ${count.toLocaleString()} rows arrived.`,
    )
    const secondLineBroken: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init)
      const [first] = (await answer.text()).split('\n')
      return new Response(`${first}\n{"not": "rows"}\n`, { status: answer.status, headers: answer.headers })
    }
    await expect(executeTimedSql(params(rowsQuery(count)), { client: client(secondLineBroken) })).rejects.toThrow(/^Unexpected answer from the server/)
  })

  it('an error is the platform\'s error answer, as before', async () => {
    await expect(executeTimedSql(params('select nope'), { client: client() })).rejects.toMatchObject({ code: 400, details: { code: '42703' } })
  })
})
