import { describe, expect, it } from 'vitest'
import { getDomain } from './registrable-domain'

describe('getDomain (tldts stand-in under the mock cookie jar)', () => {
  it('is the last two labels of a host name', () => {
    expect(getDomain('studio.example.com')).toBe('example.com')
    expect(getDomain('a.b.example.org.')).toBe('example.org')
    expect(getDomain('Example.COM')).toBe('example.com')
  })

  it('has none for a single label, an empty label or an IP address', () => {
    expect(getDomain('localhost')).toBeNull()
    expect(getDomain('a..com')).toBeNull()
    expect(getDomain('127.0.0.1')).toBeNull()
    expect(getDomain('::1')).toBeNull()
  })
})
