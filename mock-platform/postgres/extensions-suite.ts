/** The extensions screen's SQL on a seeded database (part of `database-suite.ts`). */
import { beforeAll, describe, expect, it } from 'vitest'
import { availableExtensionsSql, disableExtensionSql, enableExtensionSql, extensionDependentsSql, extensionSchemasSql } from '../../src/lib/sql/extensions.ts'
import { runPgMetaQuery } from './query.ts'
import type { ProjectDatabase } from './types.ts'

export function describeExtensionsSuite(database: () => ProjectDatabase): void {
  describe('extensions', () => {
    let db: ProjectDatabase
    const run = (query: string) => runPgMetaQuery(db, { query })
    const extension = async (name: string) => (await run(availableExtensionsSql)).find((row) => row['name'] === name)
    beforeAll(() => {
      db = database()
    })

    it('lists what the database can install, with versions, and plpgsql as installed in pg_catalog', async () => {
      const rows = await run(availableExtensionsSql)
      expect(rows.length).toBeGreaterThan(20)
      expect(rows.find((row) => row['name'] === 'plpgsql')).toMatchObject({ installed_version: '1.0', schema: 'pg_catalog' })
      expect(rows.find((row) => row['name'] === 'pg_trgm')).toMatchObject({ installed_version: null, schema: null, requires: [] })
      expect(String((rows.find((row) => row['name'] === 'pg_trgm') ?? {})['default_version'])).toMatch(/^\d+\.\d+$/)
      expect(rows.find((row) => row['name'] === 'earthdistance')).toMatchObject({ requires: ['cube'] })
    })

    it('says which this user may have: trusted ones and the platform’s list always, what reaches the server’s files only for a superuser', async () => {
      const [me] = await run('select rolsuper from pg_catalog.pg_roles where rolname = current_user')
      const installable = async (name: string) => (await extension(name))?.['installable']
      for (const name of ['pg_trgm', 'citext']) expect([name, await installable(name)]).toEqual([name, true])
      // Where the database has them (a server's contrib does; not every PGlite build): the platform's list.
      for (const name of ['dblink', 'earthdistance']) if ((await extension(name)) !== undefined) expect([name, await installable(name)]).toEqual([name, true])
      // PGlite's user is a superuser; a shared server's project owner is not (server-tenancy.ts).
      if ((await extension('file_fdw')) !== undefined) expect(await installable('file_fdw')).toBe(me!['rolsuper'] === true)
    })

    it('enables pg_trgm in the extensions schema, callable unqualified; the dependents are listed, then it is disabled', async () => {
      await run(enableExtensionSql({ name: 'pg_trgm', schema: 'extensions', cascade: true }))
      try {
        expect(await extension('pg_trgm')).toMatchObject({ schema: 'extensions' })
        expect(await run(`select round(similarity('abc', 'abd')::numeric, 2) as s`)).toEqual([{ s: '0.33' }])
        expect(await run(extensionDependentsSql('pg_trgm'))).toEqual([])
        await run('create index customers_full_name_trgm on public.customers using gin (full_name extensions.gin_trgm_ops)')
        expect(await run(extensionDependentsSql('pg_trgm'))).toEqual([{ object: 'index customers_full_name_trgm' }])
        // Postgres refuses for the same object, which is why the screen asks about CASCADE.
        await expect(run(disableExtensionSql('pg_trgm', false))).rejects.toMatchObject({ code: '2BP01' })
        await run(disableExtensionSql('pg_trgm', true))
        expect(await extension('pg_trgm')).toMatchObject({ installed_version: null })
        expect(await run(`select to_regclass('public.customers_full_name_trgm') as index`)).toEqual([{ index: null }])
      } finally {
        await run('drop extension if exists pg_trgm cascade')
      }
    })

    it('creates a missing schema, and CASCADE installs what is required into it', async () => {
      await run(enableExtensionSql({ name: 'earthdistance', schema: 'geo tools', cascade: true }))
      try {
        expect(await extension('cube')).toMatchObject({ schema: 'geo tools' })
        expect(await extension('earthdistance')).toMatchObject({ schema: 'geo tools' })
        expect(await run(extensionDependentsSql('cube'))).toEqual([{ object: 'extension earthdistance' }])
        expect((await run(extensionSchemasSql)).map((row) => row['name'])).toContain('geo tools')
      } finally {
        await run('drop extension if exists earthdistance cascade; drop extension if exists cube cascade; drop schema if exists "geo tools" cascade')
      }
    })

    it('lists a column of an extension type as a dependent', async () => {
      await run(enableExtensionSql({ name: 'citext', schema: 'extensions', cascade: false }))
      try {
        await run('create table public.ext_people (email extensions.citext primary key)')
        const dependents = (await run(extensionDependentsSql('citext'))).map((row) => row['object'])
        expect(dependents).toContain('column email of table ext_people')
      } finally {
        await run('drop table if exists public.ext_people; drop extension if exists citext cascade')
      }
    })
  })
}
