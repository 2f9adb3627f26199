import { assign, setup } from 'xstate'
import { STORAGE_CHUNK_RETRY, STORAGE_UPLOAD_MESSAGES } from '../src/constants/storage-uploads'
import { copyPath, fileNameOf, uploadLimitProblem, type UploadFileFacts, type UploadLimits } from '../src/lib/storage-uploads'
import type { CoverageModel } from './testing/model-coverage'
import { providedByTheApp } from './provided-by-the-app'
import { errorMessage } from '../src/lib/error-message'

export interface StorageUploadInput {
  bucketId: string
  file: UploadFileFacts
  /** Replace an object of the same path (the user chose so, or the upload was started that way). */
  upsert?: boolean
}

export interface StorageUploadContext {
  bucketId: string
  file: UploadFileFacts
  /** The path as picked; a "keep both" copy number applies to it, never to an earlier copy's name. */
  originalPath: string
  upsert: boolean
  /** 0 until the user chose "keep both"; then the copy number tried last. */
  copyNumber: number
  /** Whether the limits were read and passed (a retry then skips straight to sending). */
  checked: boolean
  uploadId: string | null
  /** Bytes the server acknowledged: the bar, and where a retry resumes. */
  offset: number
  /** Failed tries in a row of the current step (session or chunk), for the backoff. */
  attempts: number
  /** What the server asked us to wait (429 Retry-After), in ms, for the next try. */
  retryAfterMs: number
  error: string | null
}

export type StorageUploadEvent =
  | { type: 'start' }
  | { type: 'cancel' }
  | { type: 'retry' }
  | { type: 'conflict.replace' }
  | { type: 'conflict.keepBoth' }

/** What the machine needs to know of a failed call: its HTTP status (none for a network failure) and Retry-After. */
function failureOf(error: unknown): { status: number | null; retryAfterMs: number } {
  if (typeof error !== 'object' || error === null) return { status: null, retryAfterMs: 0 }
  const { code, retryAfter } = error as { code?: unknown; retryAfter?: unknown }
  return { status: typeof code === 'number' && code > 0 ? code : null, retryAfterMs: typeof retryAfter === 'number' ? retryAfter * 1000 : 0 }
}

/** Network failures, timeouts, 429 and 5xx pass by themselves; other 4xx answers are the server's decision. */
export function isTransientFailure(error: unknown): boolean {
  const { status } = failureOf(error)
  return status === null || status === 408 || status === 429 || status >= 500
}

/** The wait before try `attempts` + 1: doubling from the base, capped, never shorter than Retry-After. */
export function chunkRetryDelay(attempts: number, retryAfterMs = 0): number {
  const backoff = Math.min(STORAGE_CHUNK_RETRY.baseDelay * 2 ** Math.max(0, attempts - 1), STORAGE_CHUNK_RETRY.maxDelay)
  return Math.max(backoff, retryAfterMs)
}

// `attempts` counts the failure just met: the first try plus STORAGE_CHUNK_RETRY.attempts retries.
const canRetryAgain = ({ context }: { context: StorageUploadContext }) => context.attempts <= STORAGE_CHUNK_RETRY.attempts

/**
 * One file's upload to a bucket, in chunks that can resume: it waits its turn (`start` from the
 * queue), checks the limits before any byte (bucket size and MIME list, project limit; each refusal
 * names the limit), opens an upload session, then sends chunk after chunk; the bar is the bytes the
 * server acknowledged. A chunk that fails for a passing reason is sent again after a doubling delay
 * (shown as "retrying"), a few times, before the file fails; Retry resumes from the last acknowledged
 * byte. A name already taken asks: replace (upsert) or keep both (a numbered copy). Cancel aborts
 * the chunk in flight and deletes the session.
 */
export const storageUploadMachine = setup({
  types: {
    input: {} as StorageUploadInput,
    context: {} as StorageUploadContext,
    events: {} as StorageUploadEvent,
  },
  actors: {
    readLimits: providedByTheApp<UploadLimits, { bucketId: string }>('readLimits'),
    createSession: providedByTheApp<{ uploadId: string }, { bucketId: string; path: string; size: number; mimetype: string; upsert: boolean }>('createSession'),
    /** Sends the bytes from `offset` (the app knows the file and the chunk size); answers the server's new offset. */
    sendChunk: providedByTheApp<{ offset: number }, { bucketId: string; uploadId: string; offset: number }>('sendChunk'),
    deleteSession: providedByTheApp<void, { bucketId: string; uploadId: string }>('deleteSession'),
  },
  actions: {
    /** A passing failure: counted for the backoff (and a Retry-After kept), its message shown meanwhile. */
    countFailure: assign(({ context }, params: { error: unknown }) => ({
      attempts: context.attempts + 1,
      retryAfterMs: failureOf(params.error).retryAfterMs,
      error: errorMessage(params.error),
    })),
    failWith: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error), attempts: 0 })),
    /** The object exists now: the listings of its folder refetch. */
    uploaded: (_, _params: { bucketId: string; path: string }) => {},
  },
  guards: {
    refusedByLimits: ({ context }, params: { limits: UploadLimits }) => uploadLimitProblem(context.file, params.limits) !== null,
    hasSession: ({ context }) => context.uploadId !== null,
    unchecked: ({ context }) => !context.checked,
    isConflict: (_, params: { error: unknown }) => failureOf(params.error).status === 409,
    isConflictKeepingBoth: ({ context }, params: { error: unknown }) => failureOf(params.error).status === 409 && context.copyNumber > 0,
    isTransient: (_, params: { error: unknown }) => isTransientFailure(params.error),
    isSessionGone: (_, params: { error: unknown }) => failureOf(params.error).status === 404,
    canRetryAgain,
    isComplete: ({ context }, params: { offset: number }) => params.offset >= context.file.size,
  },
  delays: {
    backoff: ({ context }) => chunkRetryDelay(context.attempts, context.retryAfterMs),
  },
}).createMachine({
  id: 'storageUpload',
  context: ({ input }) => ({
    bucketId: input.bucketId,
    file: input.file,
    originalPath: input.file.path,
    upsert: input.upsert ?? false,
    copyNumber: 0,
    checked: false,
    uploadId: null,
    offset: 0,
    attempts: 0,
    retryAfterMs: 0,
    error: null,
  }),
  initial: 'queued',
  states: {
    queued: {
      on: { start: 'uploading', cancel: 'cancelled' },
    },
    uploading: {
      initial: 'next',
      on: { cancel: [{ guard: 'hasSession', target: '#storageUpload.cancelling' }, { target: '#storageUpload.cancelled' }] },
      states: {
        // Where the upload stands decides the next step: limits first, then a session, then bytes.
        next: {
          always: [{ guard: 'unchecked', target: 'checking' }, { guard: 'hasSession', target: 'sending' }, { target: 'creating' }],
        },
        checking: {
          invoke: {
            id: 'readLimits',
            src: 'readLimits',
            input: ({ context }) => ({ bucketId: context.bucketId }),
            onDone: [
              {
                guard: { type: 'refusedByLimits', params: ({ event }) => ({ limits: event.output }) },
                target: '#storageUpload.refused',
                actions: assign({ error: ({ context, event }) => uploadLimitProblem(context.file, event.output) }),
              },
              { target: 'creating', actions: assign({ checked: true, attempts: 0, error: null }) },
            ],
            onError: [
              { guard: { type: 'isTransient', params: ({ event }) => ({ error: event.error }) }, target: 'deciding', actions: { type: 'countFailure', params: ({ event }) => ({ error: event.error }) } },
              { target: '#storageUpload.failed', actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        creating: {
          invoke: {
            id: 'createSession',
            src: 'createSession',
            input: ({ context }) => ({ bucketId: context.bucketId, path: context.file.path, size: context.file.size, mimetype: context.file.mimetype, upsert: context.upsert }),
            onDone: { target: 'sending', actions: assign({ uploadId: ({ event }) => event.output.uploadId, offset: 0, attempts: 0, error: null }) },
            onError: [
              // "Keep both" already chosen: the next copy number, without asking again.
              {
                guard: { type: 'isConflictKeepingBoth', params: ({ event }) => ({ error: event.error }) },
                target: 'creating',
                reenter: true,
                actions: assign({
                  copyNumber: ({ context }) => context.copyNumber + 1,
                  file: ({ context }) => ({ ...context.file, path: copyPath(context.originalPath, context.copyNumber + 1) }),
                }),
              },
              {
                guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                target: '#storageUpload.conflict',
                actions: assign({ error: ({ context }) => STORAGE_UPLOAD_MESSAGES.conflict(fileNameOf(context.file.path)), attempts: 0 }),
              },
              { guard: { type: 'isTransient', params: ({ event }) => ({ error: event.error }) }, target: 'deciding', actions: { type: 'countFailure', params: ({ event }) => ({ error: event.error }) } },
              // Too large, a MIME type or name refused, RLS denies the insert: the server's reason, final.
              { target: '#storageUpload.refused', actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        sending: {
          invoke: {
            id: 'sendChunk',
            src: 'sendChunk',
            input: ({ context }) => ({ bucketId: context.bucketId, uploadId: context.uploadId ?? '', offset: context.offset }),
            onDone: [
              {
                guard: { type: 'isComplete', params: ({ event }) => ({ offset: event.output.offset }) },
                target: '#storageUpload.done',
                actions: assign({ offset: ({ event }) => event.output.offset, attempts: 0, error: null }),
              },
              { target: 'next', actions: assign({ offset: ({ event }) => event.output.offset, attempts: 0, error: null }) },
            ],
            onError: [
              // The session expired or was dropped: a retry starts a new one from the first byte.
              {
                guard: { type: 'isSessionGone', params: ({ event }) => ({ error: event.error }) },
                target: '#storageUpload.failed',
                actions: [{ type: 'failWith', params: ({ event }) => ({ error: event.error }) }, assign({ uploadId: null, offset: 0 })],
              },
              {
                guard: { type: 'isTransient', params: ({ event }) => ({ error: event.error }) },
                target: 'deciding',
                actions: { type: 'countFailure', params: ({ event }) => ({ error: event.error }) },
              },
              { target: '#storageUpload.failed', actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        deciding: {
          always: [{ guard: 'canRetryAgain', target: 'retrying' }, { target: '#storageUpload.failed', actions: assign({ attempts: 0 }) }],
        },
        retrying: {
          after: { backoff: 'next' },
        },
      },
    },
    conflict: {
      on: {
        'conflict.replace': { target: 'uploading', actions: assign({ upsert: true, error: null }) },
        'conflict.keepBoth': {
          target: 'uploading',
          actions: assign({
            copyNumber: 1,
            file: ({ context }) => ({ ...context.file, path: copyPath(context.originalPath, 1) }),
            error: null,
          }),
        },
        cancel: 'cancelled',
      },
    },
    failed: {
      on: {
        retry: { target: 'uploading', actions: assign({ attempts: 0, error: null }) },
        cancel: [{ guard: 'hasSession', target: 'cancelling' }, { target: 'cancelled' }],
      },
    },
    cancelling: {
      invoke: {
        id: 'deleteSession',
        src: 'deleteSession',
        input: ({ context }) => ({ bucketId: context.bucketId, uploadId: context.uploadId ?? '' }),
        // The session's partial bytes are dropped either way: a failed delete leaves them to expire.
        onDone: 'cancelled',
        onError: 'cancelled',
      },
    },
    done: {
      type: 'final',
      entry: { type: 'uploaded', params: ({ context }) => ({ bucketId: context.bucketId, path: context.file.path }) },
    },
    refused: { type: 'final' },
    cancelled: { type: 'final' },
  },
})

/** What the uploads panel says of a file, from its machine's state. */
export type UploadPhase = 'queued' | 'checking' | 'starting' | 'uploading' | 'retrying' | 'conflict' | 'failed' | 'cancelling' | 'done' | 'refused' | 'cancelled'

export function uploadPhase(snapshot: { matches: (value: never) => boolean; context: StorageUploadContext }): UploadPhase {
  const is = (value: string) => snapshot.matches(value as never)
  if (is('uploading')) {
    if (is('uploading.retrying') || is('uploading.deciding')) return 'retrying'
    if (is('uploading.checking')) return 'checking'
    // Nothing acknowledged yet: said as starting, never a bar sitting silently at 0 %.
    return snapshot.context.offset === 0 ? 'starting' : 'uploading'
  }
  for (const phase of ['queued', 'conflict', 'failed', 'cancelling', 'done', 'refused', 'cancelled'] as const) if (is(phase)) return phase
  return 'queued'
}

const limitsThatPass: UploadLimits = { bucketFileSizeLimit: null, allowedMimeTypes: null, projectFileSizeLimit: null }
const limitsThatRefuse: UploadLimits = { bucketFileSizeLimit: 5, allowedMimeTypes: null, projectFileSizeLimit: null }
const httpFailure = (code: number) => ({ message: `HTTP ${code}`, code })

/** The model-based coverage walk (its test and the registry's coverage suite): a 10-byte file sent in two chunks. */
export const storageUploadCoverage: CoverageModel<typeof storageUploadMachine> = {
  input: { bucketId: 'avatars', file: { path: 'me/cat.png', size: 10, mimetype: 'image/png' } } satisfies StorageUploadInput,
  events: [
    { type: 'start' },
    { type: 'cancel' },
    { type: 'retry' },
    { type: 'conflict.replace' },
    { type: 'conflict.keepBoth' },
    { type: 'xstate.done.actor.readLimits', output: limitsThatPass },
    { type: 'xstate.done.actor.readLimits', output: limitsThatRefuse },
    { type: 'xstate.error.actor.readLimits', error: httpFailure(500) },
    { type: 'xstate.done.actor.createSession', output: { uploadId: 'u1' } },
    { type: 'xstate.error.actor.createSession', error: httpFailure(409) },
    { type: 'xstate.error.actor.createSession', error: httpFailure(503) },
    { type: 'xstate.error.actor.createSession', error: httpFailure(413) },
    { type: 'xstate.done.actor.sendChunk', output: { offset: 5 } },
    { type: 'xstate.done.actor.sendChunk', output: { offset: 10 } },
    { type: 'xstate.error.actor.sendChunk', error: httpFailure(404) },
    { type: 'xstate.error.actor.sendChunk', error: { message: 'Failed to fetch' } },
    { type: 'xstate.error.actor.sendChunk', error: httpFailure(400) },
    { type: 'xstate.after.backoff.storageUpload.uploading.retrying' },
    { type: 'xstate.done.actor.deleteSession', output: undefined },
    { type: 'xstate.error.actor.deleteSession', error: httpFailure(500) },
  ],
  // Counters matter to the chart only as none, some or used up.
  serializeState: (snapshot) => {
    const { context } = snapshot
    return JSON.stringify([snapshot.value, context.uploadId !== null, context.offset, context.attempts, context.checked, Math.min(context.copyNumber, 2), context.upsert])
  },
}
