/**
 * The demo data every project database starts with: a small shop across three schemas, built to
 * exercise the dashboard (identity, serial, uuid, text and composite keys, cross-schema foreign
 * keys, an enum, jsonb, arrays, bytea, numeric, timestamptz, CHECK and UNIQUE constraints, a view,
 * a materialized view, a trigger function). Only SQL that runs on PGlite and PostgreSQL 15+.
 */
import { seededFaker } from '../../fixtures/seeded-faker.ts'
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
import type { ProjectDatabase } from './types.ts'

// The marker's schema is a constant of the dashboard too: every user-facing schema list leaves it out.
export { SEED_MARKER_SCHEMA }
/** Bumped when the demo data changes shape; stored in the marker for diagnosis only. */
export const SEED_VERSION = 1
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
export async function seedProjectDatabase(db: ProjectDatabase, ref: string): Promise<boolean> {
  const state = await seedState(db)
  if (state === 'seeded') return false
  await db.exec(state === 'template' ? buildSeedRowsSql(ref) : buildSeedSql(ref))
  return true
}

/** Whether the marker says seeded (any ref: a database is seeded once, whatever it is later called). */
export async function isSeeded(db: ProjectDatabase): Promise<boolean> {
  return (await seedState(db)) === 'seeded'
}

export async function seedState(db: ProjectDatabase): Promise<SeedState> {
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
  const faker = seededFaker(seedFromRef(ref), SEED_REFERENCE_DATE)

  const customers = Array.from({ length: COUNTS.customers }, (_, index) => {
    const firstName = faker.person.firstName()
    const lastName = faker.person.lastName()
    const createdAt = faker.date.past({ years: 2 })
    return {
      id: index + 1, // identity values of a fresh table: 1..n in insert order
      email: `${slug(firstName)}.${slug(lastName)}.${index + 1}@${faker.internet.domainName()}`,
      fullName: TRICKY_NAMES[index] ?? `${firstName} ${lastName}`,
      countryCode: faker.location.countryCode('alpha-2'),
      birthDate: faker.helpers.maybe(() => isoDate(faker.date.birthdate()), { probability: 0.8 }) ?? null,
      isActive: faker.datatype.boolean(0.85),
      tags: faker.helpers.arrayElements(CUSTOMER_TAGS, { min: 0, max: 3 }),
      metadata: {
        plan: faker.helpers.arrayElement(['free', 'plus', 'business']),
        referrer: faker.helpers.maybe(() => faker.internet.domainName(), { probability: 0.5 }) ?? null,
        preferences: { newsletter: faker.datatype.boolean(), locale: faker.helpers.arrayElement(['en', 'fr', 'de', 'ja']) },
      },
      createdAt,
    }
  })

  const products = Array.from({ length: COUNTS.products }, (_, index) => ({
    id: index + 1, // serial values of a fresh table
    sku: `SKU-${String(index + 1).padStart(4, '0')}-${faker.string.alphanumeric({ length: 4, casing: 'upper' })}`,
    name: faker.commerce.productName(),
    priceCents: faker.number.int({ min: 199, max: 49_999 }),
    stock: faker.number.int({ min: 0, max: 500 }),
    dimensions: faker.helpers.maybe(() => [1, 2, 3].map(() => faker.number.float({ min: 1, max: 120, fractionDigits: 1 })), {
      probability: 0.7,
    }),
    attributes: {
      material: faker.commerce.productMaterial(),
      color: faker.color.human(),
      adjectives: faker.helpers.multiple(() => faker.commerce.productAdjective(), { count: 2 }),
    },
    isDiscontinued: faker.datatype.boolean(0.1),
    updatedAt: faker.date.recent({ days: 60 }),
  }))

  const stockLevels = WAREHOUSES.flatMap((warehouse) =>
    faker.helpers
      .arrayElements(products, { min: 12, max: 20 })
      .sort((a, b) => a.id - b.id)
      .map((product) => ({ warehouse: warehouse.code, productId: product.id, quantity: faker.number.int({ min: 0, max: 250 }) })),
  )

  const orders = Array.from({ length: COUNTS.orders }, () => {
    const customer = faker.helpers.arrayElement(customers)
    const lines = faker.helpers.arrayElements(products, { min: 1, max: 4 }).map((product, index) => ({
      lineNo: index + 1,
      productId: product.id,
      quantity: faker.number.int({ min: 1, max: 5 }),
      unitPriceCents: product.priceCents,
    }))
    return {
      id: faker.string.uuid(),
      customerId: customer.id,
      status: faker.helpers.weightedArrayElement([
        { value: 'delivered', weight: 5 },
        { value: 'shipped', weight: 2 },
        { value: 'paid', weight: 2 },
        { value: 'pending', weight: 1 },
        { value: 'cancelled', weight: 1 },
      ]),
      totalCents: lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0),
      shippingAddress: {
        street: faker.location.streetAddress(),
        city: faker.location.city(),
        postcode: faker.location.zipCode(),
        country: customer.countryCode,
      },
      notes: faker.helpers.maybe(() => faker.helpers.arrayElement(['Leave at the door', 'Gift — no invoice "please"', 'Call on arrival\nthen ring twice']), {
        probability: 0.25,
      }) ?? null,
      placedAt: faker.date.between({ from: customer.createdAt, to: SEED_REFERENCE_DATE }),
      lines,
    }
  })

  const events = Array.from({ length: COUNTS.events }, () => {
    const eventType = faker.helpers.arrayElement(EVENT_TYPES)
    return {
      customerId: faker.helpers.maybe(() => faker.helpers.arrayElement(customers).id, { probability: 0.7 }) ?? null,
      sessionId: faker.string.uuid(),
      eventType,
      payload: {
        path: faker.helpers.arrayElement(['/', '/products', '/cart', '/checkout', '/account']),
        ...(eventType === 'search' ? { query: faker.commerce.productAdjective() } : {}),
        userAgent: faker.internet.userAgent(),
      },
      checksum: faker.helpers.maybe(() => Uint8Array.from({ length: 8 }, () => faker.number.int(255)), { probability: 0.5 }) ?? null,
      occurredAt: faker.date.recent({ days: 30 }),
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

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '')
}
