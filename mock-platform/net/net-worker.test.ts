import { describe, expect, it } from 'vitest'
import type { ProjectDatabase } from '../postgres/types'
import { scheduleHttpDrain, type QueuedRequest } from './net-worker'

/** A database that holds pg_net's queue in memory and counts the drains that took from it (each delete is one). */
function queueDatabase() {
  const queue: { id: number; url: string }[] = []
  let nextId = 1
  const state = { takes: 0 }
  const db = {
    async query(sql: string) {
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (sql.includes('to_regclass')) return { rows: [{ present: true }] }
      if (sql.trim().startsWith('delete')) {
        state.takes++
        return { rows: queue.splice(0).map((row) => ({ id: String(row.id), method: 'GET', url: row.url, headers: {}, body: null, timeout_milliseconds: 1000 })) }
      }
      return { rows: [] }
    },
  } as unknown as ProjectDatabase
  return { db, state, enqueue: (url: string) => void queue.push({ id: nextId++, url }) }
}

describe("the mock's pg_net worker", () => {
  it('lets callers while a drain waits share it, and sends what each queued by the time its drain resolves', async () => {
    const { db, state, enqueue } = queueDatabase()
    const sent: string[] = []
    const options = { fetch: (async () => new Response('ok')) as typeof fetch, blocked: () => null, onSent: (request: QueuedRequest) => void sent.push(request.url) }
    const first = scheduleHttpDrain(db, options)
    const later: Promise<void>[] = []
    for (let n = 0; n < 20; n++) {
      enqueue(`http://localhost/${n}`)
      later.push(scheduleHttpDrain(db, options))
    }
    await Promise.all([first, ...later])
    // The first drain, and one more for all that came while it ran: not one each (21 before).
    expect(state.takes).toBeLessThanOrEqual(3)
    expect(sent).toEqual(Array.from({ length: 20 }, (_, n) => `http://localhost/${n}`))
    // A later call drains again.
    enqueue('http://localhost/last')
    await scheduleHttpDrain(db, options)
    expect(sent.at(-1)).toBe('http://localhost/last')
  })
})
