import { describe, expect, it } from 'vitest'
import { fnv1a } from './fnv1a'

describe('fnv1a', () => {
  it('gives the published FNV-1a 32-bit values', () => {
    expect(fnv1a('')).toBe(0x811c9dc5)
    expect(fnv1a('a')).toBe(0xe40c292c)
    expect(fnv1a('foobar')).toBe(0xbf9cf968)
  })
  it('hashes the UTF-8 bytes, so a name outside ASCII is stable too', () => {
    expect(fnv1a('é')).toBe(fnv1a('\u00e9'))
    expect(fnv1a('é')).not.toBe(fnv1a('e'))
  })
})
