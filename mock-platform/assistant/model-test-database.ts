/**
 * The seeded PGlite database the assistant model's tests run against, and their helpers: the
 * catalog comes from MODEL_CATALOG_SQL, and the ```sql blocks of an answer run on that database.
 */
import { afterAll, beforeAll, expect } from 'vitest'
import { createMemoryDatabaseProvider } from '../postgres/pglite-memory.ts'
import type { DatabaseProvider, ProjectDatabase } from '../postgres/types.ts'
import { MODEL_CATALOG_SQL, answer, catalogFromRows, type ModelCatalog, type ModelContext, type ModelMessage } from './model.ts'

const REF = 'assistantmodel'
let provider: DatabaseProvider
export let db: ProjectDatabase
export let catalog: ModelCatalog

/**
 * Opens the seeded database (with a few awkward tables of its own, and `extraSql` a file adds)
 * before a file's tests, and closes it after.
 */
export function setUpModelDatabase(extraSql = ''): void {
  beforeAll(async () => {
    provider = createMemoryDatabaseProvider()
    db = await provider.open(REF)
    await db.exec(`
      create table public."Order Lines" (id int primary key, "Qty" int);
      insert into public."Order Lines" values (1, 3), (2, 5);
      create table public.notes (id bigint generated always as identity primary key, user_id uuid not null, body text);
    `)
    if (extraSql) await db.exec(extraSql)
    catalog = catalogFromRows((await db.query(MODEL_CATALOG_SQL)).rows)
  }, 60_000)

  afterAll(async () => {
    await provider?.closeAll()
  })
}

export function ask(text: string, context?: ModelContext, earlier: ModelMessage[] = []): string {
  return answer([...earlier, { role: 'user', text }], catalog, context)
}

export function sqlBlocks(reply: string): string[] {
  return [...reply.matchAll(/```sql\n([\s\S]*?)\n```/g)].map((match) => match[1] ?? '')
}

/** The single SQL block of `reply`. */
export function onlySql(reply: string): string {
  const blocks = sqlBlocks(reply)
  expect(blocks, reply).toHaveLength(1)
  return blocks[0] ?? ''
}

/** Runs every block of `reply` inside a transaction that is rolled back; resolves to the last result's rows. */
export async function expectBlocksRun(reply: string): Promise<Record<string, unknown>[][]> {
  const out: Record<string, unknown>[][] = []
  for (const sql of sqlBlocks(reply)) {
    const results = await db.exec(`begin;\n${sql.replace(/;\s*$/, '')};\nrollback;`)
    out.push(results[results.length - 2]?.rows ?? [])
  }
  return out
}
