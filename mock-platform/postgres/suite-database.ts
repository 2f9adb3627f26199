/** One database per test file for its suites, on PGlite and, when DATABASE_URL is set, on a real server. */
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { sqlIdent } from '../../src/lib/sql/quote.ts'
import { createServerDatabaseProvider, projectDatabaseName } from './server-postgres.ts'
import { SLOW } from './suite-timeouts.ts'
import type { DatabaseProvider, ProjectDatabase } from './types.ts'

const PREFIX = 'studio_vitest_suites_'

/** The real server a test file also runs on when DATABASE_URL is set: its own database, dropped first. */
export function serverSuiteTarget(ref: string) {
  const url = process.env['DATABASE_URL']
  if (!url) return null
  return {
    createProvider: () => createServerDatabaseProvider(url, { databasePrefix: PREFIX }),
    async reset() {
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      try {
        await admin.query(`drop database if exists ${sqlIdent(projectDatabaseName(ref, PREFIX))} with (force)`)
      } finally {
        await admin.end()
      }
    },
  }
}

/** Opens one database for a test file's suites (a PGlite start costs seconds) and closes it afterwards. */
export function suiteDatabase(createProvider: () => DatabaseProvider, ref: string, reset?: () => Promise<void>): () => ProjectDatabase {
  let provider: DatabaseProvider
  let db: ProjectDatabase
  beforeAll(async () => {
    await reset?.()
    provider = createProvider()
    db = await provider.open(ref)
  }, SLOW)
  afterAll(() => provider?.closeAll(), SLOW)
  return () => db
}
