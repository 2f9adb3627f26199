import { describe, expect, it } from 'vitest'
import { getDomain } from './registrable-domain'
import { itReadsEach } from '../../src/test/each-row'

describe('getDomain (tldts stand-in under the mock cookie jar)', () => {
  itReadsEach('is the last two labels of a host name: %j → %j', getDomain, [
    ['studio.example.com', 'example.com'],
    ['a.b.example.org.', 'example.org'],
    ['Example.COM', 'example.com'],
  ])

  it('has none for a single label, an empty label or an IP address', () => {
    expect(getDomain('localhost')).toBeNull()
    expect(getDomain('a..com')).toBeNull()
    expect(getDomain('127.0.0.1')).toBeNull()
    expect(getDomain('::1')).toBeNull()
  })
})
