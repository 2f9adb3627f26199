/**
 * The worker's side of PGlite's multi-tab database: `worker()` of `@electric-sql/pglite/worker`
 * (0.5.16–0.5.17, Apache-2.0), speaking the same messages to the page's PGliteWorker, with one
 * change. Every tab of a project has a worker; the one that wins the election lock runs the
 * database and serves each tab's calls over a channel of that tab's own.
 *
 * The change: a tab's call waits for the database's query or transaction lock in the leader, and
 * the leader notes the lock it hands the tab, to release it when the tab closes. Upstream notes it
 * and cleans up once, when the tab's close lock falls; a call that got its lock after that (the tab
 * closed while its statement waited behind another tab's) held it for good, and every later
 * statement of every tab — the leader's own page too — waited forever. Here a lock granted to a
 * closed tab is released at once, and a closed tab's calls not yet begun are not run.
 *
 * And one addition: the leader checkpoints its database once its writes have been quiet a while
 * (quiet-checkpoint.ts), which single-user Postgres never does on its own.
 */
import type { PGlite } from '@electric-sql/pglite'
import type { PGliteWorkerOptions } from '@electric-sql/pglite/worker'
import { checkpointWhenQuiet } from './quiet-checkpoint.ts'

type LeaderOptions = Exclude<PGliteWorkerOptions, 'extensions'>

/** The calls a tab's PGliteWorker makes (its `#rpc`), as the leader answers them. */
export function leaderApiForTab(db: PGlite, tabClosed: Promise<void>) {
  let closed = false
  let queryLockRelease: (() => void) | null = null
  let transactionLockRelease: (() => void) | null = null
  const releaseQueryLock = () => {
    queryLockRelease?.()
    queryLockRelease = null
  }
  const releaseTransactionLock = () => {
    transactionLockRelease?.()
    transactionLockRelease = null
  }
  void tabClosed.then(() => {
    closed = true
    // Queued before the locks fall, so that it runs before anything another tab is waiting with.
    if (transactionLockRelease) void db.exec('ROLLBACK').catch(() => undefined)
    releaseQueryLock()
    releaseTransactionLock()
  })
  /** Takes one of the database's locks for the tab: held until the tab releases it or closes. */
  const holdFor = (runExclusive: (fn: () => Promise<void>) => Promise<void>, keep: (release: () => void) => void) =>
    new Promise<void>((granted) => {
      void runExclusive(
        () =>
          new Promise<void>((release) => {
            if (closed) release()
            else keep(release)
            granted()
          }),
      )
    })
  return {
    get closed() {
      return closed
    },
    async getDebugLevel() {
      return db.debug
    },
    async close() {
      await db.close()
    },
    async execProtocol(message: Uint8Array) {
      const { messages, data } = await db.execProtocol(message)
      return { messages, data: ownBuffer(data) }
    },
    async execProtocolStream(message: Uint8Array) {
      return db.execProtocolStream(message)
    },
    async execProtocolRawStream(message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) {
      return db.execProtocolRawStream(message, options)
    },
    async execProtocolRaw(message: Uint8Array) {
      return ownBuffer(await db.execProtocolRaw(message))
    },
    async dumpDataDir(compression?: Parameters<PGlite['dumpDataDir']>[0]) {
      return db.dumpDataDir(compression)
    },
    async syncToFs() {
      return db.syncToFs()
    },
    async _handleBlob(blob?: File | Blob) {
      return db._handleBlob(blob)
    },
    async _getWrittenBlob() {
      return db._getWrittenBlob()
    },
    async _cleanupBlob() {
      return db._cleanupBlob()
    },
    async _checkReady() {
      return db._checkReady()
    },
    async _acquireQueryLock() {
      return holdFor((fn) => db._runExclusiveQuery(fn), (release) => (queryLockRelease = release))
    },
    async _releaseQueryLock() {
      releaseQueryLock()
    },
    async _acquireTransactionLock() {
      return holdFor((fn) => db._runExclusiveTransaction(fn), (release) => (transactionLockRelease = release))
    },
    async _releaseTransactionLock() {
      releaseTransactionLock()
    },
  }
}

type LeaderApi = ReturnType<typeof leaderApiForTab>
type LeaderCall = Exclude<keyof LeaderApi, 'closed'>

/** A slice of the wasm's whole memory is copied: posting it would clone all of it. */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
}

/** Resolves when `name` is ours; held until the worker (or its tab) ends. */
function holdLock(name: string): Promise<void> {
  return new Promise((held) => {
    void navigator.locks.request(name, () => new Promise<void>(() => held()))
  })
}

/** Resolves when the tab's PGliteWorker lets its close lock go: the tab closed, or its PGliteWorker did. */
function whenTabCloses(tabId: string): Promise<void> {
  return new Promise((closed) => {
    void navigator.locks.request(`pglite-tab-close:${tabId}`, () => closed())
  })
}

function connectTab(tabId: string, db: PGlite, connectedTabs: Set<string>): void {
  if (connectedTabs.has(tabId)) return
  connectedTabs.add(tabId)
  const tabChannel = new BroadcastChannel(`pglite-tab:${tabId}`)
  const tabClosed = whenTabCloses(tabId)
  const api = leaderApiForTab(db, tabClosed)
  void tabClosed.then(() => {
    tabChannel.close()
    connectedTabs.delete(tabId)
  })
  tabChannel.addEventListener('message', (event: MessageEvent<{ type?: string; callId: string; method: LeaderCall; args: unknown[] }>) => {
    if (event.data.type !== 'rpc-call') return
    void answerCall(db, api, tabChannel, event.data)
  })
  tabChannel.postMessage({ type: 'connected' })
}

async function answerCall(db: PGlite, api: LeaderApi, tabChannel: BroadcastChannel, { callId, method, args }: { callId: string; method: LeaderCall; args: unknown[] }) {
  await db.waitReady
  // Nobody is listening for the answer, and a call begun now would act for a tab that is gone.
  if (api.closed) return
  try {
    const result: unknown = await (api[method] as (...callArgs: unknown[]) => Promise<unknown>)(...args)
    if (!api.closed) tabChannel.postMessage({ type: 'rpc-return', callId, result })
  } catch (error) {
    console.error(error)
    if (!api.closed) tabChannel.postMessage({ type: 'rpc-error', callId, error: { message: (error as Error).message } })
  }
}

/** The worker script's entry, as PGlite's `worker({ init })`: `init` starts the database once this worker leads. */
export async function leadTabs({ init }: { init: (options: LeaderOptions) => Promise<PGlite> }): Promise<void> {
  postMessage({ type: 'here' })
  const options = await new Promise<LeaderOptions>((resolve) => {
    const onInit = (event: MessageEvent<{ type?: string; options: LeaderOptions }>) => {
      if (event.data.type !== 'init') return
      removeEventListener('message', onInit)
      resolve(event.data.options)
    }
    addEventListener('message', onInit)
  })
  // The group of workers that elect one leader for a shared database: the worker's URL and the data directory.
  const id = options.id ?? `${import.meta.url}:${options.dataDir ?? ''}`
  postMessage({ type: 'ready', id })
  const broadcastChannel = new BroadcastChannel(`pglite-broadcast:${id}`)
  const connectedTabs = new Set<string>()
  // Held until this worker ends, which hands the database to the next tab's worker.
  await holdLock(`pglite-election-lock:${id}`)
  const started = init(options)
  broadcastChannel.onmessage = async (event: MessageEvent<{ type?: string; id: string }>) => {
    if (event.data.type === 'tab-here') connectTab(event.data.id, await started, connectedTabs)
  }
  broadcastChannel.postMessage({ type: 'leader-here', id })
  postMessage({ type: 'leader-now' })
  const db = await started
  db.onNotification((channel, payload) => broadcastChannel.postMessage({ type: 'notify', channel, payload }))
  checkpointWhenQuiet(db)
}
