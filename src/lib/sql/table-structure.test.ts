import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TableColumn, TableSchema } from '../../api/schemas/table-editor'
import { tableSchemaSql } from './table-catalog'
import { qualifiedName } from './table-rows'
import {
  addColumnSql,
  addForeignKeySql,
  alterColumnSql,
  createTableSql,
  dropColumnSql,
  dropTableSql,
  renameTableSql,
  validateTypeName,
  type ColumnDefinition,
} from './table-structure'

const column = (name: string, type: string, more: Partial<ColumnDefinition> = {}): ColumnDefinition => ({
  name,
  type,
  defaultValue: null,
  nullable: true,
  unique: false,
  identity: null,
  check: null,
  ...more,
})

describe('validateTypeName', () => {
  it.each([
    'text',
    'int8',
    'bigint',
    'numeric(10,2)',
    'numeric( 10 , 2 )',
    'text[]',
    'int4[][]',
    'integer[3]',
    'timestamptz',
    'varchar(20)',
    'character varying(20)',
    'public.order_status',
    'double precision',
    'timestamp with time zone',
    'timestamp(3) without time zone',
    'time with time zone',
    'interval day to second(3)',
    'bit varying(8)',
    'national character varying(5)',
    'pg_catalog.int4',
    'my_type$1',
  ])('accepts %s', (type) => {
    expect(validateTypeName(type)).toBeNull()
  })

  it.each([
    'text; drop table x',
    'text -- comment',
    'text /* x */',
    '"Quoted"',
    "text default 'x'",
    'text not null',
    'int primary key',
    'a.b.c',
    'numeric(10,',
    '1abc',
    'text[',
    'int)',
  ])('rejects %s', (type) => {
    expect(validateTypeName(type)).toBe(`Not a type name: "${type}"`)
  })

  it('asks for a type when there is none', () => {
    expect(validateTypeName('  ')).toBe('The type is missing')
  })
})

describe('createTableSql', () => {
  it('writes columns, a primary key and foreign keys, one per line', () => {
    const sql = createTableSql(
      'my "odd" schema',
      'select',
      [
        column('id', 'bigint', { identity: 'always', primaryKey: true, nullable: false, unique: true }),
        column('order', 'int8', { nullable: false }),
        column('price', 'numeric(10,2)', { defaultValue: ' 0 ', check: 'price >= 0', unique: true }),
        column('tags', 'text[]', { defaultValue: "'{}'" }),
        column('status', 'public.order_status', { defaultValue: '' }),
      ],
      [
        {
          name: 'order fk',
          columns: ['order'],
          targetSchema: 'public',
          targetTable: 'orders',
          targetColumns: ['id'],
          onDelete: 'cascade',
          onUpdate: 'no action',
        },
      ],
    )
    expect(sql).toBe(`create table "my ""odd"" schema"."select" (
  "id" bigint generated always as identity not null,
  "order" int8 not null,
  "price" numeric(10,2) default 0 unique check (price >= 0),
  "tags" text[] default '{}',
  "status" public.order_status,
  primary key ("id"),
  constraint "order fk" foreign key ("order") references "public"."orders" ("id") on delete cascade
);`)
  })

  it('writes a composite primary key and keeps unique on its columns', () => {
    expect(createTableSql('s', 't', [column('a', 'int', { primaryKey: true, unique: true }), column('b', 'text', { primaryKey: true })])).toBe(
      'create table "s"."t" (\n  "a" int unique,\n  "b" text,\n  primary key ("a", "b")\n);',
    )
  })

  it('refuses what cannot work, with a clear reason', () => {
    expect(() => createTableSql('s', 't', [])).toThrow('Table "t" needs at least one column')
    expect(() => createTableSql('s', ' ', [column('a', 'int')])).toThrow('The table needs a name')
    expect(() => createTableSql('s', 't', [column(' ', 'int')])).toThrow('Every column needs a name')
    expect(() => createTableSql('s', 't', [column('a', 'int'), column('a', 'text')])).toThrow('There are two columns named "a"')
    expect(() => createTableSql('s', 't', [column('a', 'text; drop table x')])).toThrow('Column "a" has a bad type. Not a type name: "text; drop table x"')
    expect(() => createTableSql('s', 't', [column('a', '')])).toThrow('Column "a" needs a type')
    expect(() => createTableSql('s', 't', [column('a', 'text', { identity: 'always' })])).toThrow(
      'Column "a" cannot be an identity column: identity needs smallint, integer or bigint, not text',
    )
    expect(() => createTableSql('s', 't', [column('a', 'int8', { identity: 'by default', defaultValue: '1' })])).toThrow(
      'Column "a" cannot have both a default value and identity',
    )
    const fk = { columns: ['a'], targetSchema: 's', targetTable: 'u', targetColumns: ['x', 'y'] }
    expect(() => createTableSql('s', 't', [column('a', 'int')], [fk])).toThrow('1 column(s) reference 2 column(s) of "u"')
    expect(() => createTableSql('s', 't', [column('a', 'int')], [{ ...fk, columns: ['b'], targetColumns: ['x'] }])).toThrow(
      'The foreign key uses column "b", which is not a column of this table',
    )
  })

  it.each([
    ['0; drop table x', 'must be a single expression without ";"'],
    ['0 -- x', 'cannot contain a comment'],
    ["'abc", 'has an unclosed quote or comment'],
    ['0 /* x', 'has an unclosed quote or comment'],
    ['(0', 'has an opening bracket that is never closed'],
    ['0), "b" int', 'has a closing bracket without an opening one'],
    ['0, "b" int', 'must be a single expression, not a list'],
  ])('refuses the default %s', (defaultValue, message) => {
    expect(() => createTableSql('s', 't', [column('a', 'int', { defaultValue })])).toThrow(`The default of column "a" ${message}`)
  })

  it('accepts expressions with strings, brackets and commas inside', () => {
    expect(addColumnSql('s', 't', column('a', 'text', { defaultValue: "concat('a;b', '--', ')')", check: "a in ('x', 'y')" }))).toBe(
      `alter table "s"."t" add column "a" text default concat('a;b', '--', ')') check (a in ('x', 'y'));`,
    )
  })
})

describe('small statements', () => {
  it('renames, drops and adds', () => {
    expect(renameTableSql('s', 'old "one"', 'new')).toBe('alter table "s"."old ""one""" rename to "new";')
    expect(renameTableSql('s', 'same', 'same')).toBe('')
    expect(() => renameTableSql('s', 'a', '')).toThrow('The table needs a name')
    expect(dropTableSql('s', 't')).toBe('drop table "s"."t";')
    expect(dropTableSql('s', 't', { cascade: true })).toBe('drop table "s"."t" cascade;')
    expect(dropColumnSql('s', 't', 'order')).toBe('alter table "s"."t" drop column "order";')
    expect(dropColumnSql('s', 't', 'order', { cascade: true })).toBe('alter table "s"."t" drop column "order" cascade;')
    expect(addColumnSql('s', 't', column('id', 'int8', { primaryKey: true, identity: 'by default', unique: true }))).toBe(
      'alter table "s"."t" add column "id" int8 generated by default as identity primary key;',
    )
    expect(addColumnSql('s', 't', column('n', 'text', { nullable: false, unique: true, defaultValue: "''" }))).toBe(
      `alter table "s"."t" add column "n" text default '' not null unique;`,
    )
  })

  it('adds foreign keys', () => {
    expect(
      addForeignKeySql('s', 't', {
        columns: ['a', 'b'],
        targetSchema: 'o',
        targetTable: 'u',
        targetColumns: ['x', 'y'],
        onDelete: 'set null',
        onUpdate: 'restrict',
      }),
    ).toBe('alter table "s"."t" add foreign key ("a", "b") references "o"."u" ("x", "y") on delete set null on update restrict;')
    expect(() => addForeignKeySql('s', 't', { columns: [], targetSchema: 'o', targetTable: 'u', targetColumns: [] })).toThrow(
      'A foreign key needs at least one column',
    )
    expect(() => addForeignKeySql('s', 't', { columns: ['a'], targetSchema: 'o', targetTable: 'u', targetColumns: [] })).toThrow(
      'A foreign key needs as many referenced columns as columns',
    )
    expect(() =>
      addForeignKeySql('s', 't', { columns: ['a'], targetSchema: 'o', targetTable: 'u', targetColumns: ['x'], onDelete: 'explode' as 'cascade' }),
    ).toThrow('Unknown on delete action "explode"')
  })
})

describe('alterColumnSql', () => {
  const base = column('price', 'numeric(10,2)')
  const t = 'alter table "s"."t"'

  it('is empty when nothing differs, also for another spelling of the same type', () => {
    expect(alterColumnSql('s', 't', base, { ...base })).toBe('')
    expect(alterColumnSql('s', 't', column('a', 'bigint'), column('a', 'int8'))).toBe('')
    expect(alterColumnSql('s', 't', column('a', 'character varying(20)[]'), column('a', 'varchar(20)[]'))).toBe('')
    expect(alterColumnSql('s', 't', column('a', 'text', { defaultValue: '' }), column('a', 'text', { defaultValue: null }))).toBe('')
  })

  it.each<[string, Partial<ColumnDefinition>, Partial<ColumnDefinition>, string[]]>([
    ['renames', {}, { name: 'cost' }, [`rename column "price" to "cost"`]],
    ['changes the type', {}, { type: 'int8' }, [`alter column "price" type int8 using "price"::int8`]],
    ['sets a default', {}, { defaultValue: '0' }, [`alter column "price" set default 0`]],
    ['changes a default', { defaultValue: '0' }, { defaultValue: '1' }, [`alter column "price" set default 1`]],
    ['drops a default', { defaultValue: '0' }, { defaultValue: '' }, [`alter column "price" drop default`]],
    ['sets not null', {}, { nullable: false }, [`alter column "price" set not null`]],
    ['drops not null', { nullable: false }, {}, [`alter column "price" drop not null`]],
    ['adds unique', {}, { unique: true }, [`add unique ("price")`]],
    ['drops unique', { unique: true, uniqueConstraint: 't_price_key' }, {}, [`drop constraint "t_price_key"`]],
    ['adds a check', {}, { check: 'price > 0' }, [`add check (price > 0)`]],
    ['drops a check', { check: 'price > 0', checkConstraint: 't_price_check' }, { check: ' ' }, [`drop constraint "t_price_check"`]],
    [
      'changes a check',
      { check: 'price > 0', checkConstraint: 't_price_check' },
      { check: 'price >= 0' },
      [`drop constraint "t_price_check"`, `add check (price >= 0)`],
    ],
  ])('%s', (_, beforeMore, afterMore, actions) => {
    expect(alterColumnSql('s', 't', { ...base, ...beforeMore }, { ...base, ...afterMore })).toBe(actions.map((a) => `${t} ${a};`).join('\n'))
  })

  it('adds, changes and drops identity', () => {
    const id = column('id', 'bigint', { nullable: false })
    expect(alterColumnSql('s', 't', id, { ...id, identity: 'always' })).toBe(`${t} alter column "id" add generated always as identity;`)
    // Identity needs not null: a nullable column gets it first.
    expect(alterColumnSql('s', 't', { ...id, nullable: true }, { ...id, nullable: true, identity: 'by default' })).toBe(
      `${t} alter column "id" set not null;\n${t} alter column "id" add generated by default as identity;`,
    )
    expect(alterColumnSql('s', 't', { ...id, identity: 'always' }, { ...id, identity: 'by default' })).toBe(`${t} alter column "id" set generated by default;`)
    expect(alterColumnSql('s', 't', { ...id, identity: 'always' }, { ...id, nullable: true, defaultValue: '0' })).toBe(
      [`${t} alter column "id" drop identity if exists;`, `${t} alter column "id" set default 0;`, `${t} alter column "id" drop not null;`].join('\n'),
    )
    expect(() => alterColumnSql('s', 't', column('a', 'text'), column('a', 'text', { identity: 'always' }))).toThrow(
      'identity needs smallint, integer or bigint',
    )
    expect(() => alterColumnSql('s', 't', id, { ...id, identity: 'always', defaultValue: '1' })).toThrow('both a default value and identity')
  })

  it('orders every kind of change so each statement stays valid', () => {
    const before = column('price', 'text', { defaultValue: "'abc'", unique: true, uniqueConstraint: 'u1', check: "price <> ''", checkConstraint: 'c1' })
    const after = column('cost', 'int4', { defaultValue: '0', nullable: false, check: 'cost > 0' })
    expect(alterColumnSql('s', 't', before, after).split('\n')).toEqual([
      `${t} rename column "price" to "cost";`,
      `${t} drop constraint "c1";`,
      `${t} drop constraint "u1";`,
      `${t} alter column "cost" drop default;`,
      `${t} alter column "cost" type int4 using "cost"::int4;`,
      `${t} alter column "cost" set default 0;`,
      `${t} alter column "cost" set not null;`,
      `${t} add check (cost > 0);`,
    ])
  })

  it('needs constraint names to drop constraints', () => {
    expect(() => alterColumnSql('s', 't', { ...base, unique: true }, base)).toThrow(
      'Cannot drop the unique constraint of column "price": its constraint name is not known',
    )
    expect(() => alterColumnSql('s', 't', { ...base, check: 'price > 0' }, base)).toThrow(
      'Cannot drop the check of column "price": its constraint name is not known',
    )
    expect(() => alterColumnSql('s', 't', base, { ...base, name: '' })).toThrow('Every column needs a name')
    expect(() => alterColumnSql('s', 't', base, { ...base, type: 'int;' })).toThrow('Not a type name: "int;"')
  })
})

describe('on Postgres', () => {
  const schema = 'my "odd" schema'
  let db: PGlite

  beforeAll(async () => {
    db = await PGlite.create()
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
