/** The start-up snapshot in node: made once per install into public/, read by tests and the server. */
import { PGlite } from '@electric-sql/pglite'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { INITIAL_DATA_FILE } from './initial-data.ts'

export const INITIAL_DATA_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', INITIAL_DATA_FILE)

/** Dumps the database's data directory to `path`, whole or not at all (a reader never sees half a file). */
export async function writeDataDirSnapshot(pg: PGlite, path: string): Promise<Blob> {
  const snapshot = await pg.dumpDataDir('gzip')
  await mkdir(dirname(path), { recursive: true })
  const partial = `${path}.${process.pid}.partial`
  await writeFile(partial, new Uint8Array(await snapshot.arrayBuffer()))
  await rename(partial, path)
  return snapshot
}

/** Makes the snapshot (an initialised, empty cluster) and writes it whole or not at all. */
export async function makeInitialData(path = INITIAL_DATA_PATH): Promise<Blob> {
  const pg = new PGlite()
  try {
    await pg.waitReady
    return await writeDataDirSnapshot(pg, path)
  } finally {
    await pg.close()
  }
}

let loaded: Promise<Blob | null> | null = null

/** The snapshot if it was made; null otherwise (the database then runs initdb, as it always could). */
export function readInitialData(path = INITIAL_DATA_PATH): Promise<Blob | null> {
  loaded ??= readFile(path).then(
    (bytes) => (bytes.byteLength > 0 ? new Blob([bytes]) : null),
    () => null,
  )
  return loaded
}
