import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { completed, keptConnection, requested } from './indexed-db'

function openNotes(name: string): Promise<IDBDatabase> {
  const opening = indexedDB.open(name, 1)
  opening.onupgradeneeded = () => opening.result.createObjectStore('notes', { autoIncrement: true })
  return requested(opening)
}

/** Deletes `name` and says whether the deletion had to wait on a connection left open. */
function deleteDatabase(name: string): Promise<{ blocked: boolean }> {
  return new Promise((resolve, reject) => {
    let blocked = false
    const deleting = indexedDB.deleteDatabase(name)
    deleting.onblocked = () => (blocked = true)
    deleting.onsuccess = () => resolve({ blocked })
    deleting.onerror = () => reject(deleting.error)
  })
}

async function count(database: IDBDatabase): Promise<number> {
  return requested(database.transaction('notes').objectStore('notes').count())
}

describe('a kept connection', () => {
  it('gives way to a deletion from elsewhere at once, and the next use opens the database again, empty', async () => {
    const connection = keptConnection(() => openNotes('kept-gives-way'))
    const writing = (await connection()).transaction('notes', 'readwrite')
    writing.objectStore('notes').add('before the reset')
    await completed(writing)
    expect(await count(await connection())).toBe(1)

    expect(await deleteDatabase('kept-gives-way')).toEqual({ blocked: false })
    expect(await count(await connection())).toBe(0)
  })

  it('is the one connection between uses', async () => {
    const connection = keptConnection(() => openNotes('kept-one'))
    expect(await connection()).toBe(await connection())
  })

  it('is opened again after an open that failed', async () => {
    let opens = 0
    const connection = keptConnection(() => (++opens === 1 ? Promise.reject(new Error('quota')) : openNotes('kept-retry')))
    await expect(connection()).rejects.toThrow('quota')
    expect(await count(await connection())).toBe(0)
    expect(opens).toBe(2)
  })
})
