import { describe } from 'vitest'
import { describeLintCases, lintDatabase } from './lint-cases.ts'
import { PERFORMANCE_LINT_CASES } from './performance-lints-suite.ts'
import { createMemoryDatabaseProvider } from './pglite-memory.ts'
import { serverLintTarget } from './server-lint-target.ts'

describe('PGlite', () => {
  describeLintCases('performance lints', PERFORMANCE_LINT_CASES, lintDatabase(createMemoryDatabaseProvider, 'lintsperformance'))
})

const server = serverLintTarget('lintsperformance')
describe.runIf(server)('PostgreSQL server (DATABASE_URL)', () => {
  if (server) describeLintCases('performance lints', PERFORMANCE_LINT_CASES, lintDatabase(server.createProvider, 'lintsperformance', server.reset))
})
