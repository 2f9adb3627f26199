/**
 * Chunked upload sessions (`POST …/objects/uploads`, then `PATCH …/uploads/{id}` per chunk): what was
 * checked when the session opened (every limit, before any byte) and the bytes received so far, kept
 * until the last chunk completes the object or the session is cancelled. In memory per platform (the
 * page, node), or in the records database where replicas share it (upload-sessions-postgres.ts): the
 * load balancer may send each chunk to another replica.
 */
import type { StorageCallerClaims } from './sql'
import { hexOf } from '../../src/lib/hex'
import { joinBytes } from '../../src/lib/join-bytes'

export interface UploadSession {
  id: string
  ref: string
  bucket: string
  path: string
  size: number
  mimetype: string
  upsert: boolean
  caller: StorageCallerClaims
  /** Bytes received so far. */
  received: number
}

export interface UploadSessionStore {
  open(session: Omit<UploadSession, 'received'>): Promise<void>
  get(id: string): Promise<UploadSession | null>
  /**
   * Keeps `chunk` when `offset` is where the upload stands, and answers where it stands then; a chunk
   * at another offset (sent twice, or by two replicas at once) is not kept. Null: no such upload.
   */
  append(id: string, offset: number, chunk: Uint8Array): Promise<{ kept: boolean; received: number } | null>
  /** The upload's bytes, whole; the session is gone. Null when it was gone already (finished elsewhere). */
  finish(id: string): Promise<Uint8Array<ArrayBuffer> | null>
  /** Whether there was such an upload to drop. */
  cancel(id: string): Promise<boolean>
}

export function createMemoryUploadSessions(): UploadSessionStore {
  const sessions = new Map<string, { session: UploadSession; chunks: Uint8Array[] }>()
  return {
    async open(session) {
      sessions.set(session.id, { session: { ...session, received: 0 }, chunks: [] })
    },
    async get(id) {
      const found = sessions.get(id)
      return found ? { ...found.session } : null
    },
    async append(id, offset, chunk) {
      const found = sessions.get(id)
      if (!found) return null
      if (offset !== found.session.received) return { kept: false, received: found.session.received }
      found.chunks.push(chunk)
      found.session.received += chunk.length
      return { kept: true, received: found.session.received }
    },
    async finish(id) {
      const found = sessions.get(id)
      if (!found) return null
      sessions.delete(id)
      return joinBytes(found.chunks)
    },
    async cancel(id) {
      return sessions.delete(id)
    },
  }
}

/** An ETag for the bytes (storage-api sends the S3 MD5 in quotes; a SHA-256 prefix serves the same purpose here). */
export async function eTagOf(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return `"${hexOf(digest.slice(0, 16))}"`
}
