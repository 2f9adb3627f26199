import type { PGliteOptions } from '@electric-sql/pglite'
import { StudioPGlite } from './studio-pglite.ts'
import { encodeWorkerError } from './worker-error.ts'
import { joinBytes } from '../../src/lib/join-bytes.ts'

type ExecProtocolStream = StudioPGlite['execProtocolStream']
type ExecProtocol = StudioPGlite['execProtocol']
type ExecProtocolRaw = StudioPGlite['execProtocolRaw']
type ExecProtocolRawStream = StudioPGlite['execProtocolRawStream']

/**
 * The options of a raw stream the page asks for across the worker's RPC, which cannot carry a
 * function: the name of a BroadcastChannel to post the answer's bytes on instead, then `{ end: true }`.
 */
export interface StreamToChannel {
  streamTo: string
}

/**
 * How many bytes are gathered before a post: few at first, so the first rows leave at once, then
 * more (each post is a copy and a task on the page; Postgres hands over ~8 KB at a time).
 */
const FIRST_POST_BYTES = 32 * 1024
const LARGEST_POST_BYTES = 1024 * 1024

/** Where PGlite keeps the data directory in its file system (its `PGDATA`). */
const DATA_DIR = '/pglite/data'

/** How long a new database's first store waits for a moment without calls (syncToFs). */
export const FIRST_STORE_QUIET_MS = 1_000

/**
 * An Emscripten MEMFS node: a folder's `contents` maps names to nodes; every write sets `mtime`
 * (Date.now()). A file IDBFS loaded from IndexedDB has a Date there: it stores `stat().mtime` and
 * gives it back through `utime`.
 */
export interface FsNode {
  mtime: number | Date
  contents?: unknown
}

function isFolder(node: FsNode): node is FsNode & { contents: Record<string, FsNode> } {
  const contents = node.contents
  return typeof contents === 'object' && contents !== null && !ArrayBuffer.isView(contents) && !Array.isArray(contents)
}

/** Whether the node itself was written, made or renamed at or after `since`; a time it cannot read counts as yes. */
function touchedSince(node: FsNode, since: number): boolean {
  const time = node.mtime instanceof Date ? node.mtime.getTime() : node.mtime
  return typeof time !== 'number' || Number.isNaN(time) || time >= since
}

/** Whether any file or folder under `node` was written, made, renamed or removed at or after `since`. */
export function changedSince(node: FsNode, since: number): boolean {
  if (touchedSince(node, since)) return true
  return isFolder(node) && Object.values(node.contents).some((child) => changedSince(child, since))
}

/**
 * Folders of the data directory whose changes need no store: Postgres's temporary statistics, where
 * pg_stat_statements (preloaded in every project database) rewrites its query texts at every new
 * statement, reads included. Nothing a restart reads: its counters are kept only by a clean
 * shutdown, which a page never has.
 */
const UNKEPT_FOLDERS: ReadonlySet<string> = new Set(['pg_stat_tmp'])

/** Whether anything of the data directory (`root`) that a restart needs changed at or after `since`. */
export function dataChangedSince(root: FsNode, since: number): boolean {
  if (touchedSince(root, since) || !isFolder(root)) return true
  return Object.entries(root.contents).some(([name, child]) => !UNKEPT_FOLDERS.has(name) && changedSince(child, since))
}

/**
 * The first millisecond after this one (at most a millisecond's wait): a file written until now has
 * an earlier time (Emscripten's MEMFS stamps Date.now()), one written from now on this or a later one.
 */
function nextMillisecond(): number {
  const now = Date.now()
  let next = now
  while (next === now) next = Date.now()
  return next
}

/**
 * The PGlite the worker serves. The page asks for every statement's answer as raw bytes
 * (`execProtocolRaw`, raw-pglite-worker.ts) and reads Postgres's errors from them itself; what is
 * thrown here otherwise reaches the page with only its message, so a Postgres error is encoded first.
 *
 * Durability, once per call rather than once per protocol message: PGlite syncs its file system
 * (IndexedDB) after every message it is sent, and a query is six of them (parse, describe, bind,
 * describe, execute, sync), each a full Emscripten IDBFS pass over the data directory. The page's
 * PGliteWorker asks for one sync after each query or exec outside a transaction, and waits for it,
 * so that one alone does the work: nothing answered is less durable than before. And that one is
 * skipped when no file of the data directory changed since the last sync began (a read: a pass
 * over ~2,000 in-memory nodes, well under a millisecond, instead of ~25 ms of IDBFS work).
 */
export class ErrorForwardingPGlite extends StudioPGlite {
  #inStatement = 0
  /** When the last sync began (Date.now()); null before the first, which always runs. */
  #syncedFrom: number | null = null
  /** Whether the database was loaded from a snapshot, whose first sync stores every file. */
  readonly #loadedFromSnapshot: boolean
  /** That first store, once begun; a later sync waits for it. */
  #firstStore: Promise<void> | null = null
  /** Set while the worker's own start-up work runs (holdStores): nothing is stored until it ends. */
  #storesHeld = false
  /**
   * Before the first store: when what the database holds stopped being the snapshot and the
   * worker's own start-up work (ready, or the hold released). A change of the data directory
   * after it is the page's: a write, stored before it is answered.
   */
  #ownWorkUntil: number | null = null
  /** The first store's timer, restarted by every call until the database has been quiet. */
  #quietTimer: ReturnType<typeof setTimeout> | null = null

  /** `firstStoreQuietMs`: the quiet moment before a new database's first store (syncToFs). */
  constructor(
    options: PGliteOptions = {},
    private readonly firstStoreQuietMs = FIRST_STORE_QUIET_MS,
  ) {
    super(options)
    this.#loadedFromSnapshot = options.loadDataDir !== undefined
    if (this.#loadedFromSnapshot) {
      void this.waitReady.then(
        () => (this.#ownWorkUntil ??= nextMillisecond()),
        () => {},
      )
    }
  }

  /** Started from a snapshot (a new database), not from a data directory kept as it was. */
  get loadedFromSnapshot(): boolean {
    return this.#loadedFromSnapshot
  }

  override execProtocolStream(...args: Parameters<ExecProtocolStream>): ReturnType<ExecProtocolStream> {
    return this.#asOneStatement(() => super.execProtocolStream(...args)).catch((error: unknown) => {
      throw encodeWorkerError(error)
    })
  }

  override execProtocol(...args: Parameters<ExecProtocol>): ReturnType<ExecProtocol> {
    return this.#asOneStatement(() => super.execProtocol(...args))
  }

  /**
   * The page's raw call (raw-pglite-worker.ts): Postgres's answer as bytes, collected as they come
   * and not parsed here. PGlite's own execProtocolRaw also parses every message into an object it
   * then drops (100,000 rows: 300 ms against 45 ms in node). Called from execProtocol(Stream) it
   * stays PGlite's, which needs that parse. No sync: the page asks for one after the query.
   */
  override async execProtocolRaw(...args: Parameters<ExecProtocolRaw>): ReturnType<ExecProtocolRaw> {
    if (this.#inStatement > 0) return super.execProtocolRaw(...args)
    const chunks: Uint8Array[] = []
    await this.#asOneStatement(() =>
      super.execProtocolRawStream(args[0], {
        syncToFs: false,
        // The chunk is a view of PGlite's own buffer, written over by the next one.
        onRawData: (chunk) => chunks.push(chunk.slice()),
      }),
    ).catch((error: unknown) => {
      throw encodeWorkerError(error)
    })
    return joinBytes(chunks)
  }

  /**
   * The page's streamed call (raw-pglite-worker.ts): the answer's bytes posted on the channel the
   * page named as Postgres writes them, so the page reads the first rows while the rest are made.
   * The end is posted on the same channel (the RPC's own answer may overtake the bytes). Other
   * callers (PGlite itself) get PGlite's.
   */
  override async execProtocolRawStream(...args: Parameters<ExecProtocolRawStream>): ReturnType<ExecProtocolRawStream> {
    const streamTo = (args[1] as Partial<StreamToChannel> | undefined)?.streamTo
    if (typeof streamTo !== 'string' || this.#inStatement > 0) return super.execProtocolRawStream(...args)
    const channel = new BroadcastChannel(streamTo)
    let gathered: Uint8Array[] = []
    let size = 0
    let postAt = FIRST_POST_BYTES
    const post = () => {
      if (size === 0) return
      channel.postMessage(joinBytes(gathered))
      gathered = []
      size = 0
      postAt = Math.min(postAt * 2, LARGEST_POST_BYTES)
    }
    try {
      await this.#asOneStatement(() =>
        super.execProtocolRawStream(args[0], {
          syncToFs: false,
          onRawData: (chunk) => {
            // A view of PGlite's own buffer, written over by the next chunk.
            gathered.push(chunk.slice())
            size += chunk.length
            if (size >= postAt) post()
          },
        }),
      )
      post()
    } catch (error) {
      throw encodeWorkerError(error)
    } finally {
      channel.postMessage({ end: true })
      channel.close()
    }
  }

  /** One call of ours: PGlite's protocol calls inside it neither sync (syncToFs) nor take the raw path (execProtocolRaw). */
  async #asOneStatement<T>(run: () => Promise<T>): Promise<T> {
    if (this.#quietTimer !== null) this.#storeOnceQuiet()
    this.#inStatement++
    try {
      return await run()
    } finally {
      this.#inStatement--
    }
  }

  /**
   * The first store of a database loaded from a snapshot puts its whole data directory (≈ 1,000
   * files, 25 MB) into IndexedDB: 1.6–2.0 s in Chromium on a 2-core machine (2026-11-30), during
   * which the worker's thread answers nothing (IDBFS reads every file and IndexedDB clones each
   * value synchronously). Begun at the page's first call, it held that call's answer back and, with
   * it, the new project's first screen. So it waits until the database has been quiet a moment
   * (FIRST_STORE_QUIET_MS after the last call), while reads are answered: until a write, what the
   * database holds is the snapshot and the worker's own start-up work, which a page closed before
   * the store loses nothing of (the next start makes it again). A write begins it at once, and is
   * answered only once it is stored. IDBFS stores in one transaction: a page closed during it
   * leaves no data directory, and the next start loads the snapshot again (pglite.worker.ts).
   */
  override async syncToFs(): Promise<void> {
    if (this.#inStatement > 0 || this.#storesHeld) return
    if (this.#loadedFromSnapshot && this.#firstStore === null) {
      const since = this.#ownWorkUntil
      if (since !== null && this.#dataChangedSince(since)) await this.#beginFirstStore()
      else this.#storeOnceQuiet()
      return
    }
    if (this.#syncedFrom !== null && !this.#dataChangedSince(this.#syncedFrom)) return
    // Not Date.now(): a write in this very millisecond, already in this store, would count as changed after it and be stored again.
    const startedAt = nextMillisecond()
    await this.#firstStore
    await super.syncToFs()
    this.#syncedFrom = startedAt
  }

  /** (Re)starts the quiet moment after which the first store begins. */
  #storeOnceQuiet(): void {
    this.#stopQuietTimer()
    this.#quietTimer = setTimeout(() => {
      this.#quietTimer = null
      if (this.closed || this.#firstStore !== null) return
      if (this.#inStatement > 0 || this.#storesHeld) this.#storeOnceQuiet()
      else void this.#beginFirstStore()
    }, this.firstStoreQuietMs)
  }

  #stopQuietTimer(): void {
    if (this.#quietTimer !== null) clearTimeout(this.#quietTimer)
    this.#quietTimer = null
  }

  #beginFirstStore(): Promise<void> {
    this.#stopQuietTimer()
    this.#syncedFrom = nextMillisecond()
    this.#firstStore = super.syncToFs().catch((error: unknown) => {
      // The next sync stores the whole directory again (IDBFS compares it with what is stored), and reports its own failure.
      console.warn('Project database: not stored in IndexedDB yet', error)
      this.#syncedFrom = null
    })
    return this.#firstStore
  }

  override async close(): Promise<void> {
    this.#stopQuietTimer()
    return super.close()
  }

  /**
   * Holds every store until releaseStores: for the worker's own work on a new database before the
   * page can reach it (its demo rows, pglite.worker.ts), so the first store holds that work too
   * instead of that work waiting for the first store. Nothing the page writes can be held: the
   * page's calls wait for the worker's start, which releases first.
   */
  holdStores(): void {
    this.#storesHeld = true
  }

  releaseStores(): void {
    this.#storesHeld = false
    this.#ownWorkUntil = nextMillisecond()
    if (this.#loadedFromSnapshot && this.#firstStore === null) this.#storeOnceQuiet()
  }

  #dataChangedSince(since: number): boolean {
    const fs = this.mod?.FS
    if (!fs) return true
    try {
      // In the browser the data directory is a symbolic link to the IDBFS mount: followed.
      return dataChangedSince(fs.lookupPath(DATA_DIR, { follow: true }).node as unknown as FsNode, since)
    } catch {
      return true // no readable data directory: sync as PGlite would
    }
  }
}
