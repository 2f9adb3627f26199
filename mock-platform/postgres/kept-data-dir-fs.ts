/**
 * A PGlite data directory kept in IndexedDB as the snapshot it started from plus the files changed
 * since: PGlite's MEMFS frontend (which records what each statement changed) over a store of ours.
 *
 * Why not PGlite's IDBFS: a new database's first store put its whole data directory into IndexedDB
 * (≈ 1,000 files, 25 MB: 3.6–4.1 s of CPU in Chromium on a 2-core machine, 2026-12-01), and every
 * later store first read the key and time of every stored file (2.5–3.3 s of CPU for one `create
 * table`). Here a new database stores its snapshot as one value (3 MB, gzip) and each store puts
 * only what changed, in one transaction: all or nothing. A file is kept in 1 MB blocks, so a write
 * stores the blocks it touched: kept whole, the few pages a start's recovery rewrote in the log store's
 * 50 MB events table stored the whole table again after its first query (0.14–0.34 s of IndexedDB
 * at each cold logs page), and each commit its whole 1 MB WAL segment (bench, 2026-12-02).
 *
 * The store (`/studio-pgdata/<name>`): `base` → the snapshot (a tar of the data directory, gzip or not);
 * `files` → path → { seq, size } for a file kept in blocks, { seq, data } for one kept whole (stores
 * before blocks, still read), { seq } for a folder: the latest of each path; `blocks` → [path, i] → the
 * file's bytes from i × BLOCK_BYTES, every block of a file kept in blocks; `removals` → seq → path, a
 * removal of something the snapshot holds (the rest is simply deleted); `meta` → 'seq', the last
 * sequence number. A start replays them in order over the snapshot.
 */
import { MemfsFrontendFS, type ChangeSet, type StorageBackend, type StorageEntry } from '@electric-sql/pglite/memfs-frontend'
import { parseTar } from 'nanotar'
import { completed, requested } from '../records/indexed-db.ts'

/** The IndexedDB database a kept data directory named `name` lives in. */
export const keptDataDirDatabase = (name: string): string => `/studio-pgdata/${name}`

/** Where PGlite mounts the data directory (its PGDATA). */
const PGDATA = '/pglite/data'

/**
 * Folders of the data directory whose changes need no store: Postgres's temporary statistics, where
 * pg_stat_statements (preloaded in every project database) rewrites its query texts at every new
 * statement, reads included. Nothing a restart reads: its counters are kept only by a clean
 * shutdown, which a page never has.
 */
export const UNKEPT_FOLDERS: ReadonlySet<string> = new Set(['pg_stat_tmp'])

/** Whether a path of the data directory ("/pg_stat_tmp/…") lies in one of those folders. */
const isUnkept = (path: string) => UNKEPT_FOLDERS.has(path.split('/')[1] ?? '')

/**
 * A kept file's block: a write stores the blocks it touched. Chromium keeps a value under 64 KB inside
 * its LevelDB and a larger one beside it as a file, whose cost is mostly per value: 64 MB took 7–29 s
 * to write and 0.65 s to read in 16–60 KB values, 1.3 s and 0.14 s in 64 KB ones, 0.5 s and 0.17 s in
 * 1 MB ones, and one 1 MB value 7 ms to write, about what one 64 KB value took (headless Chromium,
 * 2026-12-02). A file rewritten whole (the end of a start's recovery after 100,000 events) must not
 * cost much more than one value; a page changed in a 50 MB table must not cost the table.
 */
export const BLOCK_BYTES = 1024 * 1024

interface FileRecord {
  seq: number
  /** A file kept whole (before blocks). */
  data?: Uint8Array
  /** A file kept in blocks: its size. Neither: a folder. */
  size?: number
}

/** The blocks of `size` bytes that the byte ranges touch. */
function touchedBlocks(size: number, ranges: readonly { at: number; length: number }[]): number[] {
  const touched = new Set<number>()
  for (const { at, length } of ranges) {
    for (let block = Math.floor(at / BLOCK_BYTES); block * BLOCK_BYTES < Math.min(at + length, size); block++) touched.add(block)
  }
  return [...touched]
}

interface RemovalRecord {
  path: string
}

const STORES = ['base', 'files', 'blocks', 'removals', 'meta'] as const

function openStore(name: string): Promise<IDBDatabase> {
  // 2: blocks. Only the leading tab's worker opens it, so no tab holds version 1 open meanwhile.
  const opening = indexedDB.open(keptDataDirDatabase(name), 2)
  opening.onupgradeneeded = () => {
    for (const store of STORES) if (!opening.result.objectStoreNames.contains(store)) opening.result.createObjectStore(store)
  }
  return requested(opening)
}

/**
 * Whether IndexedDB keeps a data directory named `name`: its snapshot (stored first thing by a start
 * from one), or the files of one initdb made (a start without a snapshot).
 */
export async function keptDataDirExists(name: string): Promise<boolean> {
  const databases = await indexedDB.databases().catch(() => null)
  if (databases && !databases.some((database) => database.name === keptDataDirDatabase(name))) return false
  const db = await openStore(name)
  try {
    const tx = db.transaction(['base', 'files'])
    const [bases, versions] = await Promise.all([requested(tx.objectStore('base').count('base')), requested(tx.objectStore('files').count('/PG_VERSION'))])
    return bases + versions > 0
  } finally {
    db.close()
  }
}

/**
 * A snapshot's tar: a server may have sent the `.tar.gz` with `Content-Encoding: gzip` (vite's
 * preview does), and the browser then gave the tar itself.
 */
async function tarOf(blob: Blob): Promise<Uint8Array> {
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer())
  const gzipped = head[0] === 0x1f && head[1] === 0x8b
  return new Uint8Array(await new Response(gzipped ? blob.stream().pipeThrough(new DecompressionStream('gzip')) : blob).arrayBuffer())
}

const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'))

/** What a kept data directory's store holds, read in one transaction. */
interface KeptRecords {
  base: Blob | undefined
  paths: string[]
  files: FileRecord[]
  blockKeys: [string, number][]
  blocks: Uint8Array[]
  removalSeqs: number[]
  removals: RemovalRecord[]
  seq: number | undefined
}

async function readKept(db: IDBDatabase): Promise<KeptRecords> {
  const tx = db.transaction(['base', 'files', 'blocks', 'removals', 'meta'])
  const [base, paths, files, blockKeys, blocks, removalSeqs, removals, seq] = await Promise.all([
    requested(tx.objectStore('base').get('base') as IDBRequest<Blob | undefined>),
    requested(tx.objectStore('files').getAllKeys() as IDBRequest<string[]>),
    requested(tx.objectStore('files').getAll() as IDBRequest<FileRecord[]>),
    requested(tx.objectStore('blocks').getAllKeys()).then((keys) => keys as [string, number][]),
    requested(tx.objectStore('blocks').getAll() as IDBRequest<Uint8Array[]>),
    requested(tx.objectStore('removals').getAllKeys() as IDBRequest<number[]>),
    requested(tx.objectStore('removals').getAll() as IDBRequest<RemovalRecord[]>),
    requested(tx.objectStore('meta').get('seq') as IDBRequest<number | undefined>),
  ])
  return { base, paths, files, blockKeys, blocks, removalSeqs, removals, seq }
}

/** The store behind KeptDataDirFS. */
class KeptDataDirBackend implements StorageBackend {
  #db: IDBDatabase | null = null
  #seq = 0
  /** Every path the snapshot holds: only their removals need a record. */
  #basePaths: string[] = []
  /** The size of each file kept in blocks, all of them stored: a write to one stores only the blocks it touched. */
  #sizes = new Map<string, number>()
  /** What the last store put (the tests read it). */
  lastStored = { files: 0, bytes: 0 }
  /** Reads bytes [start, end) of a file of the data directory as it is now (set by the file system once PGlite runs). */
  readRange: (path: string, start: number, end: number) => Uint8Array = () => {
    throw new Error('The data directory is not mounted yet')
  }
  /** Whether this start stored the snapshot it was given: a new database. */
  isNew = false

  /** The store, opened as the file system is made. */
  readonly #opened: Promise<IDBDatabase>
  /** Everything it keeps, read as soon as it is open (see the constructor). */
  readonly #kept: Promise<KeptRecords>

  constructor(
    readonly name: string,
    private readonly snapshot: Blob | null,
    /** Marks a step of the start (worker-marks.ts). */
    private readonly mark: (step: string) => void,
  ) {
    // Read at once: PGlite asks for the files only once Postgres is compiled and instantiated, and
    // the read (0.3 s for the log store's 64 MB) runs meanwhile instead of after. Only the leading
    // tab's worker makes this file system, so no other writer comes between the read and the start.
    this.#opened = openStore(name)
    this.#kept = this.#opened.then(async (db) => {
      this.mark('kept-files-reading')
      const kept = await readKept(db)
      this.mark('kept-files-read')
      return kept
    })
    // Awaited by init and load, which report a failure; not an unhandled rejection meanwhile.
    this.#kept.catch(() => undefined)
  }

  async init(): Promise<void> {
    this.#db = await this.#opened
  }

  #store(): IDBDatabase {
    if (!this.#db) throw new Error('The data directory store is not open')
    return this.#db
  }

  async *load(): AsyncIterable<StorageEntry> {
    const db = this.#store()
    const { base: kept, paths, files, blockKeys, blocks, removalSeqs, removals, seq } = await this.#kept
    this.#seq = seq ?? 0
    let base = kept ?? null
    // A directory initdb made (kept without a snapshot) never takes one under its files.
    if (!base && this.snapshot && paths.length === 0) {
      // The snapshot is stored before anything runs on it: from here the database exists.
      const storing = db.transaction('base', 'readwrite')
      storing.objectStore('base').put(this.snapshot, 'base')
      await completed(storing)
      base = this.snapshot
      this.isNew = true
    }
    // The data directory as it is: the snapshot, then every kept change in the order it was made.
    const state = new Map<string, Uint8Array | null>()
    if (base) {
      for (const item of parseTar(await tarOf(base))) {
        // nanotar drops the leading slash PGlite's dump gives each path.
        const path = `/${item.name.replace(/^\/+|\/+$/g, '')}`
        if (path === '/') continue
        state.set(path, item.type === 'directory' ? null : (item.data ?? new Uint8Array(0)))
      }
    }
    this.#basePaths = [...state.keys()]
    // Files kept in blocks, put together.
    const inBlocks = new Map<string, Uint8Array>()
    paths.forEach((path, index) => {
      const size = files[index]!.size
      if (size === undefined) return
      inBlocks.set(path, new Uint8Array(size))
      this.#sizes.set(path, size)
    })
    blockKeys.forEach(([path, block], index) => {
      const file = inBlocks.get(path)
      const at = block * BLOCK_BYTES
      if (file && at < file.length) file.set(blocks[index]!.subarray(0, file.length - at), at)
    })
    const changes: { seq: number; path: string; removed: boolean; data?: Uint8Array }[] = []
    paths.forEach((path, index) => changes.push({ seq: files[index]!.seq, path, removed: false, data: inBlocks.get(path) ?? files[index]!.data }))
    removalSeqs.forEach((removalSeq, index) => changes.push({ seq: removalSeq, path: removals[index]!.path, removed: true }))
    changes.sort((a, b) => a.seq - b.seq)
    for (const change of changes) {
      if (change.removed) {
        for (const path of [...state.keys()]) if (path === change.path || path.startsWith(`${change.path}/`)) state.delete(path)
      } else {
        state.set(change.path, change.data ?? null)
      }
    }
    // A folder only its files name is made too; sorted, parents come before their children.
    for (const path of [...state.keys()]) {
      for (let parent = parentOf(path); parent !== '' && !state.has(parent); parent = parentOf(parent)) state.set(parent, null)
    }
    this.mark('kept-files-merged')
    for (const path of [...state.keys()].sort()) {
      const data = state.get(path)
      yield data ? { kind: 'file', path, data } : { kind: 'dir', path }
    }
    this.mark('kept-files-loaded')
  }

  async apply(changes: ChangeSet): Promise<void> {
    // Read before anything awaits: the file system is exactly as the change set describes it.
    type Put = { path: string; size?: number; blocks: [number, Uint8Array][]; dropFrom?: number }
    const events: ({ kind: 'remove'; path: string } | ({ kind: 'put' } & Put))[] = []
    for (const op of changes.ops) {
      if (isUnkept(op.path)) continue
      events.push(op.op === 'remove' ? { kind: 'remove', path: op.path } : { kind: 'put', path: op.path, blocks: [] })
    }
    const sizes = new Map(this.#sizes)
    for (const event of events) if (event.kind === 'remove') for (const path of sizes.keys()) if (path === event.path || path.startsWith(`${event.path}/`)) sizes.delete(path)
    for (const file of [...changes.files.wal, ...changes.files.data, ...changes.files.control]) {
      if (isUnkept(file.path)) continue
      const kept = sizes.get(file.path)
      const count = Math.ceil(file.size / BLOCK_BYTES)
      // A file not kept in blocks yet is stored whole, once; then only the blocks written, and the
      // one its end moved through when it was resized.
      const ranges = file.chunks.map((chunk) => ({ at: chunk.at, length: chunk.data.length }))
      if (kept !== undefined && kept !== file.size && Math.min(kept, file.size) > 0) ranges.push({ at: Math.min(kept, file.size) - 1, length: 1 })
      const touched = kept === undefined ? [...Array(count).keys()] : touchedBlocks(file.size, ranges)
      const blocks = touched.map((block): [number, Uint8Array] => [block, this.readRange(file.path, block * BLOCK_BYTES, Math.min(file.size, (block + 1) * BLOCK_BYTES))])
      events.push({ kind: 'put', path: file.path, size: file.size, blocks, dropFrom: kept === undefined || kept > file.size ? count : undefined })
      sizes.set(file.path, file.size)
    }
    if (events.length === 0) return
    const tx = this.#store().transaction(['files', 'blocks', 'removals', 'meta'], 'readwrite')
    const files = tx.objectStore('files')
    const blockStore = tx.objectStore('blocks')
    let seq = this.#seq
    const stored = { files: 0, bytes: 0 }
    for (const event of events) {
      seq++
      if (event.kind === 'put') {
        files.put((event.size === undefined ? { seq } : { seq, size: event.size }) satisfies FileRecord, event.path)
        for (const [block, data] of event.blocks) blockStore.put(data, [event.path, block])
        if (event.dropFrom !== undefined) blockStore.delete(IDBKeyRange.bound([event.path, event.dropFrom], [event.path, Infinity]))
        stored.files++
        stored.bytes += event.blocks.reduce((sum, [, data]) => sum + data.length, 0)
        continue
      }
      files.delete(event.path)
      files.delete(IDBKeyRange.bound(`${event.path}/`, `${event.path}/\uffff`))
      blockStore.delete(IDBKeyRange.bound([event.path, 0], [event.path, Infinity]))
      blockStore.delete(IDBKeyRange.bound([`${event.path}/`, 0], [`${event.path}/\uffff`, Infinity]))
      if (this.#basePaths.some((path) => path === event.path || path.startsWith(`${event.path}/`))) {
        tx.objectStore('removals').put({ path: event.path } satisfies RemovalRecord, seq)
      }
    }
    tx.objectStore('meta').put(seq, 'seq')
    await completed(tx)
    this.#seq = seq
    this.#sizes = sizes
    this.lastStored = stored
  }

  async close(): Promise<void> {
    this.#db?.close()
    this.#db = null
  }
}

/**
 * PGlite's file system for a data directory kept in IndexedDB as described above. `snapshot`: what a
 * directory not kept yet starts from (stored as is); without one, PGlite runs initdb and its files are
 * kept as changes.
 */
export class KeptDataDirFS extends MemfsFrontendFS {
  declare readonly backend: KeptDataDirBackend

  constructor(name: string, snapshot: Blob | null, mark: (step: string) => void = () => undefined) {
    const backend = new KeptDataDirBackend(name, snapshot, mark)
    super(backend)
    backend.readRange = (path, start, end) => {
      const fs = this.pg?.Module.FS
      if (!fs) throw new Error('The data directory is not mounted yet')
      const bytes = new Uint8Array(end - start)
      const stream = fs.open(`${PGDATA}${path}`, 'r')
      try {
        fs.read(stream, bytes, 0, bytes.length, start)
      } finally {
        fs.close(stream)
      }
      return bytes
    }
  }

  /** Whether this start made the database from its snapshot (nothing was kept before). */
  get isNew(): boolean {
    return this.backend.isNew
  }
}
