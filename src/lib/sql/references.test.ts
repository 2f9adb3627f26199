import { describe, expect, it } from 'vitest'
import type { TableSchema } from '../../api/schemas/table-editor'
import { incomingKeys, referencingCountsSql } from './references'

const rel = (constraint: string, source: string, sourceColumn: string, target: string, targetColumn: string) => ({
  constraint_name: constraint,
  source_schema: 'public',
  source_table_name: source,
  source_column_name: sourceColumn,
  target_table_schema: 'public',
  target_table_name: target,
  target_column_name: targetColumn,
})
const customers = {
  id: 1,
  name: 'customers',
  schema: 'public',
  type: 'table',
  columns: [],
  primary_keys: ['id'],
  relationships: [rel('orders_customer_id_fkey', 'orders', 'customer_id', 'customers', 'id'), rel('customers_referrer_fkey', 'customers', 'referrer_id', 'customers', 'id'), rel('customers_region_fkey', 'customers', 'region', 'regions', 'code'), rel('pair', 'Pair "t"', 'a', 'customers', 'id'), rel('pair', 'Pair "t"', 'b', 'customers', 'email')],
} as TableSchema

describe('the keys that point at a table', () => {
  it('are the relationships whose target is the table, a self-reference included, several columns kept together', () => {
    expect(incomingKeys(customers)).toEqual([
      { constraint: 'orders_customer_id_fkey', schema: 'public', table: 'orders', pairs: [{ source: 'customer_id', target: 'id' }] },
      { constraint: 'customers_referrer_fkey', schema: 'public', table: 'customers', pairs: [{ source: 'referrer_id', target: 'id' }] },
      { constraint: 'pair', schema: 'public', table: 'Pair "t"', pairs: [{ source: 'a', target: 'id' }, { source: 'b', target: 'email' }] },
    ])
  })

  it('are counted for one row in one statement; a key whose values are null is not counted', () => {
    const keys = incomingKeys(customers)
    const row: Record<string, unknown> = { id: 7, email: "o'neil@example.com" }
    expect(referencingCountsSql(keys, (c) => row[c])).toBe(
      `select json_build_array((select count(*) from "public"."orders" where "customer_id" = 7), (select count(*) from "public"."customers" where "referrer_id" = 7), (select count(*) from "public"."Pair ""t""" where "a" = 7 and "b" = 'o''neil@example.com')) as counts;`,
    )
    expect(referencingCountsSql(keys.slice(2), (c) => (c === 'email' ? null : 1))).toBeNull()
  })
})
