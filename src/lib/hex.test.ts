import { describe, expect, it } from 'vitest'
import { hexOf } from './hex'

describe('hexOf', () => {
  it('writes each byte as two lowercase digits', () => {
    expect(hexOf(Uint8Array.from([0, 1, 15, 16, 171, 255]))).toBe('00010f10abff')
    expect(hexOf(new Uint8Array())).toBe('')
  })
})
