import { afterEach, describe, expect, it, vi } from 'vitest'
import { copyToClipboard } from './clipboard'

const focused = { hasFocus: () => true } as Document
const unfocused = { hasFocus: () => false } as Document

afterEach(() => vi.unstubAllGlobals())

describe('copyToClipboard', () => {
  it('writes the text when the page has focus', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    await copyToClipboard('hello', focused)
    expect(writeText).toHaveBeenCalledWith('hello')
  })

  it("fails with 'Unable to copy to clipboard' when the page lacks focus", async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    await expect(copyToClipboard('hello', unfocused)).rejects.toThrow('Unable to copy to clipboard')
    expect(writeText).not.toHaveBeenCalled()
  })

  it('fails with the same message when the browser refuses', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: async () => Promise.reject(new Error('NotAllowedError')) } })
    await expect(copyToClipboard('x', focused)).rejects.toThrow('Unable to copy to clipboard')
  })
})
