import { describe, expect, it } from 'vitest'
import { STORAGE_LIST_PAGE_SIZE } from '../../constants/storage'
import { normalizeFolderPath, storageObjectPageQuery, storageObjectPagesQuery } from './storage'
import { queryKeys } from './keys'

describe('storage listing keys', () => {
  it('keeps ref, bucket, folder, search, sort and offset in a page key, so answers for another never mix', () => {
    const a = storageObjectPageQuery('ref1', 'b', { path: 'x/', search: 'cat', sort: { column: 'size', order: 'desc' }, offset: 200 }).queryKey
    expect(a).toEqual(['projects', 'ref1', 'storage', 'objects', 'b', 'x', 'page', 'cat', 'size', 'desc', 200, STORAGE_LIST_PAGE_SIZE])
    const b = storageObjectPageQuery('ref1', 'b', { path: 'x', search: 'cat', sort: { column: 'size', order: 'desc' }, offset: 400 }).queryKey
    expect(b).not.toEqual(a)
  })

  it('puts every listing of a folder under the folder key and the bucket key (what an upload invalidates)', () => {
    const pages = storageObjectPagesQuery('ref1', 'b', { path: '/x/y/' }).queryKey
    expect(pages.slice(0, 6)).toEqual([...queryKeys.storageFolder('ref1', 'b', 'x/y')])
    expect(pages.slice(0, 5)).toEqual([...queryKeys.storageObjects('ref1', 'b')])
  })

  it('asks for the next offset after a full page and stops after a short one', () => {
    const options = storageObjectPagesQuery('ref1', 'b', { path: '' })
    const full = Array.from({ length: STORAGE_LIST_PAGE_SIZE }, () => ({}) as never)
    expect(options.getNextPageParam(full, [full], 0)).toBe(STORAGE_LIST_PAGE_SIZE)
    expect(options.getNextPageParam(full.slice(1), [full], STORAGE_LIST_PAGE_SIZE)).toBeUndefined()
  })

  it('normalizes folder paths', () => {
    expect(normalizeFolderPath('/a/b//')).toBe('a/b')
    expect(normalizeFolderPath('')).toBe('')
  })
})
