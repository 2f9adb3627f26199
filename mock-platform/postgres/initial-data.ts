/**
 * A new project database starts from a snapshot of a freshly initialised cluster instead of
 * running initdb (a second PGlite with its own wasm) every time: measured in node, 2.8 s → 0.95 s
 * to a ready database. The snapshot is PGlite's own `dumpDataDir('gzip')` of an empty database,
 * made once per install (`npm install` runs `prepare`) into `public/`, so the dev server serves it
 * and every build ships it. Without it (not made yet, or a failed fetch) databases run initdb as
 * before: the snapshot only saves time, it never decides what a database holds.
 */
export const INITIAL_DATA_FILE = 'pglite-initial-data.tar.gz'

/**
 * initdb's arguments for our clusters: the write-ahead log in 1 MB segments instead of 16 MB. A
 * database in the page persists by storing every file that changed whole in IndexedDB after each
 * write, and the WAL segment being written always has. Measured in Chromium on the preview build, a
 * one-row insert into a project database: 111–120 ms median with 16 MB segments, 27–28 ms with 1 MB
 * (p90 155–171 → 62–84 ms); the seeded template's data directory 39 → 30 MB.
 */
export const INITDB_PARAMS: readonly string[] = ['--wal-segsize=1']
