/** Every extension PGlite ships (and every shim) is really installable in a project database, loaded on first use. */
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXTENSION_CATALOGUE } from '../../src/constants/extensions.ts'
import { enableExtensionSql } from '../../src/lib/sql/extensions.ts'
import { preloadedBundleUrls } from './contrib-extensions.ts'
import { createMemoryDatabaseProvider } from './pglite-memory.ts'
import type { DatabaseProvider, ProjectDatabase } from './types.ts'
import { errorMessage } from '../../src/lib/error-message'

let provider: DatabaseProvider
let db: ProjectDatabase

beforeAll(async () => {
  provider = createMemoryDatabaseProvider({ seed: false })
  db = await provider.open('contrib-extensions')
}, 60_000)
afterAll(() => provider.closeAll())

describe('extensions in a PGlite project database', () => {
  it('lists every contrib bundle and the shims as available, each in the catalogue', async () => {
    const { rows } = await db.query('select name from pg_available_extensions order by name')
    const names = rows.map((row) => String(row['name']))
    expect(names.length).toBeGreaterThanOrEqual(37)
    expect(names).toEqual(expect.arrayContaining(['pg_trgm', 'pgcrypto', 'uuid-ossp', 'hstore', 'citext', 'pg_stat_statements', 'pg_net']))
    const catalogued = new Set(EXTENSION_CATALOGUE.map((entry) => entry.name))
    expect(names.filter((name) => !catalogued.has(name))).toEqual([])
  })

  it('installs and drops every one of them (their libraries load when first needed)', async () => {
    const { rows } = await db.query('select name from pg_available_extensions where installed_version is null order by name')
    const failures: string[] = []
    for (const { name } of rows as { name: string }[]) {
      try {
        await db.exec(enableExtensionSql({ name, schema: 'extensions', cascade: true }))
        await db.exec(`drop extension if exists "${name}" cascade`)
      } catch (error) {
        failures.push(`${name}: ${errorMessage(error)}`)
      }
    }
    expect(failures).toEqual([])
    expect(rows.length).toBeGreaterThanOrEqual(30)
  }, 60_000)
})

describe('the preloaded extensions’ bundles', () => {
  it('are named where the worker fetches them before PGlite does (pg_stat_statements), each an existing file', async () => {
    const urls = await preloadedBundleUrls()
    expect(urls.map((url) => url.pathname.split('/').pop())).toEqual(['pg_stat_statements.tar.gz'])
    for (const url of urls) expect((await readFile(url)).byteLength).toBeGreaterThan(1000)
  })
})
