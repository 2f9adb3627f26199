/**
 * Chunked upload sessions (`POST …/objects/uploads`, then `PATCH …/uploads/{id}` per chunk): what was
 * checked when the session opened (every limit, before any byte) and the bytes received so far, kept
 * in memory per platform until the last chunk completes the object or the session is cancelled.
 */
import type { PlatformContext } from '../context'
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
  chunks: Uint8Array[]
  received: number
}

const sessionsByPlatform = new WeakMap<PlatformContext, Map<string, UploadSession>>()

export function uploadSessions(ctx: PlatformContext): Map<string, UploadSession> {
  let sessions = sessionsByPlatform.get(ctx)
  if (!sessions) sessionsByPlatform.set(ctx, (sessions = new Map()))
  return sessions
}

/** The received chunks as one array of bytes. */
export function joinChunks(session: UploadSession): Uint8Array<ArrayBuffer> {
  return joinBytes(session.chunks)
}

/** An ETag for the bytes (storage-api sends the S3 MD5 in quotes; a SHA-256 prefix serves the same purpose here). */
export async function eTagOf(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return `"${hexOf(digest.slice(0, 16))}"`
}
