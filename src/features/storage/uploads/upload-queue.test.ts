import { describe, expect, it, vi } from 'vitest'
import { UploadQueue, uploadRequests, type UploadCalls } from './upload-queue'

const noLimits = { bucketFileSizeLimit: null, allowedMimeTypes: null, projectFileSizeLimit: null }

/** Calls whose chunks wait until the test lets them through, recording what was sent. */
function heldCalls() {
  const held = new Map<string, () => void>()
  const sent: { path: string; offset: number; bytes: number }[] = []
  const sessions = new Map<string, string>()
  const calls: UploadCalls = {
    readLimits: async () => ({ ...noLimits, bucketFileSizeLimit: 100 }),
    createSession: async (_bucket, body) => {
      const uploadId = `u-${body.path}`
      sessions.set(uploadId, body.path)
      return { uploadId, chunkSize: 4 }
    },
    sendChunk: (_bucket, uploadId, offset, bytes, signal) =>
      new Promise((resolve, reject) => {
        const path = sessions.get(uploadId)!
        signal.addEventListener('abort', () => reject(new Error('aborted')))
        held.set(path, () => {
          held.delete(path)
          sent.push({ path, offset, bytes: bytes.size })
          resolve({ offset: offset + bytes.size })
        })
      }),
    deleteSession: vi.fn(async () => {}),
  }
  return { calls, held, sent }
}

const file = (size: number, name: string, relative = '') => Object.assign(new File([new Uint8Array(size)], name, { type: 'text/plain' }), relative ? { webkitRelativePath: relative } : {})

describe('UploadQueue', () => {
  it('sends at most N files at once, in order, and refuses an over-limit file without a slot', async () => {
    const { calls, held, sent } = heldCalls()
    const uploaded = vi.fn()
    const queue = new UploadQueue(calls, uploaded, 2)
    queue.add('docs', uploadRequests('notes', [file(6, 'a.txt'), file(200, 'big.txt'), file(3, 'b.txt'), file(3, 'c.txt')]))
    await vi.waitFor(() => expect(held.size).toBe(2))
    expect([...held.keys()]).toEqual(['notes/a.txt', 'notes/b.txt'])
    const phases = () => Object.fromEntries(queue.getRows().map((row) => [row.name, row.phase]))
    expect(phases()).toEqual({ 'a.txt': 'starting', 'big.txt': 'refused', 'b.txt': 'starting', 'c.txt': 'queued' })
    expect(queue.getRows()[1]!.error).toBe('big.txt is 200 bytes; this bucket accepts files up to 100 bytes.')

    held.get('notes/a.txt')!()
    await vi.waitFor(() => expect(queue.getRows()[0]!.sent).toBe(4))
    expect(phases()['a.txt']).toBe('uploading')
    while (held.size) {
      for (const release of [...held.values()]) release()
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    await vi.waitFor(() => expect(phases()).toEqual({ 'a.txt': 'done', 'big.txt': 'refused', 'b.txt': 'done', 'c.txt': 'done' }))
    expect(sent.filter((s) => s.path === 'notes/a.txt').map((s) => [s.offset, s.bytes])).toEqual([
      [0, 4],
      [4, 2],
    ])
    expect(uploaded.mock.calls.map(([, path]) => path).sort()).toEqual(['notes/a.txt', 'notes/b.txt', 'notes/c.txt'])
    queue.clearFinished()
    expect(queue.getRows()).toEqual([])
  })

  it('keeps a picked folder’s tree under the folder shown', () => {
    expect(uploadRequests('photos', [file(1, 'cat.png', 'trip/day 1/cat.png')]).map((r) => r.path)).toEqual(['photos/trip/day 1/cat.png'])
  })

  it('cancel all stops the waiting files first and deletes the open sessions', async () => {
    const { calls, held } = heldCalls()
    const queue = new UploadQueue(calls, () => {}, 1)
    queue.add('docs', uploadRequests('', [file(8, 'a.txt'), file(8, 'b.txt')]))
    await vi.waitFor(() => expect(held.size).toBe(1))
    queue.cancelAll()
    await vi.waitFor(() => expect(queue.getRows().map((row) => row.phase)).toEqual(['cancelled', 'cancelled']))
    expect(calls.deleteSession).toHaveBeenCalledExactlyOnceWith('docs', 'u-a.txt')
  })
})
