import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPlatformFixtures, FIXTURE_NOW } from '../../fixtures/platform'
import { createMockDatabase, seedMockDatabase, type MockDatabase } from './db'
import { MIGRATIONS, migrate, withStoreLock } from './migrations'

const databaseUrl = process.env['DATABASE_URL']
const SCHEMA = `studio_invoice_cycles_test_${process.pid}`
const DAY = 86_400_000

/**
 * The invoices a store seeded before migration 3 keeps: the same invoices with a fixed period_end 30
 * days apart from the fixtures' "now", numbered down as the dates rise, the overdue ones newest.
 */
function invoicesKeptBeforeMigration3(): Record<string, unknown>[] {
  const fixtures = createPlatformFixtures()
  return fixtures.invoices.map(({ cycles_ago, ...invoice }) => {
    const organizationId = fixtures.organizations.find((o) => o.slug === invoice.organization_slug)!.id
    const overdue = fixtures.overdueInvoices.find((o) => o.organization_id === organizationId)?.overdue_invoice_count ?? 0
    const month = cycles_ago - 1
    const status = month < overdue ? 'uncollectible' : month === overdue ? 'open' : 'paid'
    return {
      ...invoice,
      number: `${invoice.number.replace(/-\d+$/, '')}-${1000 + month}`,
      status,
      period_end: Math.floor((FIXTURE_NOW - month * 30 * DAY) / 1000),
      invoice_pdf: `https://billing.example.com/invoices/${invoice.id}.pdf`,
      payment_attempted: status !== 'open',
      subscription: `sub_${invoice.organization_slug}`,
    }
  })
}

describe.runIf(databaseUrl)('migration 3: invoices kept by how many cycles ago they closed (DATABASE_URL)', () => {
  let pool: pg.Pool

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  })
  afterAll(async () => {
    await pool.query(`drop schema if exists "${SCHEMA}" cascade`)
    await pool.end()
  })

  it('turns the dated invoices of an earlier store into the ones the demo world seeds now, which the store loads', async () => {
    const client = await pool.connect()
    try {
      await withStoreLock(client, SCHEMA, () => migrate(client, SCHEMA, MIGRATIONS.filter((m) => m.version < 3)))
      const earlier = invoicesKeptBeforeMigration3()
      // Without the migration the store could not load them: the collection's schema refuses a dated invoice.
      await expect(createMockDatabase().invoices.create(earlier[0] as Parameters<MockDatabase['invoices']['create']>[0])).rejects.toThrow()
      // Stored out of date order, as a store's positions need not follow it.
      for (const record of earlier.reverse()) {
        await client.query(`insert into "${SCHEMA}".invoices (key, record) values ($1, $2)`, [record['id'], record])
      }
      expect(await withStoreLock(client, SCHEMA, () => migrate(client, SCHEMA))).toEqual(MIGRATIONS.filter((m) => m.version >= 3).map((m) => m.version))
    } finally {
      client.release()
    }

    const { rows } = await pool.query<{ record: { id: string } }>(`select record from "${SCHEMA}".invoices`)
    const seeded = createMockDatabase()
    await seedMockDatabase(seeded)
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)
    expect(rows.map((row) => row.record).sort(byId)).toEqual(structuredClone(seeded.invoices.all()).sort(byId))
    // The store reads them back through the collection's schema.
    const loaded = createMockDatabase()
    for (const { record } of rows) await loaded.invoices.create(record as Parameters<MockDatabase['invoices']['create']>[0])
    expect(loaded.invoices.all()).toHaveLength(rows.length)
  })
})
