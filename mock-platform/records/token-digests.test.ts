import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sha256TokenKeeping as keeping } from './token-digests'

describe('bearer tokens kept as digests', () => {
  it('keeps the hex SHA-256 of a token (what migration 2 computes in SQL)', () => {
    expect(keeping.digest('inv_umbrella_demo_3f9a2c')).toBe(createHash('sha256').update('inv_umbrella_demo_3f9a2c').digest('hex'))
    expect(keeping.digest('a')).not.toBe(keeping.digest('b'))
  })

  it('seals a successor so that only the swapped token opens it, and the seal shows neither', () => {
    const [swapped, successor] = ['Zm9vYmFyYmF6cXV4cXV1eA', 'c3VjY2Vzc29yLXRva2VuLQ']
    const sealed = keeping.seal(successor, swapped)
    expect(sealed).toMatch(/^[0-9a-f]{44}$/)
    expect(sealed).not.toContain(Buffer.from(successor).toString('hex'))
    expect(sealed).not.toBe(keeping.digest(successor))
    expect(keeping.open(sealed, swapped)).toBe(successor)
    expect(keeping.open(sealed, 'another token')).not.toBe(successor)
  })

  it('refuses to seal a token longer than its pad', () => {
    expect(() => keeping.seal('x'.repeat(33), 'key')).toThrow(/up to 32 bytes/)
  })
})
