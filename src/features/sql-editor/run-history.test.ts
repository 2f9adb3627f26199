import { describe, expect, it, vi } from 'vitest'
import { SQL_RUN_HISTORY_LIMIT, SQL_RUN_HISTORY_TEXT_LIMIT } from '../../constants'
import { MemoryStorage } from '../../test/memory-storage'
import { clearRunHistory, readRunHistory, recordSqlRun, runHistoryKey, runHistoryVersion } from './run-history'

const REF = 'abcdefghijklmnopqrst'
const run = (sql: string, more: Partial<Parameters<typeof recordSqlRun>[1]> = {}) => ({ sql, ranAt: 1_700_000_000_000, durationMs: 12, rows: 3, outcome: 'succeeded' as const, error: null, ...more })

describe('the SQL editor’s run history', () => {
  it('keeps every run newest first, the same text twice as two runs, up to the limit', () => {
    const storage = new MemoryStorage()
    const version = runHistoryVersion()
    for (let n = 1; n <= SQL_RUN_HISTORY_LIMIT + 3; n++) expect(recordSqlRun(REF, run(`select ${n % 2}`), storage)).toBe(true)
    expect(runHistoryVersion()).toBeGreaterThan(version)
    const runs = readRunHistory(REF, storage)
    expect(runs).toHaveLength(SQL_RUN_HISTORY_LIMIT)
    expect(runs.slice(0, 2).map((r) => r.sql)).toEqual(['select 1', 'select 0'])
    expect(new Set(runs.map((r) => r.id)).size).toBe(SQL_RUN_HISTORY_LIMIT)
    expect(readRunHistory('another-project-ref', storage)).toEqual([])
    clearRunHistory(REF, storage)
    expect(readRunHistory(REF, storage)).toEqual([])
  })

  it('keeps how a run ended, and only the beginning of a text too long to keep', () => {
    const storage = new MemoryStorage()
    recordSqlRun(REF, run('select 1/0', { outcome: 'failed', rows: null, error: 'division by zero' }), storage)
    recordSqlRun(REF, run(`select '${'x'.repeat(SQL_RUN_HISTORY_TEXT_LIMIT)}'`), storage)
    const [long, failed] = readRunHistory(REF, storage)
    expect(long).toMatchObject({ cut: true })
    expect(long!.sql).toHaveLength(SQL_RUN_HISTORY_TEXT_LIMIT)
    expect(failed).toMatchObject({ sql: 'select 1/0', outcome: 'failed', rows: null, error: 'division by zero', cut: false })
  })

  it('drops an entry that does not parse and keeps the others', () => {
    const storage = new MemoryStorage()
    recordSqlRun(REF, run('select 1'), storage)
    const kept = JSON.parse(storage.getItem(runHistoryKey(REF))!) as unknown[]
    storage.setItem(runHistoryKey(REF), JSON.stringify([{ sql: 7 }, ...kept, { ...(kept[0] as object), outcome: 'exploded' }]))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(readRunHistory(REF, storage).map((r) => r.sql)).toEqual(['select 1'])
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })
})
