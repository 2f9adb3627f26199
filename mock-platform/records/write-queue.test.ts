import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, withStoreLock } from './migrations'
import { createWriteQueue, type WriteQueue } from './write-queue'

const databaseUrl = process.env['DATABASE_URL']
const SCHEMA = `studio_write_queue_test_${process.pid}`

describe.runIf(databaseUrl)('the record store write queue (DATABASE_URL)', () => {
  let pool: pg.Pool
  let queue: WriteQueue
  const rows = async (table: string) => (await pool.query<{ key: string; record: unknown }>(`select key, record from "${SCHEMA}".${table} order by position`)).rows

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
    const client = await pool.connect()
    try {
      await withStoreLock(client, SCHEMA, () => migrate(client, SCHEMA))
    } finally {
      client.release()
    }
    queue = createWriteQueue(pool, SCHEMA)
  })
  afterAll(async () => {
    await pool.query(`drop schema if exists "${SCHEMA}" cascade`)
    await pool.end()
  })

  it('writes changes made in one turn once, as the last left them; a record deleted and made again moves to the end', async () => {
    const { stored } = await queue.track(async () => {
      queue.upsert('folders', 'a', { name: 'first' })
      queue.upsert('folders', 'b', { name: 'second' })
      queue.upsert('folders', 'a', { name: 'first, renamed' })
    })
    await stored
    expect(await rows('folders')).toEqual([
      { key: 'a', record: { name: 'first, renamed' } },
      { key: 'b', record: { name: 'second' } },
    ])
    const again = await queue.track(async () => {
      queue.remove('folders', 'a')
      queue.upsert('folders', 'a', { name: 'made again' })
    })
    await again.stored
    expect((await rows('folders')).map((row) => row.key)).toEqual(['b', 'a'])
  })

  it('fails only the change the database refuses, not the others written in the same batch', async () => {
    await pool.query(`alter table "${SCHEMA}".snippets add constraint refuse_all check (false) not valid`)
    // Both requests change records in the same turn: one batch, one transaction.
    const [refused, accepted] = await Promise.all([
      queue.track(async () => queue.upsert('snippets', 'refused', { name: 'no' })),
      queue.track(async () => queue.upsert('support_tickets', 'accepted', { subject: 'yes' })),
    ])
    await expect(refused.stored).rejects.toMatchObject({ constraint: 'refuse_all' })
    await expect(accepted.stored).resolves.toBeUndefined()
    expect(await rows('snippets')).toEqual([])
    expect(await rows('support_tickets')).toEqual([{ key: 'accepted', record: { subject: 'yes' } }])
  })
})
