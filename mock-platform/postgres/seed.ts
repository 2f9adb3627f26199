/**
 * The demo data every project database starts with: a small shop across three schemas, built to
 * exercise the dashboard (identity, serial, uuid, text and composite keys, cross-schema foreign
 * keys, an enum, jsonb, arrays, bytea, numeric, timestamptz, CHECK and UNIQUE constraints, a view,
 * a materialized view, a trigger function). Only SQL that runs on PGlite and PostgreSQL 15+.
 */
import { SeededDraw } from '../../fixtures/seeded-draw.ts'
import * as words from '../../fixtures/demo-words.ts'
import { SEED_MARKER_SCHEMA } from '../../src/constants/platform.ts'
import { sqlArray, sqlJson, sqlLiteral } from '../../src/lib/sql/quote.ts'
import { fnv1a } from '../../src/lib/fnv1a.ts'
import {
  CUSTOMER_TAGS,
  EVENT_TYPES,
  SEED_SCHEMA_SQL,
  SEED_VIEWS_AFTER_DATA_SQL,
  SEED_VIEWS_REFRESH_SQL,
  TRICKY_NAMES,
  WAREHOUSES,
} from './seed-schema.ts'
import { authUsersSeedSql } from './seed-auth-users.ts'

// The marker's schema is a constant of the dashboard too: every user-facing schema list leaves it out.
export { SEED_MARKER_SCHEMA }
/** Bumped when the demo data changes shape; stored in the marker for diagnosis only. */
export const SEED_VERSION = 2
/** Relative dates are computed from this instant, so a ref gives the same rows on every run. */
export const SEED_REFERENCE_DATE = new Date(Date.UTC(2026, 10, 1, 12, 0, 0))

/** Tables the seed fills (for tests and diagnostics). */
export const SEED_TABLES = [
  'public.customers',
  'public.orders',
  'public.order_items',
  'inventory.products',
  'inventory.warehouses',
  'inventory.stock_levels',
  'analytics.events',
] as const

const COUNTS = { customers: 30, products: 25, orders: 60, events: 120 } as const

/**
 * Where a database stands: `seeded` (its marker has a row), `template` (the seeded template's
 * tables without rows: seeded-template.ts), `empty` (neither).
 */
export type SeedState = 'seeded' | 'template' | 'empty'

/**
 * Seeds `db` with the demo data for `ref`, unless it was seeded before (the marker records it).
 * Resolves to true when it seeded now. One multi-statement run, which Postgres executes as one
 * implicit transaction: a failure leaves nothing half-made. A database started from the seeded
 * template only gets the rows (its tables are there): the same rows, so the same database.
 */
/** What seeding needs of a database: the page's ProjectDatabase, or the worker's own PGlite. */
export interface SeedTarget {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
  exec(sql: string): Promise<unknown>
}

export async function seedProjectDatabase(db: SeedTarget, ref: string): Promise<boolean> {
  const state = await seedState(db)
  if (state === 'seeded') return false
  try {
    await db.exec(state === 'template' ? buildSeedRowsSql(ref) : buildSeedSql(ref))
  } catch (error) {
    // Tabs share a project's database (PGliteWorker): another tab that checked at the same time
    // seeded it first, and this seed failed on its rows. Seeded is seeded.
    if (await isSeeded(db)) return false
    throw error
  }
  return true
}

/** Whether the marker says seeded (any ref: a database is seeded once, whatever it is later called). */
export async function isSeeded(db: SeedTarget): Promise<boolean> {
  return (await seedState(db)) === 'seeded'
}

export async function seedState(db: SeedTarget): Promise<SeedState> {
  const { rows } = await db.query(`select to_regclass($1) is not null as present`, [`${SEED_MARKER_SCHEMA}.seeded`])
  if (rows[0]?.['present'] !== true) return 'empty'
  const marked = await db.query(`select exists (select 1 from ${SEED_MARKER_SCHEMA}.seeded) as marked`)
  return marked.rows[0]?.['marked'] === true ? 'seeded' : 'template'
}

/** The whole seed as SQL text; the same ref always gives the same text. */
export function buildSeedSql(ref: string): string {
  return [SEED_SCHEMA_SQL, seedRowsSql(ref), SEED_VIEWS_AFTER_DATA_SQL, seedEndSql(ref)].join('\n')
}

/** The seed for a database started from the seeded template: its rows, the view made again from them, the marker. */
export function buildSeedRowsSql(ref: string): string {
  return [seedRowsSql(ref), SEED_VIEWS_REFRESH_SQL, seedEndSql(ref)].join('\n')
}

function seedEndSql(ref: string): string {
  return [
    `insert into ${SEED_MARKER_SCHEMA}.seeded (ref, version, seeded_at) values (${sqlLiteral(ref)}, ${SEED_VERSION}, ${sqlLiteral(SEED_REFERENCE_DATE)});`,
    // Planner statistics, so row estimates in the table list are right from the start.
    `analyze ${SEED_TABLES.join(', ')};`,
  ].join('\n')
}

/** The inserts of the demo rows for `ref`. */
function seedRowsSql(ref: string): string {
  const draw = new SeededDraw(seedFromRef(ref), SEED_REFERENCE_DATE)

  const customers = Array.from({ length: COUNTS.customers }, (_, index) => {
    const firstName = words.firstName(draw)
    const lastName = words.lastName(draw)
    const createdAt = draw.recent(2 * 365)
    return {
      id: index + 1, // identity values of a fresh table: 1..n in insert order
      email: `${slug(firstName)}.${slug(lastName)}.${index + 1}@${words.domainName(draw)}`,
      fullName: TRICKY_NAMES[index] ?? `${firstName} ${lastName}`,
      countryCode: words.countryCode(draw),
      birthDate: draw.maybe(() => isoDate(draw.between(yearsBefore(80), yearsBefore(18))), 0.8),
      isActive: draw.chance(0.85),
      tags: draw.pickSome(CUSTOMER_TAGS, 0, 3),
      metadata: {
        plan: draw.pick(['free', 'plus', 'business']),
        referrer: draw.maybe(() => words.domainName(draw), 0.5),
        preferences: { newsletter: draw.chance(), locale: draw.pick(['en', 'fr', 'de', 'ja']) },
      },
      createdAt,
    }
  })

  const products = Array.from({ length: COUNTS.products }, (_, index) => ({
    id: index + 1, // serial values of a fresh table
    sku: `SKU-${String(index + 1).padStart(4, '0')}-${draw.alphanumeric(4, true)}`,
    name: words.productName(draw),
    priceCents: draw.int(199, 49_999),
    stock: draw.int(0, 500),
    dimensions: draw.maybe(() => [1, 2, 3].map(() => draw.float(1, 120, 1)), 0.7),
    attributes: {
      material: words.productMaterial(draw),
      color: words.color(draw),
      adjectives: [words.productAdjective(draw), words.productAdjective(draw)],
    },
    isDiscontinued: draw.chance(0.1),
    updatedAt: draw.recent(60),
  }))

  const stockLevels = WAREHOUSES.flatMap((warehouse) =>
    draw
      .pickSome(products, 12, 20)
      .sort((a, b) => a.id - b.id)
      .map((product) => ({ warehouse: warehouse.code, productId: product.id, quantity: draw.int(0, 250) })),
  )

  const orders = Array.from({ length: COUNTS.orders }, () => {
    const customer = draw.pick(customers)
    const lines = draw.pickSome(products, 1, 4).map((product, index) => ({
      lineNo: index + 1,
      productId: product.id,
      quantity: draw.int(1, 5),
      unitPriceCents: product.priceCents,
    }))
    return {
      id: draw.uuid(),
      customerId: customer.id,
      status: draw.weighted([
        { value: 'delivered', weight: 5 },
        { value: 'shipped', weight: 2 },
        { value: 'paid', weight: 2 },
        { value: 'pending', weight: 1 },
        { value: 'cancelled', weight: 1 },
      ]),
      totalCents: lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0),
      shippingAddress: {
        street: words.streetAddress(draw),
        city: words.city(draw),
        postcode: words.postcode(draw),
        country: customer.countryCode,
      },
      notes: draw.maybe(() => draw.pick(['Leave at the door', 'Gift — no invoice "please"', 'Call on arrival\nthen ring twice']), 0.25),
      placedAt: draw.between(customer.createdAt, SEED_REFERENCE_DATE),
      lines,
    }
  })

  const events = Array.from({ length: COUNTS.events }, () => {
    const eventType = draw.pick(EVENT_TYPES)
    return {
      customerId: draw.maybe(() => draw.pick(customers).id, 0.7),
      sessionId: draw.uuid(),
      eventType,
      payload: {
        path: draw.pick(['/', '/products', '/cart', '/checkout', '/account']),
        ...(eventType === 'search' ? { query: words.productAdjective(draw) } : {}),
        userAgent: words.userAgent(draw),
      },
      checksum: draw.maybe(() => Uint8Array.from({ length: 8 }, () => draw.int(0, 255)), 0.5),
      occurredAt: draw.recent(30),
    }
  })

  return [
    insert(
      'public.customers',
      ['email', 'full_name', 'country_code', 'birth_date', 'is_active', 'tags', 'metadata', 'created_at'],
      customers.map((c) => [
        sqlLiteral(c.email),
        sqlLiteral(c.fullName),
        sqlLiteral(c.countryCode),
        c.birthDate === null ? 'NULL' : `${sqlLiteral(c.birthDate)}::date`,
        sqlLiteral(c.isActive),
        sqlArray(c.tags, 'text'),
        sqlJson(c.metadata),
        sqlLiteral(c.createdAt),
      ]),
    ),
    insert(
      'inventory.products',
      ['sku', 'name', 'price', 'stock', 'dimensions_cm', 'attributes', 'is_discontinued', 'updated_at'],
      products.map((p) => [
        sqlLiteral(p.sku),
        sqlLiteral(p.name),
        cents(p.priceCents),
        sqlLiteral(p.stock),
        p.dimensions ? sqlArray(p.dimensions, 'numeric') : 'NULL',
        sqlJson(p.attributes),
        sqlLiteral(p.isDiscontinued),
        sqlLiteral(p.updatedAt),
      ]),
    ),
    insert(
      'inventory.warehouses',
      ['code', 'name', 'city'],
      WAREHOUSES.map((w) => [sqlLiteral(w.code), sqlLiteral(w.name), sqlLiteral(w.city)]),
    ),
    insert(
      'inventory.stock_levels',
      ['warehouse_code', 'product_id', 'quantity'],
      stockLevels.map((s) => [sqlLiteral(s.warehouse), sqlLiteral(s.productId), sqlLiteral(s.quantity)]),
    ),
    insert(
      'public.orders',
      ['id', 'customer_id', 'status', 'total', 'shipping_address', 'notes', 'placed_at'],
      orders.map((o) => [
        sqlLiteral(o.id),
        sqlLiteral(o.customerId),
        sqlLiteral(o.status),
        cents(o.totalCents),
        sqlJson(o.shippingAddress),
        sqlLiteral(o.notes),
        sqlLiteral(o.placedAt),
      ]),
    ),
    insert(
      'public.order_items',
      ['order_id', 'line_no', 'product_id', 'quantity', 'unit_price'],
      orders.flatMap((o) =>
        o.lines.map((l) => [sqlLiteral(o.id), sqlLiteral(l.lineNo), sqlLiteral(l.productId), sqlLiteral(l.quantity), cents(l.unitPriceCents)]),
      ),
    ),
    authUsersSeedSql(draw, customers.map((c) => c.email), SEED_REFERENCE_DATE),
    insert(
      'analytics.events',
      ['customer_id', 'session_id', 'event_type', 'payload', 'checksum', 'occurred_at'],
      events.map((e) => [
        sqlLiteral(e.customerId),
        sqlLiteral(e.sessionId),
        sqlLiteral(e.eventType),
        sqlJson(e.payload),
        sqlLiteral(e.checksum),
        sqlLiteral(e.occurredAt),
      ]),
    ),
  ].join('\n')
}

/** A stable 32-bit seed from the ref. */
export function seedFromRef(ref: string): number {
  return fnv1a(ref)
}

function insert(table: string, columns: readonly string[], rows: readonly string[][]): string {
  if (rows.length === 0) return ''
  return `insert into ${table} (${columns.join(', ')}) values\n  ${rows.map((row) => `(${row.join(', ')})`).join(',\n  ')};`
}

/** Exact money: integers of cents written as numeric text, never through floating point. */
function cents(value: number): string {
  const sign = value < 0 ? '-' : ''
  const abs = Math.abs(value)
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** The reference date, `years` earlier. */
function yearsBefore(years: number): Date {
  const date = new Date(SEED_REFERENCE_DATE)
  date.setUTCFullYear(date.getUTCFullYear() - years)
  return date
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '')
}
