/** The log store's snapshot in node: made by `npm run prepare` into public/, read by tests and the node platform. */
import { PGlite } from '@electric-sql/pglite'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readInitialData, readSnapshot, writeDataDirSnapshot } from '../postgres/initial-data-node.ts'
import { LOG_STORE_INITIAL_DATA_FILE } from './log-store-initial-data.ts'
import { logStoreSchema } from './log-store-schema.ts'

export const LOG_STORE_INITIAL_DATA_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', LOG_STORE_INITIAL_DATA_FILE)

/** Makes the snapshot (the project databases' one, or initdb, plus the store's schema) and writes it whole or not at all. */
export async function makeLogStoreInitialData(path = LOG_STORE_INITIAL_DATA_PATH): Promise<Blob> {
  const base = await readInitialData()
  const pg = new PGlite(base ? { loadDataDir: base } : {})
  try {
    await pg.waitReady
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
