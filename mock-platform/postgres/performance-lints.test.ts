import { describe } from 'vitest'
import { describeLintCases } from './lint-cases.ts'
import { PERFORMANCE_LINT_CASES } from './performance-lints-suite.ts'
import { createMemoryDatabaseProvider } from './pglite-memory.ts'
import { serverSuiteTarget, suiteDatabase } from './suite-database.ts'

describe('PGlite', () => {
  describeLintCases('performance lints', PERFORMANCE_LINT_CASES, suiteDatabase(createMemoryDatabaseProvider, 'lintsperformance'))
})

const server = serverSuiteTarget('lintsperformance')
describe.runIf(server)('PostgreSQL server (DATABASE_URL)', () => {
  if (server) describeLintCases('performance lints', PERFORMANCE_LINT_CASES, suiteDatabase(server.createProvider, 'lintsperformance', server.reset))
})
