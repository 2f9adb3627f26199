/** The start-up snapshot in node: made once per install into public/, read by tests and the server. */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PRELOADED_EXTENSIONS } from './contrib-extensions.ts'
import { nodeExtensionFiles } from './extension-files-node.ts'
import { INITDB_PARAMS, INITIAL_DATA_FILE } from './initial-data.ts'
import { createPGliteDatabase } from './pglite-database.ts'
import { ensurePlatformLayer } from './platform-layer.ts'
import { SEEDED_TEMPLATE_SQL } from './seed-schema.ts'
import { SEEDED_TEMPLATE_PREFIX, seededTemplateFile } from './seeded-template.ts'
import { StudioPGlite } from './studio-pglite.ts'

const PUBLIC_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public')
export const INITIAL_DATA_PATH = join(PUBLIC_DIR, INITIAL_DATA_FILE)
export const SEEDED_TEMPLATE_PATH = join(PUBLIC_DIR, seededTemplateFile())

/** Dumps the database's data directory to `path`, whole or not at all (a reader never sees half a file). */
export async function writeDataDirSnapshot(pg: StudioPGlite, path: string): Promise<Blob> {
  const snapshot = await pg.dumpSnapshot()
  await mkdir(dirname(path), { recursive: true })
  const partial = `${path}.${process.pid}.partial`
  await writeFile(partial, new Uint8Array(await snapshot.arrayBuffer()))
  await rename(partial, path)
  return snapshot
}

/** Makes the snapshot (an initialised, empty cluster) and writes it whole or not at all. */
export async function makeInitialData(path = INITIAL_DATA_PATH): Promise<Blob> {
  const pg = new StudioPGlite({ initDbStartParams: [...INITDB_PARAMS] })
  try {
    await pg.waitReady
    return await writeDataDirSnapshot(pg, path)
  } finally {
    await pg.close()
  }
}

let loaded: Promise<Blob | null> | null = null

/** A snapshot file as node reads it; null when it is missing or empty. */
export function readSnapshot(path: string): Promise<Blob | null> {
  return readFile(path).then(
    (bytes) => (bytes.byteLength > 0 ? new Blob([bytes]) : null),
    () => null,
  )
}

/** The snapshot if it was made; null otherwise (the database then runs initdb, as it always could). */
export function readInitialData(path = INITIAL_DATA_PATH): Promise<Blob | null> {
  loaded ??= readSnapshot(path)
  return loaded
}

/** PGlite's option that starts a database from the start-up snapshot, when it was made: an empty cluster, as initdb makes it. */
export async function initialDataOption(): Promise<{ loadDataDir?: Blob }> {
  const snapshot = await readInitialData()
  return snapshot ? { loadDataDir: snapshot } : {}
}

/**
 * A plain database for a test, started from the start-up snapshot instead of running initdb: in
 * node 0.5 s against initdb's 3.2–3.7 s, every time a test file wants one.
 */
export async function startEmptyDatabase(): Promise<StudioPGlite> {
  const pg = new StudioPGlite(await initialDataOption())
  await pg.waitReady
  return pg
}

/**
 * Makes the seeded template (seeded-template.ts) from the start-up snapshot: the platform layer and
 * the seed's schema, no rows. Templates of earlier versions in the same folder are removed. The
 * database has the extensions' files a project database has: the layer enables supabase_vault.
 */
export async function makeSeededTemplate(path = SEEDED_TEMPLATE_PATH): Promise<Blob> {
  const [base, files] = await Promise.all([initialDataOption(), nodeExtensionFiles()])
  const pg = new StudioPGlite({ ...base, extensions: PRELOADED_EXTENSIONS })
  try {
    await pg.waitReady
    pg.writeExtensionFiles(files)
    const db = createPGliteDatabase(pg)
    await ensurePlatformLayer(db)
    await db.exec(SEEDED_TEMPLATE_SQL)
    const snapshot = await writeDataDirSnapshot(pg, path)
    const file = path.slice(dirname(path).length + 1)
    for (const entry of await readdir(dirname(path))) {
      if (entry.startsWith(SEEDED_TEMPLATE_PREFIX) && entry !== file) await rm(join(dirname(path), entry), { force: true })
    }
    return snapshot
  } finally {
    await pg.close()
  }
}
