import { describe, expect, it } from 'vitest'
import type { TableEntity } from '../../api/schemas/table-editor'
import { alterColumnSql, createTableSql } from '../../lib/sql/table-structure'
import {
  COMMON_TYPES,
  columnDefinitionOf,
  emptyForeignKeyRow,
  entityIdOf,
  enumTypesOf,
  firstCheckExpression,
  foreignKeyOfRow,
  initialTableColumns,
  referenceableTables,
  schemaChoices,
  typeChoices,
  withArray,
  isArrayType,
} from './structure'
import { tableColumn } from '../../test/table-column'
import { itReadsEach } from '../../test/each-row'

const col = tableColumn

const entity = (id: number, schema: string, name: string, type: TableEntity['type'] = 'table'): TableEntity => ({
  id,
  schema,
  name,
  type,
  comment: null,
  estimated_rows: 0,
  rls_enabled: false,
})

describe('firstCheckExpression', () => {
  itReadsEach('reads %s', firstCheckExpression, [
    [null, null],
    ['CHECK ((price > (0)::numeric))', 'price > (0)::numeric'],
    ['CHECK (active)', 'active'],
    ['CHECK (((a > 0) AND (b > 0)))', '(a > 0) AND (b > 0)'],
    ['CHECK ((a > 0)) and CHECK ((a < 10))', 'a > 0'],
    ["CHECK ((code ~ '^[A-Z]{3}$'::text))", "code ~ '^[A-Z]{3}$'::text"],
    ["CHECK ((note <> ')'::text)) NOT VALID", "note <> ')'::text"],
    ['CHECK ((a > 0) OR (b > 0))', '(a > 0) OR (b > 0)'],
  ])
})

describe('columnDefinitionOf', () => {
  it('reads a plain column with its constraint names', () => {
    const price = col('price', {
      data_type: 'numeric(10,2)',
      is_nullable: false,
      default_value: '0',
      check: 'CHECK ((price > (0)::numeric))',
      check_constraint: 'products_price_positive',
      is_unique: true,
      unique_constraint: 'products_price_key',
    })
    expect(columnDefinitionOf(price, ['id'])).toEqual({
      name: 'price',
      type: 'numeric(10,2)',
      defaultValue: '0',
      nullable: false,
      unique: true,
      identity: null,
      check: 'price > (0)::numeric',
      primaryKey: false,
      uniqueConstraint: 'products_price_key',
      checkConstraint: 'products_price_positive',
    })
  })

  it('does not take the primary key index for a unique option, and reads identity as by default', () => {
    const id = col('id', { data_type: 'bigint', is_identity: true, is_nullable: false, is_unique: true })
    expect(columnDefinitionOf(id, ['id'])).toMatchObject({ unique: false, identity: 'by default', primaryKey: true, nullable: false })
    // Part of a composite key: is_unique then comes from an index of its own.
    expect(columnDefinitionOf(col('a', { is_unique: true }), ['a', 'b'])).toMatchObject({ unique: true, uniqueConstraint: null, primaryKey: true })
  })

  it('gives a definition that alters to nothing when nothing changes', () => {
    const table = [
      col('price', { data_type: 'numeric(10,2)', check: 'CHECK ((price > (0)::numeric))', check_constraint: 'c' }),
      col('id', { data_type: 'bigint', is_identity: true, is_nullable: false, is_unique: true }),
      col('at', { data_type: 'timestamp with time zone', default_value: 'now()' }),
      col('email', { is_unique: true, unique_constraint: 'email_key' }),
    ]
    for (const c of table) {
      const before = columnDefinitionOf(c, ['id'])
      expect(alterColumnSql('public', 't', before, { ...before })).toBe('')
    }
  })

  it('feeds the constraint names to alterColumnSql', () => {
    const email = columnDefinitionOf(
      col('email', { is_unique: true, unique_constraint: 'customers_email_key', check: "CHECK ((email <> ''::text))", check_constraint: 'ck' }),
      [],
    )
    expect(alterColumnSql('public', 'customers', email, { ...email, unique: false, check: '' })).toBe(
      'alter table "public"."customers" drop constraint "ck";\nalter table "public"."customers" drop constraint "customers_email_key";',
    )
  })
})

describe('type choices', () => {
  it('offers the common types and the enums of the table once each', () => {
    expect(COMMON_TYPES).toEqual(expect.arrayContaining(['text', 'int8', 'timestamptz', 'jsonb', 'text[]']))
    const enums = enumTypesOf({
      columns: [col('s', { data_type: 'order_status', type_category: 'E' }), col('t', { data_type: 'order_status', type_category: 'E' }), col('u')],
    })
    expect(enums).toEqual(['order_status'])
    expect(typeChoices(['order_status', 'text'])).toEqual([...COMMON_TYPES.map((name) => ({ name })), { name: 'order_status' }])
    // The database's own keep their kind; a name already offered is offered once.
    expect(typeChoices([{ name: 'mood', kind: 'enum' }, 'mood']).slice(-1)).toEqual([{ name: 'mood', kind: 'enum' }])
  })

  it('writes a type as an array of itself and back', () => {
    expect(isArrayType('text[]')).toBe(true)
    expect(isArrayType('int4 [ ] ')).toBe(true)
    expect(isArrayType('text')).toBe(false)
    expect(withArray('text', true)).toBe('text[]')
    expect(withArray('text[]', true)).toBe('text[]')
    expect(withArray('int4[][]', false)).toBe('int4')
    expect(withArray('numeric(10,2)', true)).toBe('numeric(10,2)[]')
  })
})

describe('create table', () => {
  it('starts with id and created_at', () => {
    expect(createTableSql('public', 'things', initialTableColumns())).toBe(
      'create table "public"."things" (\n' +
        '  "id" int8 generated by default as identity not null,\n' +
        '  "created_at" timestamptz default now() not null,\n' +
        '  primary key ("id")\n' +
        ');',
    )
  })

  it('lists schemas with public first, no protected one, and only tables as targets', () => {
    const entities = [entity(1, 'inventory', 'products'), entity(2, 'public', 'summary', 'view'), entity(3, 'analytics', 'events'), entity(4, 'auth', 'users'), entity(5, 'storage', 'objects')]
    expect(schemaChoices(entities)).toEqual(['public', 'analytics', 'inventory'])
    expect(referenceableTables(entities).map((e) => e.id)).toEqual([1, 3, 4, 5])
    expect(entityIdOf(entities, 'inventory', 'products')).toBe(1)
    expect(entityIdOf(entities, 'public', 'products')).toBeUndefined()
  })

  it('turns a foreign key row into a definition, or says what is missing', () => {
    const entities = [entity(7, 'inventory', 'products')]
    const row = { ...emptyForeignKeyRow(), column: 'product_id', targetId: 7, targetColumn: 'id', onDelete: 'cascade' as const }
    expect(foreignKeyOfRow(row, entities)).toEqual({
      columns: ['product_id'],
      targetSchema: 'inventory',
      targetTable: 'products',
      targetColumns: ['id'],
      onDelete: 'cascade',
      onUpdate: 'no action',
    })
    expect(() => foreignKeyOfRow(emptyForeignKeyRow(), entities)).toThrow('Choose the column of each foreign key.')
    expect(() => foreignKeyOfRow({ ...row, targetId: null }, entities)).toThrow('Choose the table that "product_id" references.')
    expect(() => foreignKeyOfRow({ ...row, targetColumn: '' }, entities)).toThrow('Choose the column of inventory.products that "product_id" references.')
  })
})
