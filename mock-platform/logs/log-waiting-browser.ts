/**
 * Where the page's log events wait until its log store opens (the store opens on the first read of
 * logs, or when the page is idle: log-store-warmup.ts): an IndexedDB store beside the store's own
 * database, so what was recorded moments before a reload is written by the next page. Every tab
 * keeps its events here; whichever store opens next takes them all, under a Web Lock, so two tabs
 * opening at once never write an event twice.
 */
import { completed, keptConnection, requested } from '../records/indexed-db'
import type { LogEvent, WaitingLogEvents } from './log-store'

const DATABASE = 'studio-log-events-waiting'
const STORE = 'events'
const TAKING_LOCK = 'studio-log-events-waiting'

function openWaiting(): Promise<IDBDatabase> {
  const opening = indexedDB.open(DATABASE, 1)
  // Keys count up: events are written in the order they were kept, and a range of them can be forgotten at once.
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { autoIncrement: true })
  return requested(opening)
}

export function indexedDbWaitingLogEvents(): WaitingLogEvents {
  const opened = keptConnection(openWaiting)
  return {
    async keep(events: LogEvent[]) {
      const transaction = (await opened()).transaction(STORE, 'readwrite')
      const store = transaction.objectStore(STORE)
      for (const event of events) store.add(event)
      await completed(transaction)
    },
    async take(write: (events: LogEvent[]) => Promise<void>) {
      await navigator.locks.request(TAKING_LOCK, async () => {
        const db = await opened()
        const reading = db.transaction(STORE, 'readonly').objectStore(STORE)
        const [keys, events] = await Promise.all([requested(reading.getAllKeys()), requested(reading.getAll() as IDBRequest<LogEvent[]>)])
        if (keys.length === 0) return
        try {
          await write(events)
        } finally {
          // Written, or refused as the store's own write would be: either way not taken again. What
          // other tabs kept meanwhile has later keys and stays. A page gone mid-write leaves them all.
          const forgetting = db.transaction(STORE, 'readwrite')
          forgetting.objectStore(STORE).delete(IDBKeyRange.bound(keys[0]!, keys[keys.length - 1]!))
          await completed(forgetting)
        }
      })
    },
  }
}
