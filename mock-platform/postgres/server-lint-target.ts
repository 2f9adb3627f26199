/** The real server a lints test file also runs on when DATABASE_URL is set (its own database per file, dropped first). */
import pg from 'pg'
import { sqlIdent } from '../../src/lib/sql/quote.ts'
import { createServerDatabaseProvider, projectDatabaseName } from './server-postgres.ts'

const PREFIX = 'studio_vitest_lints_'

export function serverLintTarget(ref: string) {
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
