import { describe } from 'vitest'
import { describeDatabaseSuite } from './database-suite.ts'
import { createMemoryDatabaseProvider } from './pglite-memory.ts'

describe('in-memory PGlite', () => {
  describeDatabaseSuite({ createProvider: () => createMemoryDatabaseProvider() })
})
