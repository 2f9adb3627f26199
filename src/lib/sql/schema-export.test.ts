import { describe, expect, it } from 'vitest'
import type { SchemaGraph } from '../../api/schemas/schema-graph'
import { schemaDefinitionSql } from './schema-export'

const col = (name: string, type: string, more: Partial<SchemaGraph['tables'][number]['columns'][number]> = {}) => ({ name, type, nullable: true, default: null, generated: null, identity: null, comment: null, ...more })

const graph: SchemaGraph = {
  schema: 'My "shop"',
  exists: true,
  enums: [{ name: 'mood', values: ['ok', "it's"] }],
  tables: [
    {
      id: 2,
      name: 'select',
      type: 'table',
      comment: "Keyword 'name'",
      definition: null,
      columns: [
        col('id', 'integer', { nullable: false, default: `nextval('"My ""shop""".select_id_seq'::regclass)` }),
        col('Big', 'bigint', { nullable: false, identity: 'always' }),
        col('twice', 'integer', { generated: '(id * 2)' }),
        col('note', 'text', { default: "'x'::text", comment: 'A note' }),
        col('parent', 'integer'),
      ],
      primary_key: ['id'],
      constraints: [{ name: 'select_note_check', kind: 'check', definition: 'CHECK ((note <> \'\'::text))', columns: ['note'] }],
    },
    { id: 9, name: 'later view', type: 'view', comment: null, definition: ' SELECT 1 AS one;', columns: [col('one', 'integer')], primary_key: [], constraints: [] },
    { id: 5, name: 'first view', type: 'materialized_view', comment: null, definition: ' SELECT 2 AS two;', columns: [col('two', 'integer')], primary_key: [], constraints: [] },
    { id: 7, name: 'stripe', type: 'foreign_table', comment: null, definition: null, columns: [], primary_key: [], constraints: [] },
  ],
  foreign_keys: [
    { name: 'select_parent_fkey', source_id: 2, source_columns: ['parent'], target_id: 2, target_schema: 'My "shop"', target_name: 'select', target_columns: ['id'], on_delete: 'set null', on_update: 'no action' },
  ],
}

describe('schemaDefinitionSql', () => {
  const sql = schemaDefinitionSql(graph)

  it('makes the schema, its enums, its tables with keys and checks, each name quoted', () => {
    expect(sql).toContain('create schema if not exists "My ""shop""";')
    expect(sql).toContain(`create type "My ""shop"""."mood" as enum ('ok', 'it''s');`)
    expect(sql).toContain(`create table "My ""shop"""."select" (\n  "id" serial not null,\n  "Big" bigint generated always as identity,\n  "twice" integer generated always as ((id * 2)) stored,\n  "note" text default 'x'::text,\n  "parent" integer,\n  primary key ("id"),\n  constraint "select_note_check" CHECK ((note <> ''::text))\n);`)
  })

  it('adds the foreign keys after every table, with their actions', () => {
    expect(sql).toContain(`alter table "My ""shop"""."select" add constraint "select_parent_fkey" foreign key ("parent") references "My ""shop"""."select" ("id") on delete set null;`)
    expect(sql.indexOf('alter table')).toBeGreaterThan(sql.indexOf('create table'))
  })

  it('makes the views in the order they were made, then the comments; a foreign table is only named', () => {
    expect(sql.indexOf('create materialized view "My ""shop"""."first view" as\nSELECT 2 AS two;')).toBeGreaterThan(0)
    expect(sql.indexOf('create materialized view')).toBeLessThan(sql.indexOf('create view "My ""shop"""."later view"'))
    expect(sql).toContain(`comment on table "My ""shop"""."select" is 'Keyword ''name''';`)
    expect(sql).toContain(`comment on column "My ""shop"""."select"."note" is 'A note';`)
    expect(sql).toContain(`-- foreign table "My ""shop"""."stripe"`)
    expect(sql.startsWith(`-- The schema "My ""shop""": 1 table, 2 views, 1 foreign key, 1 enum.`)).toBe(true)
  })
})
