import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ColumnTypesAnswerSchema, TableEntitiesAnswerSchema } from '../../src/api/schemas/table-editor'
import { EXCLUDED_SCHEMAS, SEED_MARKER_SCHEMA } from '../../src/constants'
import { PLATFORM_SCHEMAS } from '../../src/constants/advisors'
import { schemaChoices } from '../../src/features/table-editor/structure'
import { catalogQuery } from '../../src/lib/sql/completion'
import { columnTypesSql, tableEntitiesSql } from '../../src/lib/sql/table-catalog'
import { MODEL_CATALOG_SQL, catalogFromRows } from '../assistant/model'
import { createMemoryDatabaseProvider } from './pglite-memory'
import { runPgMetaQuery } from './query'
import { suiteDatabase } from './suite-database'

const db = suiteDatabase(createMemoryDatabaseProvider, 'hidden-schemas')

// The seed marker is real (a seeded database has it) but it is the platform's, never the user's.
describe('the seed marker schema', () => {
  it('exists in a seeded database', async () => {
    const { rows } = await db().query('select count(*)::int as n from pg_catalog.pg_namespace where nspname = $1', [SEED_MARKER_SCHEMA])
    expect(rows).toEqual([{ n: 1 }])
  })

  it("is in neither the table editor's table list nor its schema choices", async () => {
    const entities = v.parse(TableEntitiesAnswerSchema, await runPgMetaQuery(db(), { query: tableEntitiesSql(EXCLUDED_SCHEMAS) }))
    expect(entities.map((e) => e.schema)).toContain('public')
    expect(entities.filter((e) => e.schema === SEED_MARKER_SCHEMA)).toEqual([])
    expect(schemaChoices(entities)).not.toContain(SEED_MARKER_SCHEMA)
  })

  it('says of each table whether row level security is on (the table editor’s RLS badge)', async () => {
    await db().exec('create table public.rls_probe_on (id int); alter table public.rls_probe_on enable row level security; create table public.rls_probe_off (id int)')
    const entities = v.parse(TableEntitiesAnswerSchema, await runPgMetaQuery(db(), { query: tableEntitiesSql(EXCLUDED_SCHEMAS) }))
    const rls = (name: string) => entities.find((e) => e.schema === 'public' && e.name === name)?.rls_enabled
    expect([rls('rls_probe_on'), rls('rls_probe_off')]).toEqual([true, false])
  })

  it('lists the database’s enums and domains for the type pickers, qualified outside public, none of the platform’s', async () => {
    await db().exec(`create type public.probe_mood as enum ('ok', 'meh'); create domain inventory."Probe SKU" as text check (value <> ''); create type auth.probe_hidden as enum ('x')`)
    const types = v.parse(ColumnTypesAnswerSchema, await runPgMetaQuery(db(), { query: columnTypesSql([...EXCLUDED_SCHEMAS, ...PLATFORM_SCHEMAS]) }))
    expect(types.filter((type) => type.name.toLowerCase().includes('probe'))).toEqual([
      { name: 'inventory."Probe SKU"', kind: 'domain' },
      { name: 'probe_mood', kind: 'enum' },
    ])
  })

  it("is not offered by the SQL editor's completion catalog", async () => {
    const rows = await runPgMetaQuery(db(), { query: catalogQuery(EXCLUDED_SCHEMAS) })
    expect(rows.some((row) => row['schema'] === 'inventory')).toBe(true)
    expect(rows.filter((row) => row['schema'] === SEED_MARKER_SCHEMA)).toEqual([])
  })

  it("is not in the assistant's catalog", async () => {
    const catalog = catalogFromRows((await db().query(MODEL_CATALOG_SQL)).rows)
    expect(catalog.tables.some((t) => t.schema === 'public')).toBe(true)
    expect(catalog.tables.filter((t) => t.schema === SEED_MARKER_SCHEMA)).toEqual([])
  })
})
