import { describe, expect, it } from 'vitest'
import type { GraphTable, SchemaGraph } from '../../../api/schemas'
import { CARD_COLUMN_LIMIT, CARD_HEADER_HEIGHT, CARD_ROW_HEIGHT, columnOffset, diagramOf } from './diagram-model'

const column = (name: string, type = 'bigint', nullable = true) => ({ name, type, nullable, default: null, generated: null, identity: null, comment: null })
const table = (id: number, name: string, columns: string[], extra: Partial<GraphTable> = {}): GraphTable => ({
  id,
  name,
  type: 'table',
  comment: null,
  definition: null,
  columns: columns.map((c) => column(c)),
  primary_key: ['id'],
  constraints: [],
  ...extra,
})
const key = (name: string, source: number, sourceColumns: string[], target: number, targetName: string, targetSchema = 'public') => ({
  name,
  source_id: source,
  source_columns: sourceColumns,
  target_id: target,
  target_schema: targetSchema,
  target_name: targetName,
  target_columns: sourceColumns.map(() => 'id'),
  on_delete: 'no action' as const,
  on_update: 'no action' as const,
})

const graph: SchemaGraph = {
  schema: 'public',
  exists: true,
  tables: [
    table(1, 'customers', ['id', 'email'], { constraints: [{ name: 'customers_email_key', kind: 'unique', definition: 'UNIQUE (email)', columns: ['email'] }] }),
    table(2, 'orders', ['id', 'customer_id', 'product_id', 'parent_id']),
    table(3, '__proto__', ['id']),
  ],
  foreign_keys: [
    key('orders_customer', 2, ['customer_id'], 1, 'customers'),
    key('orders_product', 2, ['product_id'], 99, 'products', 'inventory'),
    key('orders_parent', 2, ['parent_id'], 2, 'orders'),
  ],
  enums: [],
}

describe('diagramOf', () => {
  const diagram = diagramOf(graph)
  const card = (name: string) => diagram.tables.find((t) => t.name === name)!

  it('marks primary keys, foreign keys and single-column unique columns', () => {
    expect(card('customers').columns.map((c) => c.mark)).toEqual(['primary', 'unique'])
    expect(card('orders').columns.map((c) => c.mark)).toEqual(['primary', 'foreign', 'foreign', 'foreign'])
  })

  it('draws a line for each key inside the schema (one to itself too), and tells a key to another schema on its column', () => {
    expect(diagram.edges.map((e) => `${e.source}.${e.sourceColumn}->${e.target}.${e.targetColumn}`)).toEqual(['orders.customer_id->customers.id', 'orders.parent_id->orders.id'])
    expect(card('orders').columns.find((c) => c.name === 'product_id')!.elsewhere).toBe('inventory.products')
    expect(card('orders').columns.find((c) => c.name === 'customer_id')!.elsewhere).toBeNull()
    // Where a key inside the schema points, for the card's row to say.
    expect(card('orders').columns.find((c) => c.name === 'customer_id')!.references).toBe('customers.id')
    expect(card('orders').columns.find((c) => c.name === 'product_id')!.references).toBeNull()
  })

  it('keeps a table named like an object property', () => {
    expect(card('__proto__')).toMatchObject({ key: '__proto__', id: 3 })
  })

  it('sizes a card by its rows and places a column by its row', () => {
    expect(card('orders').height).toBe(CARD_HEADER_HEIGHT + 4 * CARD_ROW_HEIGHT)
    expect(columnOffset(card('orders'), 'customer_id')).toBe(CARD_HEADER_HEIGHT + CARD_ROW_HEIGHT * 1.5)
    expect(columnOffset(card('orders'), 'no such column')).toBe(CARD_HEADER_HEIGHT / 2)
  })

  it('draws the first columns of a very wide table and counts the rest', () => {
    const wide = diagramOf({ ...graph, tables: [table(7, 'wide', Array.from({ length: CARD_COLUMN_LIMIT + 5 }, (_, i) => (i === 0 ? 'id' : `c${i}`)))], foreign_keys: [] })
    expect(wide.tables[0]!.columns).toHaveLength(CARD_COLUMN_LIMIT)
    expect(wide.tables[0]!.hiddenColumns).toBe(5)
    expect(wide.tables[0]!.height).toBe(CARD_HEADER_HEIGHT + (CARD_COLUMN_LIMIT + 1) * CARD_ROW_HEIGHT)
  })
})
