import { describe, expect, it } from 'vitest'
import { catalogQuery, catalogSuggestions, type CatalogColumn } from './completion'

const catalog: CatalogColumn[] = [
  { schema: 'public', table: 'customers', column: 'id', type: 'bigint' },
  { schema: 'public', table: 'customers', column: 'email', type: 'text' },
  { schema: 'inventory', table: 'products', column: 'sku', type: 'text' },
  { schema: 'inventory', table: 'products', column: 'id', type: 'integer' },
]
const labels = (text: string) => catalogSuggestions(catalog, text).map((s) => `${s.kind}:${s.label}`)

describe('catalogSuggestions', () => {
  it('offers schemas, tables and columns anywhere', () => {
    expect(labels('select ')).toEqual(['schema:public', 'schema:inventory', 'table:customers', 'table:products', 'column:id', 'column:email', 'column:sku'])
  })
  it('offers the tables of a schema after "schema."', () => {
    expect(labels('select * from inventory.')).toEqual(['table:products'])
    expect(labels('select * from inventory.pro')).toEqual(['table:products'])
  })
  it('offers the columns of a table after "table." or "schema.table."', () => {
    expect(labels('select customers.')).toEqual(['column:id', 'column:email'])
    expect(labels('select "inventory"."products".')).toEqual(['column:sku', 'column:id'])
  })
})

describe('catalogQuery', () => {
  it('leaves out the excluded schemas, quoted', () => {
    expect(catalogQuery(['pg_catalog', "o'dd"])).toContain("not in ('pg_catalog', 'o''dd')")
  })
})
