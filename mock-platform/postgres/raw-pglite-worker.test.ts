import { PGlite, protocol } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorForwardingPGlite } from './forwarding-pglite.ts'
import { initialDataOption, startEmptyDatabase } from './initial-data-node.ts'
import { AnswerStreamReader, readAnswer, streamingAnswers } from './raw-pglite-worker.ts'
import { joinBytes } from '../../src/lib/join-bytes.ts'

/** What PGlite's result building reads of a message, and an error's fields: the part to compare. */
function readPart(message: unknown): unknown {
  const m = message as Record<string, unknown>
  switch (m['name']) {
    case 'rowDescription':
      return { name: m['name'], fields: (m['fields'] as Record<string, unknown>[]).map(({ name, tableID, columnID, dataTypeID, dataTypeSize, dataTypeModifier, format }) => ({ name, tableID, columnID, dataTypeID, dataTypeSize, dataTypeModifier, format })) }
    case 'dataRow':
      return { name: m['name'], fields: m['fields'] }
    case 'commandComplete':
      return { name: m['name'], text: m['text'] }
    case 'parameterDescription':
      return { name: m['name'], dataTypeIDs: m['dataTypeIDs'] }
    case 'error':
    case 'notice': {
      const fields = Object.fromEntries(Object.entries(m).filter(([key, value]) => key !== 'length' && value !== undefined))
      return { ...fields, message: (message as Error).message }
    }
    default:
      return { name: m['name'] }
  }
}

/** PGlite's own parser's reading of the same bytes: what readAnswer must equal. */
function pgliteReading(bytes: Uint8Array): unknown[] {
  const read: unknown[] = []
  new protocol.Parser().parse(bytes, (message) => read.push(message))
  return read.map(readPart)
}

const asData = (messages: unknown[]) => messages.map(readPart)

const { serialize } = protocol

describe('readAnswer', () => {
  let pg: PGlite
  beforeAll(async () => {
    pg = await startEmptyDatabase()
  })
  afterAll(async () => {
    await pg.close()
  })

  const simpleQuery = (sql: string) => pg.execProtocolRaw(serialize.query(sql))

  it('reads rows, nulls, text beyond ASCII, several statements and their completions as PGlite does', async () => {
    const bytes = await simpleQuery(
      `select g, md5(g::text), case when g % 3 = 0 then null else 'café ✓ 日本' || g end as t from generate_series(1, 60) g;
       create temporary table t (id int); insert into t values (1), (2); select * from t where false`,
    )
    const messages = readAnswer(bytes)
    expect(asData(messages)).toEqual(pgliteReading(bytes))
    expect(messages.filter((m) => m.name === 'dataRow')).toHaveLength(60)
    expect(messages.filter((m) => m.name === 'commandComplete').map((m) => (m as { text: string }).text)).toEqual(['SELECT 60', 'CREATE TABLE', 'INSERT 0 2', 'SELECT 0'])
  })

  it('throws the error with every field Postgres sent, and keeps notices', async () => {
    await simpleQuery('create table u (id int primary key); insert into u values (1)')
    const bytes = await simpleQuery(`do $$ begin raise notice 'hello'; end $$; insert into u values (1)`)
    expect(asData(readAnswer(bytes, { throwOnError: false }))).toEqual(pgliteReading(bytes))
    const notices: object[] = []
    const error = (() => {
      try {
        readAnswer(bytes, { onNotice: (notice) => notices.push(notice) })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toMatchObject({ message: 'duplicate key value violates unique constraint "u_pkey"', code: '23505', constraint: 'u_pkey', detail: 'Key (id)=(1) already exists.', table: 'u' })
    expect(notices).toMatchObject([{ message: 'hello', severity: 'NOTICE' }])
  })

  it('reads the extended protocol: parameter and row descriptions of a prepared statement', async () => {
    const bytes = await pg.execProtocolRaw(
      new Uint8Array([...serialize.parse({ text: 'select $1::int + 1 as n, $2::text as s' }), ...serialize.describe({ type: 'S' }), ...serialize.sync()]),
    )
    expect(asData(readAnswer(bytes))).toEqual(pgliteReading(bytes))
    expect(readAnswer(bytes).find((m) => m.name === 'parameterDescription')).toEqual({ name: 'parameterDescription', dataTypeIDs: [23, 25] })
  })
})

describe("the worker's raw answers (forwarding-pglite.ts)", () => {
  it('are the bytes PGlite itself answers, collected without parsing', async () => {
    const worker = new ErrorForwardingPGlite(await initialDataOption())
    try {
      await worker.waitReady
      const sql = serialize.query('select g, repeat(md5(g::text), 40) from generate_series(1, 3000) g')
      const collected = await worker.execProtocolRaw(sql)
      expect(collected.byteLength).toBeGreaterThan(1_000_000) // more than one of PGlite's chunks
      const viaStream = await worker.execProtocolStream(sql)
      // Compared as text: a failing deep diff of 3,000 rows takes minutes to print.
      const rows = (messages: unknown[]) => JSON.stringify(asData(messages).filter((m) => (m as { name: string }).name === 'dataRow'))
      expect(rows(readAnswer(collected)) === rows(viaStream)).toBe(true)
    } finally {
      await worker.close()
    }
  })
})

describe('an answer read as it arrives', () => {
  it('gives, cut anywhere, the messages readAnswer reads from the whole', async () => {
    const pg = await startEmptyDatabase()
    try {
      const bytes = await pg.execProtocolRaw(serialize.query(`select g, 'café ✓ ' || g as t from generate_series(1, 500) g; select nope`))
      const whole = asData(readAnswer(bytes, { throwOnError: false }))
      for (const size of [1, 3, 7, 64, 4096]) {
        const reader = new AnswerStreamReader()
        const read: unknown[] = []
        for (let at = 0; at < bytes.length; at += size) read.push(...reader.read(bytes.subarray(at, at + size)))
        expect(reader.unfinished).toBe(false)
        expect(JSON.stringify(asData(read)) === JSON.stringify(whole)).toBe(true)
      }
    } finally {
      await pg.close()
    }
  })

  it("comes from the worker's PGlite over the channel the page names, then the end, as PGlite answers it whole", async () => {
    const worker = new ErrorForwardingPGlite(await initialDataOption())
    try {
      await worker.waitReady
      const sql = serialize.query('select g, repeat(md5(g::text), 20) from generate_series(1, 3000) g')
      const whole = await worker.execProtocolRaw(sql)
      // The page's PGliteWorker passes the options through its RPC (cloned: a name, no function).
      const pageSide = { execProtocolRawStream: (message: Uint8Array, options: unknown) => worker.execProtocolRawStream(message, structuredClone(options) as never) }
      const chunks: Uint8Array[] = []
      await streamingAnswers(pageSide)(sql, (bytes) => chunks.push(bytes))
      expect(chunks.length).toBeGreaterThan(1) // posted as it came, not as one
      expect(Buffer.from(joinBytes(chunks)).equals(Buffer.from(whole))).toBe(true)
    } finally {
      await worker.close()
    }
  })
})
