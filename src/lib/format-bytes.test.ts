import { describe, expect, it } from 'vitest'
import { formatBytes } from './format-bytes'

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1,023 bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1048576, '1 MB'],
    [500 * 1048576, '500 MB'],
    [1073741824, '1 GB'],
    [262.5 * 1073741824, '262.5 GB'],
    [250 * 1073741824 + 500 * 1048576, '250.49 GB'],
  ])('%d → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text))

  it('shows MB and up where asked (billing usage)', () => {
    expect(formatBytes(1024, { atLeast: 'MB' })).toBe('0 MB')
    expect(formatBytes(8 * 1073741824, { atLeast: 'MB' })).toBe('8 GB')
  })
})
