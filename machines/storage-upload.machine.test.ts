import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { STORAGE_CHUNK_RETRY } from '../src/constants/storage-uploads'
import type { UploadLimits } from '../src/lib/storage-uploads'
import { chunkRetryDelay, isTransientFailure, storageUploadCoverage, storageUploadMachine, uploadPhase, type StorageUploadInput } from './storage-upload.machine'
import { modelCoverage } from './testing/model-coverage'

afterEach(() => vi.useRealTimers())

const MB = 1_048_576
const noLimits: UploadLimits = { bucketFileSizeLimit: null, allowedMimeTypes: null, projectFileSizeLimit: null }
const failure = (code: number, retryAfter?: number) => Object.assign(new Error(`HTTP ${code}`), { code, retryAfter })
const networkFailure = () => new Error('Failed to fetch')

interface FakeServer {
  limits?: UploadLimits | (() => Promise<UploadLimits>)
  create?: (input: { path: string; upsert: boolean }) => Promise<{ uploadId: string }>
  /** Answers a chunk at `offset`; by default the server takes `chunk` bytes. */
  send?: (input: { offset: number; signal: AbortSignal }) => Promise<{ offset: number }>
  chunk?: number
}

function start(server: FakeServer = {}, input: StorageUploadInput = { bucketId: 'avatars', file: { path: 'me/cat.png', size: 10, mimetype: 'image/png' } }) {
  const chunk = server.chunk ?? 4
  const calls = {
    create: vi.fn(server.create ?? (async () => ({ uploadId: 'u1' }))),
    send: vi.fn(server.send ?? (async ({ offset }: { offset: number }) => ({ offset: Math.min(offset + chunk, input.file.size) }))),
    remove: vi.fn(async (_: { uploadId: string }) => {}),
    uploaded: vi.fn<(path: string) => void>(),
  }
  const limits = server.limits ?? noLimits
  const actor = createActor(
    storageUploadMachine.provide({
      actors: {
        readLimits: fromPromise(async () => (typeof limits === 'function' ? limits() : limits)),
        createSession: fromPromise(({ input: session }) => calls.create(session)),
        sendChunk: fromPromise(({ input: sent, signal }) => calls.send({ offset: sent.offset, signal })),
        deleteSession: fromPromise(({ input: session }) => calls.remove(session)),
      },
      actions: { uploaded: (_, params) => calls.uploaded(params.path) },
    }),
    { input },
  ).start()
  const phase = () => uploadPhase(actor.getSnapshot())
  return { actor, calls, phase }
}

describe('storageUploadMachine', () => {
  it('waits its turn, checks, opens a session and sends chunk after chunk; progress is what the server acknowledged', async () => {
    const { actor, calls, phase } = start()
    expect(phase()).toBe('queued')
    expect(calls.create).not.toHaveBeenCalled()
    actor.send({ type: 'start' })
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'))
    expect(phase()).toBe('done')
    expect(calls.create).toHaveBeenCalledExactlyOnceWith({ bucketId: 'avatars', path: 'me/cat.png', size: 10, mimetype: 'image/png', upsert: false })
    expect(calls.send.mock.calls.map(([call]) => call.offset)).toEqual([0, 4, 8])
    expect(actor.getSnapshot().context.offset).toBe(10)
    expect(calls.uploaded).toHaveBeenCalledExactlyOnceWith('me/cat.png')
  })

  it('sends an empty file as one empty chunk (the server completes it at offset 0)', async () => {
    const { actor, calls } = start({}, { bucketId: 'b', file: { path: 'empty.txt', size: 0, mimetype: 'text/plain' } })
    actor.send({ type: 'start' })
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'))
    expect(calls.send).toHaveBeenCalledTimes(1)
  })

  it('refuses a file over the bucket limit before any byte, naming the limit', async () => {
    const input = { bucketId: 'avatars', file: { path: 'photo.png', size: 62 * MB, mimetype: 'image/png' } }
    const { actor, calls, phase } = start({ limits: { ...noLimits, bucketFileSizeLimit: 50 * MB } }, input)
    actor.send({ type: 'start' })
    await vi.waitFor(() => expect(phase()).toBe('refused'))
    expect(actor.getSnapshot().context.error).toBe('photo.png is 62 MB; this bucket accepts files up to 50 MB.')
    expect(calls.create).not.toHaveBeenCalled()
    expect(calls.send).not.toHaveBeenCalled()
  })

  it('takes the server’s own refusal of the session (413, 415, 403) as final, with its message', async () => {
    const { actor, calls, phase } = start({ create: async () => Promise.reject(Object.assign(new Error('new row violates row-level security policy'), { code: 403 })) })
    actor.send({ type: 'start' })
    await vi.waitFor(() => expect(phase()).toBe('refused'))
    expect(actor.getSnapshot().context.error).toBe('new row violates row-level security policy')
    expect(calls.create).toHaveBeenCalledTimes(1)
  })

  it('retries a failing chunk with a doubling backoff (shown as retrying), then goes on from the acknowledged offset', async () => {
    vi.useFakeTimers()
    let failures = 2
    const { actor, calls, phase } = start({
      send: async ({ offset }) => {
        if (offset === 4 && failures-- > 0) throw networkFailure()
        return { offset: Math.min(offset + 4, 10) }
      },
    })
    actor.send({ type: 'start' })
    await vi.advanceTimersByTimeAsync(0)
    expect(phase()).toBe('retrying')
    expect(actor.getSnapshot().context).toMatchObject({ offset: 4, attempts: 1, error: 'Failed to fetch' })
    await vi.advanceTimersByTimeAsync(STORAGE_CHUNK_RETRY.baseDelay - 1)
    expect(calls.send).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().context.attempts).toBe(2)
    await vi.advanceTimersByTimeAsync(2 * STORAGE_CHUNK_RETRY.baseDelay)
    expect(actor.getSnapshot().status).toBe('done')
    expect(calls.send.mock.calls.map(([call]) => call.offset)).toEqual([0, 4, 4, 4, 8])
  })

  it('waits at least what a 429 Retry-After asks', () => {
    expect(chunkRetryDelay(1)).toBe(STORAGE_CHUNK_RETRY.baseDelay)
    expect(chunkRetryDelay(2)).toBe(2 * STORAGE_CHUNK_RETRY.baseDelay)
    expect(chunkRetryDelay(20)).toBe(STORAGE_CHUNK_RETRY.maxDelay)
    expect(chunkRetryDelay(1, 30_000)).toBe(30_000)
    expect(isTransientFailure(networkFailure())).toBe(true)
    expect(isTransientFailure(failure(429, 3))).toBe(true)
    expect(isTransientFailure(failure(502))).toBe(true)
    expect(isTransientFailure(failure(400))).toBe(false)
  })

  it('fails after the last retry, and Retry resumes from the last acknowledged byte of the same session', async () => {
    vi.useFakeTimers()
    let down = true
    const { actor, calls, phase } = start({
      send: async ({ offset }) => {
        if (offset === 8 && down) throw failure(503)
        return { offset: Math.min(offset + 4, 10) }
      },
    })
    actor.send({ type: 'start' })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(phase()).toBe('failed')
    expect(actor.getSnapshot().context).toMatchObject({ offset: 8, error: 'HTTP 503' })
    expect(calls.send.mock.calls.filter(([call]) => call.offset === 8)).toHaveLength(1 + STORAGE_CHUNK_RETRY.attempts)
    down = false
    calls.send.mockClear()
    actor.send({ type: 'retry' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().status).toBe('done')
    expect(calls.send.mock.calls.map(([call]) => call.offset)).toEqual([8])
    expect(calls.create).toHaveBeenCalledTimes(1)
  })

  it('starts a new session on retry when the old one is gone (404)', async () => {
    let gone = true
    const { actor, calls, phase } = start({
      send: async ({ offset }) => {
        if (offset === 4 && gone) throw failure(404)
        return { offset: Math.min(offset + 4, 10) }
      },
    })
    actor.send({ type: 'start' })
    await vi.waitFor(() => expect(phase()).toBe('failed'))
    expect(actor.getSnapshot().context).toMatchObject({ uploadId: null, offset: 0 })
    gone = false
    actor.send({ type: 'retry' })
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'))
    expect(calls.create).toHaveBeenCalledTimes(2)
  })

  it('reads the limits again after a passing failure, and on Retry after a refusal to read them', async () => {
    vi.useFakeTimers()
    let reads = 0
    const { actor, phase } = start({
      limits: async () => {
        reads++
        if (reads === 1) throw failure(500)
        if (reads === 2) throw failure(403)
        return noLimits
      },
    })
    actor.send({ type: 'start' })
    await vi.advanceTimersByTimeAsync(0)
    expect(phase()).toBe('retrying')
    await vi.advanceTimersByTimeAsync(STORAGE_CHUNK_RETRY.baseDelay)
    expect(phase()).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe('HTTP 403')
    actor.send({ type: 'retry' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().status).toBe('done')
    expect(reads).toBe(3)
  })

  it('cancel aborts the chunk in flight and deletes the session', async () => {
    let aborted = false
    const { actor, calls, phase } = start({
      send: ({ offset, signal }) =>
        offset === 0
          ? Promise.resolve({ offset: 4 })
          : new Promise((_, reject) => signal.addEventListener('abort', () => ((aborted = true), reject(new Error('aborted'))))),
    })
    actor.send({ type: 'start' })
    await vi.waitFor(() => expect(calls.send).toHaveBeenCalledTimes(2))
    expect(phase()).toBe('uploading')
    actor.send({ type: 'cancel' })
    await vi.waitFor(() => expect(phase()).toBe('cancelled'))
    expect(aborted).toBe(true)
    expect(calls.remove).toHaveBeenCalledExactlyOnceWith({ bucketId: 'avatars', uploadId: 'u1' })
    expect(calls.uploaded).not.toHaveBeenCalled()
  })

  it('cancelling a queued file or one whose session is not open yet deletes nothing', () => {
    const { actor, calls, phase } = start()
    actor.send({ type: 'cancel' })
    expect(phase()).toBe('cancelled')
    expect(calls.remove).not.toHaveBeenCalled()
  })

  it('asks on a name already taken: replace sends with upsert', async () => {
    const { actor, calls, phase } = start({ create: async ({ upsert }) => (upsert ? { uploadId: 'u2' } : Promise.reject(failure(409))) })
    actor.send({ type: 'start' })
    await vi.waitFor(() => expect(phase()).toBe('conflict'))
    expect(actor.getSnapshot().context.error).toBe('cat.png already exists in this folder.')
    actor.send({ type: 'conflict.replace' })
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'))
    expect(calls.create.mock.calls.map(([call]) => call.upsert)).toEqual([false, true])
  })

  it('keep both tries numbered copies until a free name, asking only once', async () => {
    const taken = new Set(['me/cat.png', 'me/cat (1).png', 'me/cat (2).png'])
    const { actor, calls, phase } = start({ create: async ({ path }) => (taken.has(path) ? Promise.reject(failure(409)) : { uploadId: 'u3' }) })
    actor.send({ type: 'start' })
    await vi.waitFor(() => expect(phase()).toBe('conflict'))
    actor.send({ type: 'conflict.keepBoth' })
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'))
    expect(calls.create.mock.calls.map(([call]) => call.path)).toEqual(['me/cat.png', 'me/cat (1).png', 'me/cat (2).png', 'me/cat (3).png'])
    expect(calls.uploaded).toHaveBeenCalledExactlyOnceWith('me/cat (3).png')
  })

  it('walks every state and transition', () => {
    const coverage = modelCoverage(storageUploadMachine, storageUploadCoverage)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing).toEqual([])
    expect(coverage.paths).toBeGreaterThan(10)
  })
})
