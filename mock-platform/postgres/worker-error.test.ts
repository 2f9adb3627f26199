import { describe, expect, it } from 'vitest'
import { decodeWorkerError, encodeWorkerError } from './worker-error.ts'

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
