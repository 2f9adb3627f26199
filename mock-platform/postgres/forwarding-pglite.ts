import type { PGliteOptions } from '@electric-sql/pglite'
import { UNKEPT_FOLDERS } from './kept-data-dir-fs.ts'
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
 * describe, execute, sync). The page's PGliteWorker asks for one sync after each query or exec
 * outside a transaction, and waits for it, so that one alone does the work: nothing answered is
 * less durable than before. And that one is skipped when no file of the data directory changed
 * since the last sync began (a read: a pass over ~2,000 in-memory nodes, well under a millisecond).
 */
export class ErrorForwardingPGlite extends StudioPGlite {
  #inStatement = 0
  /** When the last sync began (Date.now()); before the first, when the database was ready; null before. */
  #syncedFrom: number | null = null
  /** Set while the worker's own start-up work runs (holdStores): nothing is stored until it ends. */
  #storesHeld = false

  constructor(options: PGliteOptions = {}) {
    super(options)
    // What the start itself wrote (its recovery's checkpoint) needs no store: unstored, the next
    // start recovers from the same kept state again. It is stored with the first write after it.
    void this.waitReady.then(
      () => (this.#syncedFrom = nextMillisecond()),
      () => {},
    )
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
    this.#inStatement++
    try {
      return await run()
    } finally {
      this.#inStatement--
    }
  }

  /**
   * The page's sync after a call (see above), skipped when nothing a restart needs changed since the
   * last one began. The data directory's file system (kept-data-dir-fs.ts) stores what changed, in
   * one transaction.
   */
  override async syncToFs(): Promise<void> {
    // Null until ready: PGlite's own syncs during its start (see the constructor).
    if (this.#inStatement > 0 || this.#storesHeld || this.#syncedFrom === null) return
    if (!this.#dataChangedSince(this.#syncedFrom)) return
    // Not Date.now(): a write in this very millisecond, already in this store, would count as changed after it and be stored again.
    const startedAt = nextMillisecond()
    await super.syncToFs()
    this.#syncedFrom = startedAt
  }

  /**
   * Holds every store until releaseStores: for the worker's own work on a new database before the
   * page can reach it (its demo rows, pglite.worker.ts), stored at once in one store after it
   * instead of one store a statement. Nothing the page writes can be held: the page's calls wait
   * for the worker's start, which releases first.
   */
  holdStores(): void {
    this.#storesHeld = true
  }

  releaseStores(): Promise<void> {
    this.#storesHeld = false
    return this.syncToFs()
  }

  #dataChangedSince(since: number): boolean {
    const fs = this.mod?.FS
    if (!fs) return true
    try {
      // On PGlite's IDBFS (a data directory being moved: idb-data-dir.ts) it is a symbolic link to the mount: followed.
      return dataChangedSince(fs.lookupPath(DATA_DIR, { follow: true }).node as unknown as FsNode, since)
    } catch {
      return true // no readable data directory: sync as PGlite would
    }
  }
}
