import type { QueryClient } from '@tanstack/react-query'
import { fromPromise, type ActorRefFrom } from 'xstate'
import { storageUploadMachine, uploadPhase, type UploadPhase } from '../../../../machines/storage-upload.machine'
import { queryKeys } from '../../../api/queries/keys'
import { cancelUpload, startUpload, storageBucketQuery, storageConfigQuery, uploadChunk } from '../../../api/queries/storage'
import { STORAGE_UPLOAD_CHUNK_SIZE, STORAGE_UPLOAD_CONCURRENCY } from '../../../constants'
import { createInspectedActor } from '../../../lib/inspection'
import { fileNameOf, UNKNOWN_MIME_TYPE, uploadTargetPath, type UploadLimits } from '../../../lib/storage-uploads'

/** A file to upload and where it goes. */
export interface UploadRequest {
  file: Blob
  /** The full object path in the bucket. */
  path: string
}

/** One row of the uploads panel. */
export interface UploadRow {
  id: number
  bucketId: string
  path: string
  name: string
  size: number
  /** Bytes the server acknowledged. */
  sent: number
  phase: UploadPhase
  error: string | null
  /** Failed tries of the current chunk (for "retrying 2 of 3"). */
  attempts: number
}

const ACTIVE: ReadonlySet<UploadPhase> = new Set(['checking', 'starting', 'uploading', 'retrying', 'cancelling'])
const FINISHED: ReadonlySet<UploadPhase> = new Set(['done', 'refused', 'cancelled'])

export const isFinished = (row: UploadRow) => FINISHED.has(row.phase)

/** What the queue calls on the platform: the real calls by default, fakes in tests. */
export interface UploadCalls {
  readLimits: (bucketId: string, signal: AbortSignal) => Promise<UploadLimits>
  createSession: (bucketId: string, body: { path: string; size: number; mimetype: string; upsert: boolean }, signal: AbortSignal) => Promise<{ uploadId: string; chunkSize: number }>
  sendChunk: (bucketId: string, uploadId: string, offset: number, bytes: Blob, signal: AbortSignal) => Promise<{ offset: number }>
  deleteSession: (bucketId: string, uploadId: string) => Promise<void>
}

export function platformUploadCalls(ref: string, queryClient: QueryClient): UploadCalls {
  return {
    async readLimits(bucketId) {
      // Read fresh: a limit changed a moment ago in another tab applies to this file. Not retried
      // here: the upload machine retries (and says so on the row) as it does a chunk.
      const [bucket, config] = await Promise.all([
        queryClient.fetchQuery({ ...storageBucketQuery(ref, bucketId), staleTime: 0, retry: false }),
        queryClient.fetchQuery({ ...storageConfigQuery(ref), staleTime: 0, retry: false }),
      ])
      return { bucketFileSizeLimit: bucket.file_size_limit, allowedMimeTypes: bucket.allowed_mime_types, projectFileSizeLimit: config.fileSizeLimit }
    },
    createSession: (bucketId, body, signal) => startUpload(ref, bucketId, body, { signal }),
    sendChunk: (bucketId, uploadId, offset, bytes, signal) => uploadChunk(ref, bucketId, uploadId, offset, bytes, { signal }),
    deleteSession: (bucketId, uploadId) => cancelUpload(ref, bucketId, uploadId),
  }
}

interface Entry {
  id: number
  bucketId: string
  file: Blob
  chunkSize: number
  actor: ActorRefFrom<typeof storageUploadMachine>
  row: UploadRow
}

/**
 * A project's uploads: every file gets its own upload statechart; at most
 * STORAGE_UPLOAD_CONCURRENCY are sending at once, the others wait their turn in order (a file
 * waiting for a replace-or-keep answer does not hold a slot). Rows are kept until cleared, so a
 * failed file can be retried and a finished one seen. A finished file refreshes its bucket's
 * listings (coalesced: a folder of a hundred files refetches once per pause, not a hundred times).
 */
export class UploadQueue {
  private entries: Entry[] = []
  private rows: readonly UploadRow[] = []
  private listeners = new Set<() => void>()
  private nextId = 1

  constructor(
    private readonly calls: UploadCalls,
    private readonly onUploaded: (bucketId: string, path: string) => void,
    private readonly concurrency = STORAGE_UPLOAD_CONCURRENCY,
    /** Replaces the backoff between retries (the reliability matrix runs every fault without waiting). */
    private readonly backoffMs?: number,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getRows = (): readonly UploadRow[] => this.rows

  /** Queues files for `bucketId`; each gets `request.path`; answers the new rows' ids. */
  add(bucketId: string, requests: readonly UploadRequest[], options: { upsert?: boolean } = {}): number[] {
    const ids = requests.map((request) => this.addOne(bucketId, request, options.upsert ?? false))
    this.pump()
    this.publish()
    return ids
  }

  private addOne(bucketId: string, request: UploadRequest, upsert: boolean): number {
    const id = this.nextId++
    const mimetype = request.file.type || UNKNOWN_MIME_TYPE
    const calls = this.calls
    const entry = { id, bucketId, file: request.file, chunkSize: STORAGE_UPLOAD_CHUNK_SIZE } as Entry
    const machine = storageUploadMachine.provide({
      actors: {
        readLimits: fromPromise(({ input, signal }) => calls.readLimits(input.bucketId, signal)),
        createSession: fromPromise(async ({ input, signal }) => {
          const session = await calls.createSession(input.bucketId, { path: input.path, size: input.size, mimetype: input.mimetype, upsert: input.upsert }, signal)
          entry.chunkSize = session.chunkSize > 0 ? session.chunkSize : STORAGE_UPLOAD_CHUNK_SIZE
          return session
        }),
        sendChunk: fromPromise(({ input, signal }) =>
          calls.sendChunk(input.bucketId, input.uploadId, input.offset, entry.file.slice(input.offset, input.offset + entry.chunkSize), signal),
        ),
        deleteSession: fromPromise(({ input }) => calls.deleteSession(input.bucketId, input.uploadId)),
      },
      actions: { uploaded: (_, params) => this.onUploaded(params.bucketId, params.path) },
      ...(this.backoffMs === undefined ? {} : { delays: { backoff: this.backoffMs } }),
    })
    entry.actor = createInspectedActor(machine, { input: { bucketId, file: { path: request.path, size: request.file.size, mimetype }, upsert } })
    entry.row = this.rowOf(entry)
    entry.actor.subscribe(() => {
      entry.row = this.rowOf(entry)
      this.pump()
      this.publish()
    })
    this.entries.push(entry)
    return id
  }

  private rowOf(entry: Entry): UploadRow {
    const snapshot = entry.actor.getSnapshot()
    const { context } = snapshot
    return {
      id: entry.id,
      bucketId: entry.bucketId,
      path: context.file.path,
      name: fileNameOf(context.file.path),
      size: context.file.size,
      sent: context.offset,
      phase: uploadPhase(snapshot),
      error: context.error,
      attempts: context.attempts,
    }
  }

  /** Starts waiting files, in order, while slots are free. */
  private pump() {
    let active = this.entries.filter((entry) => ACTIVE.has(entry.row.phase)).length
    for (const entry of this.entries) {
      if (active >= this.concurrency) return
      if (entry.row.phase !== 'queued') continue
      active++
      entry.actor.send({ type: 'start' })
    }
  }

  private publish() {
    this.rows = this.entries.map((entry) => entry.row)
    for (const listener of this.listeners) listener()
  }

  private find(id: number) {
    return this.entries.find((entry) => entry.id === id)
  }

  cancel(id: number) {
    this.find(id)?.actor.send({ type: 'cancel' })
  }

  /** Cancels every file not finished yet (the waiting ones first, so none starts meanwhile). */
  cancelAll() {
    const open = this.entries.filter((entry) => !isFinished(entry.row))
    for (const entry of [...open].sort((a, b) => Number(b.row.phase === 'queued') - Number(a.row.phase === 'queued'))) entry.actor.send({ type: 'cancel' })
  }

  retry(id: number) {
    this.find(id)?.actor.send({ type: 'retry' })
  }

  retryAllFailed() {
    for (const entry of this.entries) if (entry.row.phase === 'failed') entry.actor.send({ type: 'retry' })
  }

  /** Answers a name collision: replace the object (upsert), or keep both (a numbered copy). `id` omitted: every file asking. */
  resolveConflict(choice: 'replace' | 'keepBoth', id?: number) {
    const type = choice === 'replace' ? 'conflict.replace' : 'conflict.keepBoth'
    for (const entry of this.entries) if (entry.row.phase === 'conflict' && (id === undefined || entry.id === id)) entry.actor.send({ type })
  }

  /** Forgets finished rows (done, refused, cancelled); failed ones stay for a retry. */
  clearFinished() {
    const kept = this.entries.filter((entry) => !isFinished(entry.row))
    for (const entry of this.entries) if (isFinished(entry.row)) entry.actor.stop()
    this.entries = kept
    this.publish()
  }

  /** Stops everything (the project's queue is dropped). */
  dispose() {
    for (const entry of this.entries) entry.actor.stop()
    this.entries = []
    this.listeners.clear()
  }
}

/** Requests for picked or dropped files under a folder, each keeping its path relative to what was picked. */
export function uploadRequests(folderPath: string, files: readonly File[]): UploadRequest[] {
  return files.map((file) => ({ file, path: uploadTargetPath(folderPath, file.webkitRelativePath || file.name) }))
}

const REFRESH_PAUSE_MS = 300

/** Reads a bucket's listings again once finished uploads pause for a moment. */
export function coalescedListingRefresh(queryClient: QueryClient, ref: string): (bucketId: string) => void {
  const timers = new Map<string, ReturnType<typeof setTimeout>>()
  return (bucketId) => {
    clearTimeout(timers.get(bucketId))
    timers.set(
      bucketId,
      setTimeout(() => {
        timers.delete(bucketId)
        void queryClient.invalidateQueries({ queryKey: queryKeys.storageObjects(ref, bucketId) })
      }, REFRESH_PAUSE_MS),
    )
  }
}

const queues = new WeakMap<QueryClient, Map<string, UploadQueue>>()

/** The one upload queue of a project for this query client (uploads go on while the user moves around). */
export function projectUploadQueue(queryClient: QueryClient, ref: string): UploadQueue {
  let byRef = queues.get(queryClient)
  if (!byRef) queues.set(queryClient, (byRef = new Map()))
  let queue = byRef.get(ref)
  if (!queue) {
    const refresh = coalescedListingRefresh(queryClient, ref)
    queue = new UploadQueue(platformUploadCalls(ref, queryClient), (bucketId) => refresh(bucketId))
    byRef.set(ref, queue)
  }
  return queue
}
