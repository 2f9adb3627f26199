import { describe, expect, it } from 'vitest'
import { LINT_DEFINITIONS } from '../../src/constants/advisors.ts'
import { lintQueries } from '../../src/lib/sql/lints/lints.ts'
import { describeLintCases, runLint } from './lint-cases.ts'
import { PERFORMANCE_LINT_CASES } from './performance-lints-suite.ts'
import { createMemoryDatabaseProvider } from './pglite-memory.ts'
import { runPgMetaQuery } from './query.ts'
import { SECURITY_LINT_CASES } from './security-lints-suite.ts'
import { serverSuiteTarget, suiteDatabase } from './suite-database.ts'
import type { ProjectDatabase } from './types.ts'

describe('lint cases', () => {
  it('every lint has a case', () => {
    const covered = new Set([...SECURITY_LINT_CASES, ...PERFORMANCE_LINT_CASES].map((c) => c.lint))
    expect(LINT_DEFINITIONS.filter((lint) => !covered.has(lint.name)).map((lint) => lint.name)).toEqual([])
  })
})

function describeSecurityLints(database: () => ProjectDatabase) {
  describeLintCases('security lints', SECURITY_LINT_CASES, database)

  it('every lint runs on the seeded project and answers the platform’s lint objects', async () => {
    for (const { name } of lintQueries(['public', 'graphql_public'])) {
      for (const lint of await runLint(database(), name, ['public', 'graphql_public'])) expect(lint.name).toBe(name)
    }
  })

  it('public_bucket_allows_listing reads the platform’s storage tables: nothing without buckets, a public one listed by a policy for every role', async () => {
    const db = database()
    const [present] = await runPgMetaQuery(db, { query: `select to_regclass('storage.buckets') is not null and to_regclass('storage.objects') is not null as present` })
    expect(present?.['present']).toBe(true)
    expect(await runLint(db, 'public_bucket_allows_listing', ['public'])).toEqual([])
    try {
      await db.exec(`insert into storage.buckets (id, name, public) values ('open', 'open', true);
        create policy "list all" on storage.objects for select using (true);`)
      expect((await runLint(db, 'public_bucket_allows_listing', ['public'])).map((lint) => lint.cache_key)).toEqual(['public_bucket_allows_listing_open'])
    } finally {
      await db.exec(`drop policy if exists "list all" on storage.objects; delete from storage.buckets where id = 'open';`)
    }
  })
}

describe('PGlite', () => {
  describeSecurityLints(suiteDatabase(createMemoryDatabaseProvider, 'lintssecurity'))
})

const server = serverSuiteTarget('lintssecurity')
describe.runIf(server)('PostgreSQL server (DATABASE_URL)', () => {
  if (server) describeSecurityLints(suiteDatabase(server.createProvider, 'lintssecurity', server.reset))
})
