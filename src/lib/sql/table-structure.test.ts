import { describe, expect, it } from 'vitest'
import { columnDefinition as column } from '../../test/table-column'
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

  it('enables row level security in the same run when asked', () => {
    expect(createTableSql('public', 'notes', [column('id', 'int8', { primaryKey: true })], [], { rowLevelSecurity: true })).toBe(
      'create table "public"."notes" (\n  "id" int8,\n  primary key ("id")\n);\nalter table "public"."notes" enable row level security;',
    )
    expect(createTableSql('public', 'notes', [column('id', 'int8', { primaryKey: true })])).not.toContain('row level security')
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
