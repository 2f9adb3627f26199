import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { UNSTORABLE_TEXT_MESSAGE } from '../../src/constants'
import { createMockDatabase, type MockDatabase } from './db'
import { migrate, withStoreLock } from './migrations'
import { createRecordUnits } from './record-units'
import { RecordNotStored, UnstorableTextRefusal } from './refusals'
import { recordsArray } from './unit-of-work'
import { unitWriter } from './unit-writer'

const databaseUrl = process.env['DATABASE_URL']
const SCHEMA = `studio_record_units_test_${process.pid}`

/** Folder ids are UUIDs: each short name a test uses gets one, and the store's keys read back as those names. */
const ids = new Map<string, string>()
const idOf = (name: string) => ids.get(name) ?? ids.set(name, crypto.randomUUID()).get(name)!
const nameOf = (id: string) => [...ids].find(([, value]) => value === id)?.[0]
const folder = (id: string, name: string) => ({ id: idOf(id), name, owner_id: 1, parent_id: null, project_id: 1, project_ref: 'ref' })

/** A promise and the function that settles it: lets a test hold a request in the middle. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe('recordsArray', () => {
  it("is the collection's own array (what a copy and a commit rely on)", async () => {
    const db = createMockDatabase()
    recordsArray(db.folders).push(...recordsArray(createMockDatabase().folders))
    await db.folders.create(folder('a', 'A'))
    expect(recordsArray(db.folders)).toBe(db.folders.all())
    expect(recordsArray(db.folders)).toHaveLength(1)
  })
})

describe.runIf(databaseUrl)('a request as a unit of work over the record store (DATABASE_URL)', () => {
  let pool: pg.Pool
  let live: MockDatabase
  let kept: Map<string, unknown>
  let units: ReturnType<typeof createRecordUnits>
  /** A table's rows in the order lists answer in (kept records have no order: by key). */
  const rows = async (table: string) =>
    (await pool.query<{ key: string; record: Record<string, unknown> }>(`select key, record from "${SCHEMA}".${table} order by ${table === 'kept_records' ? 'key' : 'position'}`)).rows

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
    const client = await pool.connect()
    try {
      await withStoreLock(client, SCHEMA, () => migrate(client, SCHEMA))
    } finally {
      client.release()
    }
  })
  beforeEach(async () => {
    await pool.query(`truncate "${SCHEMA}".folders, "${SCHEMA}".overdue_invoices, "${SCHEMA}".kept_records`)
    live = createMockDatabase()
    kept = new Map()
    units = createRecordUnits(live, kept, unitWriter(pool, SCHEMA))
  })
  afterAll(async () => {
    await pool.query(`drop schema if exists "${SCHEMA}" cascade`)
    await pool.end()
  })

  it("keeps a request's changes to itself until they commit; then everyone sees them, and the store has them", async () => {
    const held = gate()
    const reached = gate()
    const writing = units.track(async () => {
      await units.collections.folders.create(folder('a', 'Mine'))
      expect(units.collections.folders.findFirst((q) => q.where({ id: idOf('a') }))?.name).toBe('Mine')
      reached.open()
      await held.opened
    })
    await reached.opened
    // Another request, and the committed records, do not see it yet; nor does the store hold it.
    expect(await units.track(async () => units.collections.folders.findFirst((q) => q.where({ id: idOf('a') })))).toBeUndefined()
    expect(live.folders.count()).toBe(0)
    expect(await rows('folders')).toEqual([])
    held.open()
    await writing
    expect(live.folders.findFirst((q) => q.where({ id: idOf('a') }))?.name).toBe('Mine')
    expect(await units.track(async () => units.collections.folders.count())).toBe(1)
    expect(await rows('folders')).toEqual([{ key: idOf('a'), record: folder('a', 'Mine') }])
  })

  it('writes what a request left, once; an update keeps its place, a record deleted and made again moves to the end', async () => {
    await units.track(async () => {
      await units.collections.folders.create(folder('a', 'first'))
      await units.collections.folders.create(folder('b', 'second'))
      await units.collections.folders.update((q) => q.where({ id: idOf('a') }), { data: (f) => void (f.name = 'first, renamed') })
    })
    expect((await rows('folders')).map((r) => [nameOf(r.key), r.record.name])).toEqual([
      ['a', 'first, renamed'],
      ['b', 'second'],
    ])
    await units.track(async () => {
      await units.collections.folders.update((q) => q.where({ id: idOf('b') }), { data: (f) => void (f.name = 'second, renamed') })
      units.collections.folders.delete((q) => q.where({ id: idOf('a') }))
      await units.collections.folders.create(folder('a', 'made again'))
    })
    expect((await rows('folders')).map((r) => [nameOf(r.key), r.record.name])).toEqual([
      ['b', 'second, renamed'],
      ['a', 'made again'],
    ])
    expect(live.folders.all().map((f) => [nameOf(f.id), f.name])).toEqual([
      ['b', 'second, renamed'],
      ['a', 'made again'],
    ])
  })

  it('keeps nothing of a request the store refuses, not even its accepted changes; a request beside it is stored', async () => {
    await pool.query(`alter table "${SCHEMA}".folders add constraint refuse_name check (record->>'name' <> 'refused') not valid`)
    try {
      const [refused, accepted] = await Promise.allSettled([
        units.track(async () => {
          await units.collections.folders.create(folder('companion', 'fine on its own'))
          await units.collections.folders.create(folder('refused', 'refused'))
          units.keep('kept', { by: 'refused request' })
        }),
        units.track(async () => units.collections.folders.create(folder('accepted', 'accepted'))),
      ])
      expect(refused.status === 'rejected' && refused.reason).toBeInstanceOf(RecordNotStored)
      expect(refused.status === 'rejected' && (refused.reason as RecordNotStored).cause).toMatchObject({ constraint: 'refuse_name' })
      expect(accepted.status).toBe('fulfilled')
      expect((await rows('folders')).map((r) => nameOf(r.key))).toEqual(['accepted'])
      expect(live.folders.all().map((f) => nameOf(f.id))).toEqual(['accepted'])
      expect(kept.has('kept')).toBe(false)
      expect(await rows('kept_records')).toEqual([])
    } finally {
      await pool.query(`alter table "${SCHEMA}".folders drop constraint refuse_name`)
    }
  })

  it('refuses text PostgreSQL cannot store anywhere in a record, naming its field, before writing anything', async () => {
    const nul = units.track(async () => {
      await units.collections.folders.create(folder('fine', 'fine'))
      await units.collections.folders.create(folder('nul', 'bad\u0000name'))
    })
    await expect(nul).rejects.toEqual(new UnstorableTextRefusal('name', 'U+0000'))
    await expect(nul).rejects.toMatchObject({ status: 400, message: UNSTORABLE_TEXT_MESSAGE('name', 'U+0000') })
    const deep = units.track(async () => units.keep('deep', { a: { list: [{ text: 'fine' }, { text: 'half \udfff' }] } }))
    await expect(deep).rejects.toMatchObject({ status: 400, message: UNSTORABLE_TEXT_MESSAGE('a.list[1].text', 'U+DFFF') })
    expect(live.folders.count()).toBe(0)
    expect(kept.size).toBe(0)
    expect(await rows('folders')).toEqual([])
    expect(await rows('kept_records')).toEqual([])
  })

  it('keeps nothing of a request that throws, or whose answer says not to keep it', async () => {
    await expect(
      units.track(async () => {
        await units.collections.folders.create(folder('thrown', 'thrown'))
        throw new Error('the handler failed')
      }),
    ).rejects.toThrow('the handler failed')
    const answer = await units.track(
      async () => {
        await units.collections.folders.create(folder('server-error', 'server error'))
        return 500
      },
      (status) => status < 500,
    )
    expect(answer).toBe(500)
    expect(live.folders.count()).toBe(0)
    expect(await rows('folders')).toEqual([])
  })

  it('loses neither of two requests changing one record at once: the later runs again, alone, and both count', async () => {
    await units.track(async () => void (await units.collections.overdueInvoices.create({ organization_id: 1, overdue_invoice_count: 0 })))
    const bothRead = { count: 0, ...gate() }
    let runs = 0
    const increment = () =>
      units.track(async () => {
        runs++
        const current = units.collections.overdueInvoices.findFirst((q) => q.where({ organization_id: 1 }))!
        units.keep('log', [...((units.kept('log') as string[] | undefined) ?? []), `saw ${current.overdue_invoice_count}`])
        // Both read the count before either writes: without the check one increment would be lost.
        if (++bothRead.count === 2) bothRead.open()
        await bothRead.opened
        await units.collections.overdueInvoices.update(current, { data: (o) => void (o.overdue_invoice_count += 1) })
      })
    await Promise.all([increment(), increment()])
    expect(runs).toBe(3)
    expect(live.overdueInvoices.findFirst((q) => q.where({ organization_id: 1 }))?.overdue_invoice_count).toBe(2)
    expect((await rows('overdue_invoices')).map((r) => r.record.overdue_invoice_count)).toEqual([2])
    // The kept record changed by both, too: the second run saw the first's change.
    expect(kept.get('log')).toEqual(['saw 0', 'saw 1'])
    expect((await rows('kept_records')).map((r) => r.record)).toEqual([['saw 0', 'saw 1']])
  })

  /** Units over a writer whose first write waits for `held`, so the commits after it queue up; counts the writes. */
  const withFirstWriteHeld = () => {
    const held = gate()
    const writing = gate()
    const writes: number[] = []
    const write = unitWriter(pool, SCHEMA)
    units = createRecordUnits(live, kept, async (changes, around) => {
      writes.push(changes.collections.reduce((sum, change) => sum + change.appended.length, 0) + changes.kept.length)
      if (writes.length === 1) {
        writing.open()
        await held.opened
      }
      return write(changes, around)
    })
    return { held, writing, writes }
  }

  it('writes the commits that waited meanwhile in one transaction when they change different records; each request is answered', async () => {
    const { held, writing, writes } = withFirstWriteHeld()
    const first = units.track(async () => units.collections.folders.create(folder('first', 'first')))
    await writing.opened
    const names = Array.from({ length: 10 }, (_, n) => `waited ${n}`)
    const waited = names.map((name) => units.track(async () => units.collections.folders.create(folder(name, name))))
    // Each has answered its handler and waits for its commit; none is in memory or the store yet.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(live.folders.count()).toBe(0)
    held.open()
    await Promise.all([first, ...waited])
    expect(writes).toEqual([1, 10])
    expect((await rows('folders')).map((r) => nameOf(r.key))).toEqual(['first', ...names])
    expect(live.folders.all().map((f) => nameOf(f.id))).toEqual(['first', ...names])
  })

  it('fails only the request the store refuses when its batch is refused: the others are written, each on its own', async () => {
    await pool.query(`alter table "${SCHEMA}".folders add constraint refuse_batch check (record->>'name' <> 'refused') not valid`)
    try {
      const { held, writing, writes } = withFirstWriteHeld()
      const first = units.track(async () => units.collections.folders.create(folder('first', 'first')))
      await writing.opened
      const waited = ['one', 'refused', 'two'].map((name) => units.track(async () => units.collections.folders.create(folder(name, name))))
      await new Promise((resolve) => setTimeout(resolve, 50))
      held.open()
      const settled = await Promise.allSettled([first, ...waited])
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled'])
      expect((settled[2] as PromiseRejectedResult).reason).toBeInstanceOf(RecordNotStored)
      // The batch of three, refused whole, then each alone.
      expect(writes).toEqual([1, 3, 1, 1, 1])
      expect((await rows('folders')).map((r) => nameOf(r.key))).toEqual(['first', 'one', 'two'])
      expect(live.folders.all().map((f) => nameOf(f.id))).toEqual(['first', 'one', 'two'])
    } finally {
      await pool.query(`alter table "${SCHEMA}".folders drop constraint refuse_batch`)
    }
  })

  it('never batches two commits of one record: the later one collides, runs again alone, and both count', async () => {
    await units.track(async () => void (await units.collections.overdueInvoices.create({ organization_id: 1, overdue_invoice_count: 0 })))
    const { held, writing, writes } = withFirstWriteHeld()
    const first = units.track(async () => units.collections.folders.create(folder('first', 'first')))
    await writing.opened
    const increment = () =>
      units.track(async () => {
        const current = units.collections.overdueInvoices.findFirst((q) => q.where({ organization_id: 1 }))!
        await units.collections.overdueInvoices.update(current, { data: (o) => void (o.overdue_invoice_count += 1) })
      })
    const both = [increment(), increment()]
    await new Promise((resolve) => setTimeout(resolve, 50))
    held.open()
    await Promise.all([first, ...both])
    expect(live.overdueInvoices.findFirst((q) => q.where({ organization_id: 1 }))?.overdue_invoice_count).toBe(2)
    expect((await rows('overdue_invoices')).map((r) => r.record.overdue_invoice_count)).toEqual([2])
    // The first write, one increment, then the other's run again: three transactions, none of two increments.
    expect(writes).toHaveLength(3)
  })

  it('refuses changes made outside a request: they would be in memory only', async () => {
    await expect(live.folders.create(folder('outside', 'outside'))).rejects.toThrow(/outside a request's unit of work/)
    expect(() => units.keep('outside', {})).toThrow(/outside a request's unit of work/)
    expect(live.folders.count()).toBe(0)
  })
})
