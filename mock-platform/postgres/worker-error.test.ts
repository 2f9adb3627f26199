import { describe, expect, it } from 'vitest'
import { decodeWorkerError, encodeWorkerError, failedStart } from './worker-error.ts'

describe('worker error codec', () => {
  it('round-trips the Postgres fields through a message', () => {
    const original = Object.assign(new Error('relation "x" does not exist'), { severity: 'ERROR', code: '42P01', position: '15', routine: 'parserOpenTable' })
    const encoded = encodeWorkerError(original)
    expect(encoded).toBeInstanceOf(Error)
    // What PGliteWorker's RPC does: only the message crosses.
    const received = new Error((encoded as Error).message)
    expect(decodeWorkerError(received)).toMatchObject({ message: 'relation "x" does not exist', severity: 'ERROR', code: '42P01', position: '15', routine: 'parserOpenTable' })
  })

  it('leaves other errors alone', () => {
    const plain = new Error('worker crashed')
    expect(encodeWorkerError(plain)).toBe(plain)
    expect(decodeWorkerError(plain)).toBe(plain)
    expect(decodeWorkerError(new Error('studio-pglite-error:{not json'))).toBeInstanceOf(Error)
  })
})

describe('a database that did not start, as its worker gives it to PGlite', () => {
  it("answers every call PGlite's worker helper forwards with the start's error, so the page's open fails instead of waiting for good", async () => {
    const standIn = failedStart(new Error('Extension bundle /assets/hstore.tar.gz could not be loaded (HTTP 403)')) as Record<string, unknown>
    // PGlite awaits what init gives: it must not be taken for a promise.
    expect(await Promise.resolve(standIn)).toBe(standIn)
    await expect(standIn['waitReady']).resolves.toBeUndefined()
    expect(structuredClone(standIn['debug'])).toBe(0) // sent to the page as it is
    expect((standIn['onNotification'] as (listener: () => void) => unknown)(() => {})).toBeTypeOf('function')
    for (const method of ['execProtocol', 'execProtocolRaw', 'execProtocolRawStream', 'execProtocolStream', 'syncToFs', 'dumpDataDir', '_checkReady']) {
      await expect((standIn[method] as () => Promise<unknown>)(), method).rejects.toThrow('Extension bundle /assets/hstore.tar.gz could not be loaded (HTTP 403)')
    }
    // The page's lock is given (PGlite's worker helper waits for the guarded call to begin), and the guarded call fails.
    await expect((standIn['_runExclusiveQuery'] as (guarded: () => Promise<unknown>) => Promise<unknown>)(async () => 'guarded ran')).resolves.toBe('guarded ran')
    await expect((standIn['close'] as () => Promise<void>)()).resolves.toBeUndefined()
  })
})
