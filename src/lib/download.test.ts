import { afterEach, describe, expect, it, vi } from 'vitest'
import { downloadBlob } from './download'

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('downloadBlob', () => {
  it('clicks an <a download> on an object URL, then removes it and revokes the URL', () => {
    vi.useFakeTimers()
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x')
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const link = { href: '', download: '', style: { display: '' }, click: vi.fn(), remove: vi.fn() }
    const doc = { createElement: vi.fn(() => link), body: { append: vi.fn() } } as unknown as Document
    const blob = new Blob(['a'])
    downloadBlob(blob, 'f.csv', doc)
    expect(create).toHaveBeenCalledWith(blob)
    expect(link).toMatchObject({ href: 'blob:x', download: 'f.csv' })
    expect(link.click).toHaveBeenCalledOnce()
    expect(link.remove).toHaveBeenCalledOnce()
    expect(revoke).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(revoke).toHaveBeenCalledWith('blob:x')
  })
})
