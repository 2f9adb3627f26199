import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPlatformFixtures } from '../../../fixtures/platform'
import { issueAccessToken } from '../../../mock-platform/handlers/util'
import { createMockPlatform, type MockPlatform } from '../../../mock-platform/platform'
import { createMemoryDatabaseProvider } from '../../../mock-platform/postgres/pglite-memory'
import { TEST_API_BASE } from '../../../mock-platform/testing'
import { PG_META_HEADERS, PG_META_ROW_PARTS } from '../../constants'
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
  it('comes as JSON lines, the row count ahead: a small first batch, then larger ones', async () => {
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
    expect(answer.headers.get(PG_META_ROW_PARTS.rowCountHeader)).toBe(String(count))
    const lines = (await answer.text()).trimEnd().split('\n').map((line) => JSON.parse(line) as unknown[])
    expect(lines.map((line) => line.length)).toEqual([PG_META_ROW_PARTS.firstBatchRows, PG_META_ROW_PARTS.batchRows, 5])
    expect(lines[0]![0]).toEqual({ g: 1, hash: 'c4ca4238a0b923820dcc509a6f75849b' })
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
    await expect(executeTimedSql(params(rowsQuery(count)), { client: client(firstLineOnly) })).rejects.toThrow(
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
