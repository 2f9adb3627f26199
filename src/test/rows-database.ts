import { afterAll, beforeAll } from 'vitest'
import { createMemoryDatabaseProvider } from '../../mock-platform/postgres/pglite-memory'
import { runPgMetaQuery } from '../../mock-platform/postgres/query'
import type { DatabaseProvider, ProjectDatabase } from '../../mock-platform/postgres/types'
import { rowWindowSql, type RowSource } from '../lib/sql/table-rows'

/**
 * The table editor's row tests: an in-memory project database made by `setupSql`, opened before the
 * file's tests and closed after. `run` reads it as the grid does, keeping every statement in `reads`.
 */
export function useRowsDatabase(name: string, setupSql: string) {
  let provider: DatabaseProvider
  let db: ProjectDatabase
  const reads: string[] = []
  beforeAll(async () => {
    provider = createMemoryDatabaseProvider({ seed: false })
    db = await provider.open(name)
    await db.exec(setupSql)
  }, 60_000)
  afterAll(() => provider.closeAll())
  return {
    db: () => db,
    reads,
    run: (sql: string, signal: AbortSignal) => {
      reads.push(sql)
      return runPgMetaQuery(db, { query: sql }, { signal })
    },
    /** Every row of `source` in one read: what its windows must add up to. */
    everyRow: (source: RowSource) => runPgMetaQuery(db, { query: rowWindowSql(source, { cursor: null, limit: 100_000 }) }),
  }
}
