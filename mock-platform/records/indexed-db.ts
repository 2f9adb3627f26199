/** The answer of an IndexedDB request, as a promise; its error (or a plain one) when it fails. */
export const requested = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })

/** An IndexedDB transaction's end: resolved once it is committed, rejected when it fails or is aborted. */
export const completed = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve()
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'))
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'))
  })

/**
 * A connection a store keeps open between its uses, opened on first use. It gives way when another
 * tab (or a test's reset) deletes or upgrades the database: closed at once, so that tab is not left
 * waiting on an idle one, and opened again by the next use. A failed open is not kept either.
 */
export function keptConnection(open: () => Promise<IDBDatabase>): () => Promise<IDBDatabase> {
  let connection: Promise<IDBDatabase> | null = null
  return () =>
    (connection ??= open().then(
      (database) => {
        database.onversionchange = () => {
          database.close()
          connection = null
        }
        return database
      },
      (error: unknown) => {
        connection = null
        throw error
      },
    ))
}
