/** The structure statements run on Postgres, and the table editor's catalog reads back what they did. */
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmptyDatabase } from '../../../mock-platform/postgres/initial-data-node'
import type { TableColumn, TableSchema } from '../../api/schemas/table-editor'
import { columnDefinition as column } from '../../test/table-column'
import { tableSchemaSql } from './table-catalog'
import { qualifiedName, referenceRowsSql } from './table-rows'
import {
  addColumnSql,
  addForeignKeySql,
  alterColumnSql,
  createTableSql,
  dropColumnSql,
  dropTableSql,
  renameTableSql,
  type ColumnDefinition,
} from './table-structure'

describe('on Postgres', () => {
  const schema = 'my "odd" schema'
  let db: PGlite

  beforeAll(async () => {
    db = await startEmptyDatabase()
    await db.exec(`create schema "my ""odd"" schema"; create type public.order_status as enum ('new', 'paid');`)
  })
  afterAll(async () => {
    await db.close()
  })

  const run = (sql: string) => {
    expect(sql).toMatch(/;$/)
    return db.exec(sql)
  }

  async function tableSchema(table: string): Promise<TableSchema> {
    const { rows } = await db.query<{ id: number }>(`select $1::regclass::oid::int4 as id`, [qualifiedName(schema, table)])
    const id = rows[0]!.id
    const result = await db.query<{ table: TableSchema }>(tableSchemaSql(id))
    return result.rows[0]!.table
  }
  async function columnOf(table: string, name: string): Promise<TableColumn> {
    const found = (await tableSchema(table)).columns.find((c) => c.name === name)
    if (!found) throw new Error(`no column ${name}`)
    return found
  }
  async function constraintName(table: string, type: 'u' | 'c', columnName: string): Promise<string | null> {
    const { rows } = await db.query<{ conname: string }>(
      `select k.conname from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
        where k.conrelid = $1::regclass and k.contype = $2 and a.attname = $3`,
      [qualifiedName(schema, table), type, columnName],
    )
    return rows[0]?.conname ?? null
  }

  it('creates tables with identity, defaults, checks, enums, arrays and a foreign key', async () => {
    await run(createTableSql(schema, 'select', [column('id', 'int8', { identity: 'always', primaryKey: true })]))
    await run(
      createTableSql(
        schema,
        'my "odd" table',
        [
          column('id', 'bigint', { identity: 'by default', primaryKey: true }),
          column('order', 'int8', { nullable: false }),
          column('name', 'varchar(20)', { unique: true, check: `length("name") > 0` }),
          column('price', 'numeric(10,2)', { defaultValue: '0', nullable: false }),
          column('tags', 'text[]', { defaultValue: "'{}'" }),
          column('status', 'public.order_status', { defaultValue: "'new'" }),
          column('at', 'timestamp with time zone', { defaultValue: 'now()' }),
        ],
        [{ name: 'to select', columns: ['order'], targetSchema: schema, targetTable: 'select', targetColumns: ['id'], onDelete: 'cascade' }],
      ),
    )
    const table = await tableSchema('my "odd" table')
    expect(table.primary_keys).toEqual(['id'])
    expect(table.columns.map((c) => [c.name, c.data_type, c.is_nullable, c.is_identity, c.is_unique])).toEqual([
      ['id', 'bigint', false, true, true],
      ['order', 'bigint', false, false, false],
      ['name', 'character varying(20)', true, false, true],
      ['price', 'numeric(10,2)', false, false, false],
      ['tags', 'text[]', true, false, false],
      ['status', 'order_status', true, false, false],
      ['at', 'timestamp with time zone', true, false, false],
    ])
    expect(table.columns.find((c) => c.name === 'name')?.check).toBe('CHECK ((length((name)::text) > 0))')
    expect(table.columns.find((c) => c.name === 'status')?.default_value).toBe("'new'::order_status")
    expect(table.relationships).toMatchObject([
      { constraint_name: 'to select', source_column_name: 'order', target_table_schema: schema, target_table_name: 'select', target_column_name: 'id' },
    ])
    await db.exec(`insert into "my ""odd"" schema"."select" default values; insert into "my ""odd"" schema"."my ""odd"" table" ("order", name) values (1, 'a')`)
  })

  it('creates a composite primary key', async () => {
    await run(createTableSql(schema, 'pairs', [column('a', 'int4', { primaryKey: true }), column('b', 'text', { primaryKey: true })]))
    expect((await tableSchema('pairs')).primary_keys).toEqual(['a', 'b'])
  })

  it('renames a table', async () => {
    await run(renameTableSql(schema, 'my "odd" table', 'renamed "table"'))
    expect((await tableSchema('renamed "table"')).columns).toHaveLength(7)
  })

  it('adds columns', async () => {
    await run(addColumnSql(schema, 'renamed "table"', column('qty', 'int4', { defaultValue: '1', nullable: false, check: 'qty >= 0' })))
    await run(addColumnSql(schema, 'renamed "table"', column('code', 'text', { unique: true })))
    await run(addColumnSql(schema, 'renamed "table"', column('n', 'smallint', { identity: 'always' })))
    const qty = await columnOf('renamed "table"', 'qty')
    expect(qty).toMatchObject({ data_type: 'integer', default_value: '1', is_nullable: false, check: 'CHECK ((qty >= 0))' })
    expect(await columnOf('renamed "table"', 'code')).toMatchObject({ is_unique: true })
    expect(await columnOf('renamed "table"', 'n')).toMatchObject({ is_identity: true, is_nullable: false })
    const rows = await db.query<{ qty: number; n: number }>(`select qty, n from "my ""odd"" schema"."renamed ""table"""`)
    expect(rows.rows).toEqual([{ qty: 1, n: 1 }])
  })

  it('alters every kind of column property', async () => {
    const table = 'renamed "table"'
    const definition = async (name: string): Promise<ColumnDefinition> => {
      const c = await columnOf(table, name)
      const unique = await constraintName(table, 'u', name)
      const check = await constraintName(table, 'c', name)
      return {
        name: c.name,
        type: c.data_type,
        defaultValue: c.default_value,
        nullable: c.is_nullable,
        unique: unique !== null,
        identity: c.is_identity ? 'always' : null,
        check: c.check,
        uniqueConstraint: unique,
        checkConstraint: check,
      }
    }
    const alter = async (name: string, change: Partial<ColumnDefinition>) => {
      const before = await definition(name)
      const sql = alterColumnSql(schema, table, before, { ...before, ...change })
      expect(sql).not.toBe('')
      await run(sql)
      return columnOf(table, change.name ?? name)
    }

    // Rename, type, default, nullability, unique and check all at once, from text to a number.
    await db.exec(`update "my ""odd"" schema"."renamed ""table""" set code = '42'`)
    expect(await alter('code', { name: 'select', type: 'int8', defaultValue: '7', nullable: false, unique: false, check: '"select" > 0' })).toMatchObject({
      data_type: 'bigint',
      default_value: '7',
      is_nullable: false,
      is_unique: false,
      check: 'CHECK (("select" > 0))',
    })
    // Back: drop default, drop not null, add unique, change the check.
    expect(await alter('select', { defaultValue: null, nullable: true, unique: true, check: '"select" > 1' })).toMatchObject({
      default_value: null,
      is_nullable: true,
      is_unique: true,
      check: 'CHECK (("select" > 1))',
    })
    // Drop the check and unique.
    expect(await alter('select', { check: null, unique: false })).toMatchObject({ check: null, is_unique: false })
    // Identity on, kind change, off.
    expect(await alter('select', { identity: 'by default' })).toMatchObject({ is_identity: true, is_nullable: false })
    const identity = async () =>
      (
        await db.query<{ k: string }>(`select attidentity as k from pg_attribute where attrelid = $1::regclass and attname = 'select'`, [
          `"my ""odd"" schema"."renamed ""table"""`,
        ])
      ).rows[0]!.k
    expect(await identity()).toBe('d')
    await run(
      alterColumnSql(schema, table, { ...(await definition('select')), identity: 'by default' }, { ...(await definition('select')), identity: 'always' }),
    )
    expect(await identity()).toBe('a')
    expect(await alter('select', { identity: null, nullable: true, defaultValue: '3' })).toMatchObject({
      is_identity: false,
      is_nullable: true,
      default_value: '3',
    })
    // An enum column changes to text and back.
    expect(await alter('status', { type: 'text', defaultValue: "'paid'" })).toMatchObject({ data_type: 'text', default_value: "'paid'::text" })
    expect(await alter('status', { type: 'public.order_status', defaultValue: "'new'" })).toMatchObject({
      data_type: 'order_status',
      base_type: 'order_status',
    })
  })

  it('adds a foreign key and drops columns', async () => {
    await run(
      addForeignKeySql(schema, 'renamed "table"', { name: 'qty fk', columns: ['qty'], targetSchema: schema, targetTable: 'select', targetColumns: ['id'] }),
    )
    expect((await tableSchema('renamed "table"')).relationships.map((r) => r.constraint_name).sort()).toEqual(['qty fk', 'to select'])
    await run(dropColumnSql(schema, 'renamed "table"', 'tags'))
    expect((await tableSchema('renamed "table"')).columns.map((c) => c.name)).not.toContain('tags')
    await expect(db.exec(dropColumnSql(schema, 'select', 'id'))).rejects.toThrow()
    await run(dropColumnSql(schema, 'select', 'id', { cascade: true }))
    expect((await tableSchema('renamed "table"')).relationships).toEqual([])
  })

  it('lists a foreign key target’s rows to pick from: by the referenced column, searched in any column, case ignored, no wildcards', async () => {
    await db.exec(`create table ${qualifiedName(schema, 'depots')} (code text primary key, city text, note text);
      insert into ${qualifiedName(schema, 'depots')} values ('OPO', 'Porto', null), ('LIS', 'Lisbon', '50% off'), ('FAO', 'Faro', 'o''brien_x');`)
    const pick = async (search: string, limit = 20) => (await db.query<{ code: string }>(referenceRowsSql({ schema, table: 'depots', column: 'code' }, search, limit))).rows.map((r) => r.code)
    expect(await pick('')).toEqual(['FAO', 'LIS', 'OPO'])
    expect(await pick('  porto ')).toEqual(['OPO'])
    expect(await pick('%')).toEqual(['LIS'])
    expect(await pick('_')).toEqual(['FAO'])
    expect(await pick("o'brien")).toEqual(['FAO'])
    expect(await pick('', 2)).toEqual(['FAO', 'LIS'])
    expect(await pick('nowhere')).toEqual([])
  })

  it('drops tables, with cascade when others depend on them', async () => {
    await db.exec(`create view "my ""odd"" schema".v as select * from "my ""odd"" schema"."renamed ""table"""`)
    await expect(db.exec(dropTableSql(schema, 'renamed "table"'))).rejects.toThrow()
    await run(dropTableSql(schema, 'renamed "table"', { cascade: true }))
    await run(dropTableSql(schema, 'pairs'))
    const { rows } = await db.query<{ relname: string }>(
      `select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 order by 1`,
      [schema],
    )
    expect(rows.map((r) => r.relname)).not.toContain('renamed "table"')
    expect(rows.map((r) => r.relname)).not.toContain('v')
    expect(rows.map((r) => r.relname)).not.toContain('pairs')
  })
})
