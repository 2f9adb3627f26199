import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmptyDatabase } from '../../../mock-platform/postgres/initial-data-node'
import { createPGliteDatabase } from '../../../mock-platform/postgres/pglite-database'
import type { ProjectDatabase } from '../../../mock-platform/postgres/types'
import type { TableColumn, TableSchema } from '../../api/schemas/table-editor'
import { tableColumn } from '../../test/table-column'
import { deleteRowsSql, existingKeysSql, inputLiteral, insertRowSql, insertRowsSql, updateRowSql, valueToInput, type CellInput, type EditableColumn } from './row-edits'
import { tableSchemaSql } from './table-catalog'

const col = (name: string, data_type: string, base_type: string, type_category: string): EditableColumn => ({ name, data_type, base_type, type_category })
const text = (t: string): CellInput => ({ kind: 'text', text: t })

const TEXT = col('name', 'text', 'text', 'S')
const INT4 = col('n', 'integer', 'int4', 'N')
const JSONB = col('doc', 'jsonb', 'jsonb', 'U')
const TEXTS = col('tags', 'text[]', '_text', 'A')
const INTS = col('nums', 'integer[]', '_int4', 'A')
const JSONBS = col('docs', 'jsonb[]', '_jsonb', 'A')
const VARCHAR = col('code', 'character varying(5)', 'varchar', 'S')
const CHARS = col('codes', 'character(2)[]', '_bpchar', 'A')
const ENUM = col('status', 'public.order_status', 'order_status', 'E')

describe('inputLiteral', () => {
  it.each<[CellInput, EditableColumn, string]>([
    [{ kind: 'null' }, TEXT, 'NULL'],
    [{ kind: 'default' }, TEXT, 'DEFAULT'],
    [text(''), TEXT, "''::text"],
    [text("O'Brien"), TEXT, "'O''Brien'::text"],
    [text('a\\b'), TEXT, "E'a\\\\b'::text"],
    [text('42'), INT4, "'42'::integer"],
    [text('{"a": [1, 2]}'), JSONB, `'{"a": [1, 2]}'::jsonb`],
    [text('[1, 2]'), JSONB, `'[1, 2]'::jsonb`],
    [text('paid'), ENUM, "'paid'::public.order_status"],
    // Cast without the length, so the column reports too long text instead of the cast cutting it.
    [text('abcdef'), VARCHAR, "'abcdef'::varchar"],
    [text('["ab"]'), CHARS, `'{"ab"}'::bpchar[]`],
    [text('["a", "b"]'), TEXTS, `'{"a","b"}'::text[]`],
    [text('[]'), TEXTS, `'{}'::text[]`],
    [text('[null, "NULL", "", "a,b", "q\\"q", "x\\\\y", " sp "]'), TEXTS, `E'{NULL,"NULL","","a,b","q\\\\"q","x\\\\\\\\y"," sp "}'::text[]`],
    [text('[[1, 2], [3, null]]'), INTS, `'{{"1","2"},{"3",NULL}}'::integer[]`],
    [text('{a,b}'), TEXTS, `'{a,b}'::text[]`],
    [text('[1:2]={1,2}'), INTS, `'[1:2]={1,2}'::integer[]`],
    [text('[{"a": 1}, "s", null]'), JSONBS, `E'{"{\\\\"a\\\\":1}","\\\\"s\\\\"",NULL}'::jsonb[]`],
  ])('%j as %j', (input, column, literal) => {
    expect(inputLiteral(input, column)).toBe(literal)
  })
})

describe('valueToInput', () => {
  it.each<[unknown, EditableColumn, CellInput]>([
    [null, TEXT, { kind: 'null' }],
    [undefined, TEXT, { kind: 'null' }],
    ['', TEXT, text('')],
    [42, INT4, text('42')],
    [false, col('b', 'boolean', 'bool', 'B'), text('false')],
    ['9007199254740993', col('b', 'bigint', 'int8', 'N'), text('9007199254740993')],
    [['a', null], TEXTS, text('["a",null]')],
    [{ a: [1] }, JSONB, text('{\n  "a": [\n    1\n  ]\n}')],
    ['just text', JSONB, text('"just text"')],
    [7, JSONB, text('7')],
    ['2026-11-01T12:00:00.5+00:00', col('t', 'timestamp with time zone', 'timestamptz', 'D'), text('2026-11-01T12:00:00.5+00:00')],
  ])('%j', (value, column, input) => {
    expect(valueToInput(value, column)).toEqual(input)
  })
})

describe('row statements', () => {
  const columns = [TEXT, INT4, JSONB]

  it('inserts given values and lets the rest take their defaults', () => {
    expect(insertRowSql('my schema', 'select', columns, { n: text('1'), name: { kind: 'null' }, doc: { kind: 'default' } })).toBe(
      `insert into "my schema"."select" ("name", "n") values (NULL, '1'::integer) returning *`,
    )
    expect(insertRowSql('s', 't', columns, {})).toBe('insert into "s"."t" default values returning *')
    expect(insertRowSql('s', 't', columns, { doc: { kind: 'default' } })).toBe('insert into "s"."t" default values returning *')
    expect(() => insertRowSql('s', 't', columns, { nope: text('') })).toThrow('Table "t" has no column "nope"')
  })

  it('updates by key', () => {
    expect(updateRowSql('s', 't', { id: 5, order: "it's" }, { name: text(''), n: { kind: 'null' }, doc: { kind: 'default' } }, columns)).toBe(
      `update "s"."t" set "name" = ''::text, "n" = NULL, "doc" = DEFAULT where "id" = 5 and "order" = 'it''s' returning *`,
    )
    expect(() => updateRowSql('s', 't', {}, { n: text('1') }, columns)).toThrow('Cannot update a row of "t" without its key')
    expect(() => updateRowSql('s', 't', { id: 1 }, {}, columns)).toThrow('There are no changes to save')
    expect(() => updateRowSql('s', 't', { id: null }, { n: text('1') }, columns)).toThrow('The row to update has no value for its key column "id"')
    expect(() => updateRowSql('s', 't', { id: 1 }, { x: text('1') }, columns)).toThrow('Table "t" has no column "x"')
  })

  it('deletes by single and composite keys', () => {
    expect(deleteRowsSql('s', 't', ['id'], [{ id: 1 }, { id: '9007199254740993' }])).toBe(`delete from "s"."t" where "id" in (1, '9007199254740993')`)
    expect(
      deleteRowsSql(
        's',
        't',
        ['a', 'b'],
        [
          { a: 1, b: 'x' },
          { a: 2, b: 'y' },
        ],
      ),
    ).toBe(`delete from "s"."t" where ("a", "b") in ((1, 'x'), (2, 'y'))`)
    expect(() => deleteRowsSql('s', 't', ['id'], [])).toThrow('There are no rows to delete')
    expect(() => deleteRowsSql('s', 't', [], [{}])).toThrow('Cannot delete rows of "t" without a key')
    expect(() => deleteRowsSql('s', 't', ['a', 'b'], [{ a: 1 }])).toThrow('A row to delete has no value for its key column "b"')
  })

  it('looks up which rows of a list are still there, by single and composite keys', () => {
    expect(existingKeysSql('s', 't', ['id'], [{ id: 1 }, { id: 'x' }])).toBe(`select "id" from "s"."t" where "id" in (1, 'x')`)
    expect(existingKeysSql('s', 't', ['a', 'b'], [{ a: 1, b: 'x' }])).toBe(`select "a", "b" from "s"."t" where ("a", "b") in ((1, 'x'))`)
    expect(() => existingKeysSql('s', 't', ['id'], [])).toThrow('There are no rows to look up')
    expect(() => existingKeysSql('s', 't', [], [{}])).toThrow('without a key')
    expect(() => existingKeysSql('s', 't', ['id'], [{ id: null }])).toThrow('A row to look up has no value for its key column "id"')
  })

  it('inserts a CSV batch', () => {
    expect(
      insertRowsSql(
        's',
        't',
        [TEXT, INT4],
        [
          ['a', '1'],
          ['', null],
        ],
      ),
    ).toBe(`insert into "s"."t" ("name", "n") values\n  ('a'::text, '1'::integer),\n  (''::text, NULL)`)
    expect(() => insertRowsSql('s', 't', [TEXT], [])).toThrow('There are no rows to import')
    expect(() => insertRowsSql('s', 't', [], [[]])).toThrow('Choose at least one column to import')
    expect(() => insertRowsSql('s', 't', [TEXT, INT4], [['a', '1'], ['b']])).toThrow('Row 2 has 1 values, but 2 columns are imported')
  })
})

describe('on Postgres', () => {
  const schema = 'my "odd" schema'
  const table = `"my ""odd"" schema"."select"`
  let pg: PGlite
  let db: ProjectDatabase
  let columns: TableColumn[]

  beforeAll(async () => {
    pg = await startEmptyDatabase()
    // Rows come back decoded as the server sends them to Studio (not as PGlite parses them).
    db = createPGliteDatabase(pg)
    await db.exec(`create schema "my ""odd"" schema";
      create type public.order_status as enum ('new', 'paid', 'it''s');
      create table ${table} (
        id int4 generated by default as identity primary key,
        "order" text default 'none',
        n int4, big int8, price numeric(10,2), ok bool, day date, at timestamptz, local timestamp,
        doc jsonb, tags text[], nums int4[], docs jsonb[], uid uuid, status public.order_status, raw bytea, code varchar(5)
      );
      create table "my ""odd"" schema".pairs (a int4, b text, primary key (a, b));`)
    const { rows } = await db.query(`select $1::regclass::oid::int4 as id`, [table])
    const schemaRows = await db.query(tableSchemaSql(rows[0]!['id'] as number))
    columns = (schemaRows.rows[0]!['table'] as TableSchema).columns
  })
  afterAll(async () => {
    await db.close()
  })

  const sample: Record<string, string> = {
    order: `O'Brien \\ "quoted"\nline`,
    n: '-42',
    big: '9007199254740993',
    price: '12345678.90',
    ok: 'false',
    day: '2024-02-29',
    at: '2026-11-01 12:00:00.123456+02',
    local: '2026-11-01T12:00:00.5',
    doc: '{"a": [1, "two", null], "é": {"b": true}, "s": "x\\\\y"}',
    tags: '["a,b", "q\\"q", null, "NULL", "", "back\\\\slash", "{}"]',
    nums: '[[1, 2], [3, null]]',
    docs: '[{"a": 1}, [2], "s", null]',
    uid: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
    status: "it's",
    raw: '\\x00ff10',
    code: 'abc',
  }

  it('inserts a row of every kind from text', async () => {
    const values = Object.fromEntries(Object.entries(sample).map(([name, value]) => [name, text(value)]))
    const [inserted] = (await db.exec(insertRowSql(schema, 'select', columns, values)))[0]!.rows
    expect(inserted).toMatchObject({
      id: 1,
      order: sample['order'],
      n: -42,
      big: '9007199254740993',
      price: '12345678.90',
      ok: false,
      day: '2024-02-29',
      at: '2026-11-01T10:00:00.123456+00:00',
      local: '2026-11-01T12:00:00.5',
      doc: { a: [1, 'two', null], é: { b: true }, s: 'x\\y' },
      tags: ['a,b', 'q"q', null, 'NULL', '', 'back\\slash', '{}'],
      nums: [
        [1, 2],
        [3, null],
      ],
      docs: [{ a: 1 }, [2], 's', null],
      uid: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
      status: "it's",
      raw: '\\x00ff10',
      code: 'abc',
    })
    const [defaults] = (await db.exec(insertRowSql(schema, 'select', columns, {})))[0]!.rows
    expect(defaults).toMatchObject({ id: 2, order: 'none', n: null })
  })

  it('reports too long text instead of cutting it', async () => {
    await expect(db.exec(insertRowSql(schema, 'select', columns, { code: text('abcdef') }))).rejects.toThrow('value too long')
  })

  it('round trips every value: row value → editor text → literal → the same value', async () => {
    // Row 1 has a value in every column, row 2 mostly NULLs.
    for (const id of [1, 2]) {
      const [row] = (await db.query(`select * from ${table} where id = ${id}`)).rows
      for (const column of columns) {
        const literal = inputLiteral(valueToInput(row![column.name], column), column)
        const { rows } = await db.query(`select ${JSON.stringify(column.name)} is not distinct from ${literal} as same from ${table} where id = ${id}`)
        expect([id, column.name, rows[0]!['same']]).toEqual([id, column.name, true])
      }
    }
  })

  it('tells NULL from the empty string on update', async () => {
    const sql = updateRowSql(schema, 'select', { id: 1 }, { order: text(''), tags: { kind: 'null' }, n: { kind: 'default' } }, columns)
    const [updated] = (await db.exec(sql))[0]!.rows
    expect(updated).toMatchObject({ id: 1, order: '', tags: null, n: null })
    const { rows } = await db.query(`select "order" = '' as empty, "order" is null as order_null, tags is null as tags_null from ${table} where id = 1`)
    expect(rows[0]).toEqual({ empty: true, order_null: false, tags_null: true })
  })

  it('imports a CSV batch', async () => {
    const batch = ['order', 'n', 'tags', 'status'].map((name) => columns.find((c) => c.name === name)!)
    await db.exec(
      insertRowsSql(schema, 'select', batch, [
        ['', '1', '{x,y}', 'new'],
        [null, null, '["z"]', null],
      ]),
    )
    const { rows } = await db.query(`select "order", n, tags, status from ${table} where id > 2 order by id`)
    expect(rows).toEqual([
      { order: '', n: 1, tags: ['x', 'y'], status: 'new' },
      { order: null, n: null, tags: ['z'], status: null },
    ])
  })

  it('an empty field in a NOT NULL column with a default takes the default, elsewhere it is NULL', async () => {
    await db.exec(`create table ${table.replace('"select"', '"defaults"')} (id int generated always as identity primary key, label text not null default 'unnamed', note text default 'kept empty')`)
    const batch = [
      tableColumn('id', { data_type: 'integer', base_type: 'int4', type_category: 'N', is_identity: true, is_nullable: false }),
      tableColumn('label', { is_nullable: false, default_value: "'unnamed'::text" }),
      tableColumn('note', { default_value: "'kept empty'::text" }),
    ]
    const sql = insertRowsSql(schema, 'defaults', batch, [
      [null, null, null],
      [null, 'named', 'x'],
    ])
    expect(sql).toContain('(DEFAULT, DEFAULT, NULL)')
    await db.exec(sql)
    const { rows } = await db.query(`select id, label, note from ${table.replace('"select"', '"defaults"')} order by id`)
    expect(rows).toEqual([
      { id: 1, label: 'unnamed', note: null },
      { id: 2, label: 'named', note: 'x' },
    ])
  })

  it('deletes rows by a composite key', async () => {
    await db.exec(`insert into "my ""odd"" schema".pairs values (1, 'x'), (1, 'y'), (2, 'x'), (2, 'it''s')`)
    const result = await db.exec(
      deleteRowsSql(
        schema,
        'pairs',
        ['a', 'b'],
        [
          { a: 1, b: 'y' },
          { a: 2, b: "it's" },
        ],
      ),
    )
    expect(result[0]!.affectedRows).toBe(2)
    const { rows } = await db.query(`select a, b from "my ""odd"" schema".pairs order by a, b`)
    expect(rows).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: 'x' },
    ])
    await db.exec(deleteRowsSql(schema, 'select', ['id'], [{ id: 1 }, { id: 2 }]))
    expect((await db.query(`select count(*)::int4 as n from ${table} where id in (1, 2)`)).rows[0]).toEqual({ n: 0 })
  })
})
