/** The log store's snapshot in node: made by `npm run prepare` into public/, read by tests and the node platform. */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { initialDataOption, readInitialData, readSnapshot, writeDataDirSnapshot } from '../postgres/initial-data-node.ts'
import { StudioPGlite } from '../postgres/studio-pglite.ts'
import { LOG_STORE_INITIAL_DATA_FILE } from './log-store-initial-data.ts'
import { logStoreSchema } from './log-store-schema.ts'

export const LOG_STORE_INITIAL_DATA_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', LOG_STORE_INITIAL_DATA_FILE)

/**
 * The cluster's template databases, which the log store never copies (it makes no database): half
 * its files, which a new page stores in IndexedDB and every later page loads from there whole.
 */
const WITHOUT_TEMPLATE_DATABASES_SQL = [
  "update pg_catalog.pg_database set datistemplate = false where datname in ('template0', 'template1')",
  // Each alone: a drop cannot run in the transaction a text of several statements is.
  'drop database template0',
  'drop database template1',
]

/** Makes the snapshot (the project databases' one, or initdb, plus the store's schema) and writes it whole or not at all. */
export async function makeLogStoreInitialData(path = LOG_STORE_INITIAL_DATA_PATH): Promise<Blob> {
  const pg = new StudioPGlite(await initialDataOption())
  try {
    await pg.waitReady
    for (const statement of WITHOUT_TEMPLATE_DATABASES_SQL) await pg.exec(statement)
    await pg.exec(logStoreSchema().sql)
    return await writeDataDirSnapshot(pg, path)
  } finally {
    await pg.close()
  }
}

let loaded: Promise<Blob | null> | null = null

/** The log store's snapshot if it was made, else the project databases' one; null when neither was. */
export function readLogStoreInitialData(path = LOG_STORE_INITIAL_DATA_PATH): Promise<Blob | null> {
  loaded ??= readSnapshot(path).then((blob) => blob ?? readInitialData())
  return loaded
}
