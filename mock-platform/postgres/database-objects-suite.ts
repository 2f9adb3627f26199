/**
 * The Database area's object screens' SQL (enumerated types, …) run on a seeded database, with
 * names that need quoting (part of `database-suite.ts`): each statement the screens build does what
 * it says, and the catalog reads read it back.
 */
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { ColumnDependentsAnswerSchema, DatabaseFunctionsAnswerSchema, DatabaseTablesAnswerSchema, DatabaseIndexesAnswerSchema, DatabaseRolesAnswerSchema, DatabaseTriggersAnswerSchema, EnumTypesAnswerSchema, MigrationsAnswerSchema, PublicationsAnswerSchema } from '../../src/api/schemas/database-objects.ts'
import { EXCLUDED_SCHEMAS } from '../../src/constants/platform.ts'
import { addEnumValueSql, createEnumSql, dropEnumSql, enumTypesSql, renameEnumValueSql } from '../../src/lib/sql/enum-types.ts'
import { databaseTablesSql } from '../../src/lib/sql/database-tables.ts'
import { createFunctionSql, dropFunctionSql, functionsSql, type FunctionDefinition } from '../../src/lib/sql/functions.ts'
import { createIndexSql, dropIndexSql, indexesSql, type IndexDefinition } from '../../src/lib/sql/indexes.ts'
import { migrationsSql, migrationsTableSql } from '../../src/lib/sql/migrations.ts'
import { createPublicationSql, dropPublicationSql, publicationsSql, setPublicationTableSql } from '../../src/lib/sql/publications.ts'
import { sqlIdent } from '../../src/lib/sql/quote.ts'
import { columnDependentsSql, dropColumnSql } from '../../src/lib/sql/table-structure.ts'
import { alterRoleSql, createRoleSql, dropRoleSql, rolesSql, type RoleDefinition } from '../../src/lib/sql/roles.ts'
import { createTriggerSql, dropTriggerSql, setTriggerEnabledSql, triggersSql, type TriggerDefinition } from '../../src/lib/sql/triggers.ts'
import { runPgMetaQuery } from './query.ts'
import type { ProjectDatabase } from './types.ts'

/** A schema whose name needs quoting: a quote, a space, mixed case, non-ASCII. */
export const ODD_SCHEMA = 'Objets "spéciaux"'

export function describeDatabaseObjectsSuite(database: () => ProjectDatabase): void {
  describe('database objects: enumerated types', () => {
    let db: ProjectDatabase
    beforeAll(() => {
      db = database()
    })
    const types = async () => v.parse(EnumTypesAnswerSchema, await runPgMetaQuery(db, { query: enumTypesSql(EXCLUDED_SCHEMAS) }))
    const typeNamed = async (schema: string, name: string) => (await types()).find((t) => t.schema === schema && t.name === name)

    it('lists the seeded enum with its values in order and the columns that use it', async () => {
      const status = await typeNamed('public', 'order_status')
      expect(status?.values).toEqual(['pending', 'paid', 'shipped', 'delivered', 'cancelled'])
      expect(status?.used_by.map((c) => `${c.schema}.${c.table}.${c.column}`)).toContain('public.orders.status')
      expect((await types()).some((t) => t.schema.startsWith('pg_') || t.schema === 'information_schema')).toBe(false)
    })

    it('creates a type, adds values before and after, renames one, sees an array column use it, and drops it with its columns', async () => {
      const name = 'Mood "x" ü'
      await db.exec(`drop schema if exists ${sqlIdent(ODD_SCHEMA)} cascade; create schema ${sqlIdent(ODD_SCHEMA)};`)
      try {
        await db.exec(createEnumSql(ODD_SCHEMA, name, ['ok', "it's fine"]))
        await db.exec(addEnumValueSql(ODD_SCHEMA, name, 'first', ['ok', "it's fine"], { at: 'before', label: 'ok' }))
        await db.exec(addEnumValueSql(ODD_SCHEMA, name, 'middle', ['first', 'ok', "it's fine"], { at: 'after', label: 'ok' }))
        await db.exec(addEnumValueSql(ODD_SCHEMA, name, 'last', ['first', 'ok', 'middle', "it's fine"], { at: 'end' }))
        await db.exec(renameEnumValueSql(ODD_SCHEMA, name, "it's fine", 'fine', ['first', 'ok', 'middle', "it's fine", 'last']))
        await db.exec(`create table ${sqlIdent(ODD_SCHEMA)}.${sqlIdent('Mood log')} (moods ${sqlIdent(ODD_SCHEMA)}.${sqlIdent(name)}[], one ${sqlIdent(ODD_SCHEMA)}.${sqlIdent(name)})`)
        const made = await typeNamed(ODD_SCHEMA, name)
        expect(made?.values).toEqual(['first', 'ok', 'middle', 'fine', 'last'])
        expect(made?.used_by.map((c) => c.column)).toEqual(['moods', 'one'])

        await expect(db.exec(dropEnumSql(ODD_SCHEMA, name, false))).rejects.toThrow(/depend/)
        await db.exec(dropEnumSql(ODD_SCHEMA, name, true))
        expect(await typeNamed(ODD_SCHEMA, name)).toBeUndefined()
        const { rows } = await db.query(`select count(*)::int as n from pg_attribute where attrelid = '${sqlIdent(ODD_SCHEMA).replaceAll("'", "''")}.${sqlIdent('Mood log')}'::regclass and attnum > 0 and not attisdropped`)
        expect(rows[0]?.['n']).toBe(0)
      } finally {
        await db.exec(`drop schema if exists ${sqlIdent(ODD_SCHEMA)} cascade;`)
      }
    })
  })
  describe('database objects: indexes', () => {
    let db: ProjectDatabase
    beforeAll(() => {
      db = database()
    })
    const indexes = async () => v.parse(DatabaseIndexesAnswerSchema, await runPgMetaQuery(db, { query: indexesSql(EXCLUDED_SCHEMAS) }))
    const table = 'Order "lines"'
    const base: IndexDefinition = { schema: ODD_SCHEMA, table, name: '', method: 'btree', unique: false, columns: [], expression: '', predicate: '', concurrently: false }

    it('lists the seeded primary keys as constraint indexes, with their keys, method and size', async () => {
      const pkey = (await indexes()).find((i) => i.schema === 'public' && i.name === 'customers_pkey')
      expect(pkey).toMatchObject({ table: 'customers', method: 'btree', is_primary: true, is_unique: true, is_valid: true, constraint_name: 'customers_pkey', columns: ['id'] })
      expect(pkey!.size_bytes).toBeGreaterThan(0)
    })

    it('creates indexes on columns, on an expression, partial, unique and concurrently, reads them back, and drops them', async () => {
      await db.exec(`drop schema if exists ${sqlIdent(ODD_SCHEMA)} cascade; create schema ${sqlIdent(ODD_SCHEMA)};
        create table ${sqlIdent(ODD_SCHEMA)}.${sqlIdent(table)} (id int primary key, ${sqlIdent('Ünit "name"')} text, qty int, tags text[]);`)
      try {
        await db.exec(createIndexSql({ ...base, columns: ['Ünit "name"', 'qty'] }))
        await db.exec(createIndexSql({ ...base, name: 'lower name', unique: true, expression: `lower(${sqlIdent('Ünit "name"')})`, predicate: 'qty > 0' }))
        await db.exec(createIndexSql({ ...base, method: 'gin', columns: ['tags'], concurrently: true }))
        const made = (await indexes()).filter((i) => i.schema === ODD_SCHEMA)
        const named = (name: string) => made.find((i) => i.name === name)
        expect(named('Order "lines"_Ünit "name"_qty_idx')).toMatchObject({ columns: ['"Ünit ""name"""', 'qty'], method: 'btree', is_unique: false, constraint_name: null })
        expect(named('lower name')).toMatchObject({ columns: ['lower("Ünit ""name""")'], is_unique: true, predicate: 'qty > 0' })
        expect(named('Order "lines"_tags_idx')).toMatchObject({ method: 'gin', is_valid: true })
        expect(named('Order "lines"_pkey')).toMatchObject({ is_primary: true, constraint_name: 'Order "lines"_pkey' })

        await db.exec(dropIndexSql(ODD_SCHEMA, 'lower name', false))
        await db.exec(dropIndexSql(ODD_SCHEMA, 'Order "lines"_tags_idx', true))
        await expect(db.exec(dropIndexSql(ODD_SCHEMA, 'Order "lines"_pkey', false))).rejects.toThrow(/constraint/)
        expect((await indexes()).filter((i) => i.schema === ODD_SCHEMA).map((i) => i.name).sort()).toEqual(['Order "lines"_pkey', 'Order "lines"_Ünit "name"_qty_idx'])
      } finally {
        await db.exec(`drop schema if exists ${sqlIdent(ODD_SCHEMA)} cascade;`)
      }
    })
  })
  describe('database objects: functions', () => {
    let db: ProjectDatabase
    beforeAll(() => {
      db = database()
    })
    const functions = async () => v.parse(DatabaseFunctionsAnswerSchema, await runPgMetaQuery(db, { query: functionsSql(EXCLUDED_SCHEMAS) }))
    const base: FunctionDefinition = { schema: ODD_SCHEMA, name: 'Total "for" ü', arguments: '', returns: 'void', language: 'plpgsql', volatility: 'volatile', securityDefiner: false, searchPath: '', body: '' }

    it('leaves out what extensions installed', async () => {
      const names = (await functions()).map((f) => `${f.schema}.${f.name}`)
      expect(names.some((name) => name.endsWith('.similarity') || name.endsWith('.gen_random_bytes') || name.endsWith('.crypt'))).toBe(false)
    })

    it('creates SQL and PL/pgSQL functions, reads their parts back, replaces one, and drops one its trigger depends on only with cascade', async () => {
      await db.exec(`drop schema if exists ${sqlIdent(ODD_SCHEMA)} cascade; create schema ${sqlIdent(ODD_SCHEMA)};
        create table ${sqlIdent(ODD_SCHEMA)}.${sqlIdent('Audit log')} (id int, note text);`)
      try {
        await db.exec(createFunctionSql({ ...base, arguments: 'a integer, b integer DEFAULT 2', returns: 'integer', language: 'sql', volatility: 'immutable', body: "select a * b -- a '$function$' in a comment\n" }))
        await db.exec(createFunctionSql({ ...base, name: 'touch', returns: 'trigger', securityDefiner: true, searchPath: "''", body: "begin\n  new.note := coalesce(new.note, 'it''s new');\n  return new;\nend;" }))
        await db.exec(`create trigger ${sqlIdent('Touch it')} before insert on ${sqlIdent(ODD_SCHEMA)}.${sqlIdent('Audit log')} for each row execute function ${sqlIdent(ODD_SCHEMA)}.touch()`)
        const made = (await functions()).filter((f) => f.schema === ODD_SCHEMA)
        const total = made.find((f) => f.name === 'Total "for" ü')!
        expect(total).toMatchObject({ arguments: 'a integer, b integer DEFAULT 2', identity_arguments: 'a integer, b integer', return_type: 'integer', language: 'sql', volatility: 'immutable', security_definer: false, kind: 'function', dependents: [] })
        expect((await db.query(`select ${sqlIdent(ODD_SCHEMA)}.${sqlIdent('Total "for" ü')}(21) as n`)).rows[0]).toEqual({ n: 42 })
        const touch = made.find((f) => f.name === 'touch')!
        expect(touch).toMatchObject({ return_type: 'trigger', security_definer: true, settings: ['search_path=""'] })
        expect(touch.dependents).toEqual([`trigger Touch it on table "${ODD_SCHEMA.replaceAll('"', '""')}"."Audit log"`])

        // Edited as the screen does: the catalog's parts back into create or replace.
        await db.exec(createFunctionSql({ ...base, ...{ name: total.name, arguments: total.arguments, returns: total.return_type!, language: total.language, volatility: 'stable' as const }, body: 'select a + b' }))
        expect((await db.query(`select ${sqlIdent(ODD_SCHEMA)}.${sqlIdent('Total "for" ü')}(40) as n`)).rows[0]).toEqual({ n: 42 })

        await expect(db.exec(dropFunctionSql(ODD_SCHEMA, 'touch', touch.identity_arguments, 'function', false))).rejects.toThrow(/depend/)
        await db.exec(dropFunctionSql(ODD_SCHEMA, 'touch', touch.identity_arguments, 'function', true))
        await db.exec(dropFunctionSql(ODD_SCHEMA, total.name, total.identity_arguments, 'function', false))
        expect((await functions()).filter((f) => f.schema === ODD_SCHEMA)).toEqual([])
      } finally {
        await db.exec(`drop schema if exists ${sqlIdent(ODD_SCHEMA)} cascade;`)
      }
    })
  })
  describe('database objects: triggers', () => {
    let db: ProjectDatabase
    beforeAll(() => {
      db = database()
    })
    const triggers = async () => v.parse(DatabaseTriggersAnswerSchema, await runPgMetaQuery(db, { query: triggersSql(EXCLUDED_SCHEMAS) }))

    it('lists the seeded trigger with its timing, events, level and function, and none of the foreign keys’ internal ones', async () => {
      const all = await triggers()
      expect(all.find((t) => t.name === 'products_touch_updated_at')).toMatchObject({ schema: 'inventory', table: 'products', timing: 'before', events: ['update'], level: 'row', function_schema: 'inventory', function_name: 'touch_updated_at', enabled: true })
      expect(all.some((t) => t.name.startsWith('RI_ConstraintTrigger'))).toBe(false)
    })

    it('creates a trigger with a condition that fires, disables it so it does not, and drops it', async () => {
      const table = 'Order "log"'
      await db.exec(`drop schema if exists ${sqlIdent(ODD_SCHEMA)} cascade; create schema ${sqlIdent(ODD_SCHEMA)};
        create table ${sqlIdent(ODD_SCHEMA)}.${sqlIdent(table)} (id int, status text, touched int default 0);`)
      try {
        await db.exec(createFunctionSql({ schema: ODD_SCHEMA, name: 'Count "touch"', arguments: '', returns: 'trigger', language: 'plpgsql', volatility: 'volatile', securityDefiner: false, searchPath: '', body: 'begin new.touched := old.touched + 1; return new; end;' }))
        const trigger: TriggerDefinition = { name: 'On status ü', schema: ODD_SCHEMA, table, tableIsView: false, timing: 'before', events: ['update'], level: 'row', condition: 'new.status is distinct from old.status', functionSchema: ODD_SCHEMA, functionName: 'Count "touch"' }
        await db.exec(createTriggerSql(trigger))
        const q = `${sqlIdent(ODD_SCHEMA)}.${sqlIdent(table)}`
        await db.exec(`insert into ${q} (id, status) values (1, 'new'); update ${q} set status = 'paid'; update ${q} set status = 'paid';`)
        expect((await db.query(`select touched from ${q}`)).rows).toEqual([{ touched: 1 }])
        const made = (await triggers()).find((t) => t.schema === ODD_SCHEMA)!
        expect(made).toMatchObject({ name: 'On status ü', table, timing: 'before', events: ['update'], level: 'row', function_name: 'Count "touch"', enabled: true })

        await db.exec(setTriggerEnabledSql(ODD_SCHEMA, table, 'On status ü', false))
        await db.exec(`update ${q} set status = 'shipped'`)
        expect((await db.query(`select touched from ${q}`)).rows).toEqual([{ touched: 1 }])
        expect((await triggers()).find((t) => t.schema === ODD_SCHEMA)?.enabled).toBe(false)

        await db.exec(dropTriggerSql(ODD_SCHEMA, table, 'On status ü'))
        expect((await triggers()).filter((t) => t.schema === ODD_SCHEMA)).toEqual([])
      } finally {
        await db.exec(`drop schema if exists ${sqlIdent(ODD_SCHEMA)} cascade;`)
      }
    })
  })
  describe('database objects: roles', () => {
    let db: ProjectDatabase
    beforeAll(() => {
      db = database()
    })
    const roles = async () => v.parse(DatabaseRolesAnswerSchema, await runPgMetaQuery(db, { query: rolesSql }))
    const role: RoleDefinition = { name: 'Report "reader" ü', canLogin: true, password: "it's s3cret", inherit: true, createDb: false, createRole: false, bypassRls: false, connectionLimit: 3, validUntil: '2099-01-31', memberOf: ['authenticated'] }

    it('lists the platform’s roles and the one this connection runs as, and none of Postgres’s own', async () => {
      const all = await roles()
      expect(all.map((r) => r.name)).toEqual(expect.arrayContaining(['anon', 'authenticated', 'service_role']))
      expect(all.some((r) => r.name.startsWith('pg_'))).toBe(false)
      expect(all.filter((r) => r.is_current)).not.toEqual([])
    })

    it('creates a role with a password and a membership, changes it, and drops it, where this connection may make roles', async () => {
      const { rows } = await db.query('select rolsuper or rolcreaterole as may from pg_catalog.pg_roles where rolname = current_user')
      if (rows[0]?.['may'] !== true) {
        // A project's own role on a shared server may not make roles: Postgres says so, and the screen shows it.
        await expect(db.exec(createRoleSql(role))).rejects.toThrow(/permission denied/)
        return
      }
      const renamed = 'Report writer'
      await db.exec(`drop role if exists ${sqlIdent(role.name)}; drop role if exists ${sqlIdent(renamed)};`)
      try {
        await db.exec(createRoleSql(role))
        expect((await roles()).find((r) => r.name === role.name)).toMatchObject({ can_login: true, connection_limit: 3, member_of: ['authenticated'], create_db: false })
        await db.exec(alterRoleSql({ name: role.name, memberOf: ['authenticated'] }, { ...role, name: renamed, password: '', createDb: true, connectionLimit: -1, validUntil: '', memberOf: ['anon'] }))
        const changed = (await roles()).find((r) => r.name === renamed)
        expect(changed).toMatchObject({ create_db: true, connection_limit: -1, member_of: ['anon'], valid_until: 'infinity' })
        await db.exec(`create table ${sqlIdent(ODD_SCHEMA)} (id int); grant select on ${sqlIdent(ODD_SCHEMA)} to ${sqlIdent(renamed)};`)
        await db.exec(dropRoleSql(renamed))
        expect((await roles()).some((r) => r.name === renamed || r.name === role.name)).toBe(false)
      } finally {
        await db.exec(`drop table if exists ${sqlIdent(ODD_SCHEMA)}; drop role if exists ${sqlIdent(role.name)}; drop role if exists ${sqlIdent(renamed)};`)
      }
    })
  })
  describe('database objects: publications', () => {
    let db: ProjectDatabase
    beforeAll(() => {
      db = database()
    })
    const publications = async () => v.parse(PublicationsAnswerSchema, await runPgMetaQuery(db, { query: publicationsSql }))

    it('creates a publication, adds a table and takes it out, and drops it', async () => {
      const name = 'Orders "feed" ü'
      const table = 'Line "items"'
      await db.exec(`drop publication if exists ${sqlIdent(name)}; drop schema if exists ${sqlIdent(ODD_SCHEMA)} cascade; create schema ${sqlIdent(ODD_SCHEMA)};
        create table ${sqlIdent(ODD_SCHEMA)}.${sqlIdent(table)} (id int primary key);`)
      try {
        await db.exec(createPublicationSql(name, false, ['insert', 'update']))
        await db.exec(setPublicationTableSql(name, ODD_SCHEMA, table, true))
        expect((await publications()).find((p) => p.name === name)).toMatchObject({ all_tables: false, operations: ['insert', 'update'], tables: [{ schema: ODD_SCHEMA, table }] })
        await db.exec(setPublicationTableSql(name, ODD_SCHEMA, table, false))
        expect((await publications()).find((p) => p.name === name)?.tables).toEqual([])
        await db.exec(dropPublicationSql(name))
        expect((await publications()).some((p) => p.name === name)).toBe(false)
      } finally {
        await db.exec(`drop publication if exists ${sqlIdent(name)}; drop schema if exists ${sqlIdent(ODD_SCHEMA)} cascade;`)
      }
    })
  })
  describe('database objects: migrations', () => {
    let db: ProjectDatabase
    beforeAll(() => {
      db = database()
    })

    it('reads none while the CLI never pushed any, then the applied ones newest first with their statements', async () => {
      const present = async () => (await runPgMetaQuery(db, { query: migrationsTableSql }))[0]?.['enabled']
      await db.exec('drop schema if exists supabase_migrations cascade;')
      expect(await present()).toBe(false)
      try {
        // The CLI's own table, as `supabase db push` makes it.
        await db.exec(`create schema supabase_migrations;
          create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
          insert into supabase_migrations.schema_migrations values
            ('20261101090000', array['create table a (id int)', 'alter table a add column b text'], 'init'),
            ('20261128120000', array[$$comment on table a is 'it''s'$$], 'comment "a"');`)
        expect(await present()).toBe(true)
        const migrations = v.parse(MigrationsAnswerSchema, await runPgMetaQuery(db, { query: migrationsSql }))
        expect(migrations).toEqual([
          { version: '20261128120000', name: 'comment "a"', statements: ["comment on table a is 'it''s'"] },
          { version: '20261101090000', name: 'init', statements: ['create table a (id int)', 'alter table a add column b text'] },
        ])
      } finally {
        await db.exec('drop schema if exists supabase_migrations cascade;')
      }
    })
  })
  describe('database objects: tables', () => {
    let db: ProjectDatabase
    beforeAll(() => {
      db = database()
    })

    it('lists each table with its estimated rows, size, RLS, columns, comment and the publications that send it', async () => {
      await db.exec(`drop publication if exists ${sqlIdent('Feed "x"')}; create publication ${sqlIdent('Feed "x"')} for table public.orders;`)
      try {
        const tables = v.parse(DatabaseTablesAnswerSchema, await runPgMetaQuery(db, { query: databaseTablesSql(EXCLUDED_SCHEMAS) }))
        const customers = tables.find((t) => t.schema === 'public' && t.name === 'customers')!
        expect(customers).toMatchObject({ type: 'table', comment: 'People who buy from the shop.', publications: [] })
        expect(customers.size_bytes).toBeGreaterThan(0)
        expect(customers.columns).toBeGreaterThan(5)
        expect(tables.find((t) => t.name === 'orders')?.publications).toEqual(['Feed "x"'])
        expect(tables.some((t) => t.name === 'customer_order_summary')).toBe(false)
        expect(tables.find((t) => t.name === 'daily_event_counts')?.type).toBe('materialized_view')
      } finally {
        await db.exec(`drop publication if exists ${sqlIdent('Feed "x"')};`)
      }
    })

    it('names what a column’s drop would be refused for (a view, another table’s foreign key, a policy), and not what goes with it', async () => {
      const odd = sqlIdent(ODD_SCHEMA)
      await db.exec(`drop schema if exists ${odd} cascade; create schema ${odd};
        create table ${odd}."Tag ""x""" ("Code é" text primary key, note text, unique (note));
        create index on ${odd}."Tag ""x""" (lower(note));
        create table ${odd}.uses ("tag" text references ${odd}."Tag ""x""" ("Code é"));
        create view ${odd}."Tag view" as select "Code é" from ${odd}."Tag ""x""";
        alter table ${odd}."Tag ""x""" enable row level security;
        create policy "only ""it""" on ${odd}."Tag ""x""" using ("Code é" <> 'hidden');`)
      try {
        const dependentsOf = async (column: string) => v.parse(ColumnDependentsAnswerSchema, await runPgMetaQuery(db, { query: columnDependentsSql(ODD_SCHEMA, 'Tag "x"', column) }))
        const quoted = `${odd}."Tag ""x"""`
        expect(await dependentsOf('Code é')).toEqual([`constraint uses_tag_fkey on table ${odd}.uses`, `policy only "it" on table ${quoted}`, `view ${odd}."Tag view"`])
        // Its own index and unique constraint go with it: nothing to name.
        expect(await dependentsOf('note')).toEqual([])
        await expect(db.exec(dropColumnSql(ODD_SCHEMA, 'Tag "x"', 'Code é'))).rejects.toThrow(/depend/)
        await db.exec(dropColumnSql(ODD_SCHEMA, 'Tag "x"', 'note'))
      } finally {
        await db.exec(`drop schema if exists ${odd} cascade;`)
      }
    })
  })
}
