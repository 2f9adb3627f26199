import { describe, expect, it } from 'vitest'
import type { StorageBucket } from '../../api/queries/storage'
import { bucketFormErrors, bucketFormFrom, createBucketBody, emptyBucketForm, limitBytes, parseMimeTypes, updateBucketBody } from './bucket-form'
import { sizeInUnit } from '../../lib/size-units'
import { destinationFolder, destinationProblem, entryNameProblem } from './entry-names'
import { itemsFromPages } from './explorer-items'
import { bucketIdFromParam, folderFromSearch, isNewStorageLocation, storageLocation } from './storage-routes'

const bucket: StorageBucket = {
  id: 'avatars',
  name: 'avatars',
  owner: null,
  public: true,
  file_size_limit: 5 * 1024 * 1024,
  allowed_mime_types: ['image/png', 'image/*'],
  created_at: '2026-11-24T10:00:00Z',
  updated_at: '2026-11-24T10:00:00Z',
  type: 'STANDARD',
}

describe('bucket form', () => {
  it('checks the name as typed: rules of storage-api, names taken', () => {
    const form = { ...emptyBucketForm(), name: 'my/bucket' }
    expect(bucketFormErrors(form, [], null).name).toMatch(/cannot contain "\/"/)
    expect(bucketFormErrors({ ...form, name: '' }, [], null).name).toBeDefined()
    expect(bucketFormErrors({ ...form, name: 'avatars' }, ['avatars'], null).name).toMatch(/exists already/)
    expect(bucketFormErrors({ ...form, name: 'fine-name' }, ['avatars'], null)).toEqual({})
    // Editing never changes the name, so it is not checked.
    expect(bucketFormErrors({ ...form, name: 'x/y' }, [], bucket)).toEqual({})
  })

  it('checks the size limit and the MIME list', () => {
    const base = { ...emptyBucketForm(), name: 'b' }
    expect(bucketFormErrors({ ...base, limitOn: true, limitValue: '' }, [], null).limitValue).toBeDefined()
    expect(bucketFormErrors({ ...base, limitOn: true, limitValue: '-1' }, [], null).limitValue).toBeDefined()
    expect(bucketFormErrors({ ...base, limitOn: true, limitValue: '1.5', limitUnit: 'bytes' }, [], null).limitValue).toBeDefined()
    expect(bucketFormErrors({ ...base, limitOn: true, limitValue: '1.5', limitUnit: 'MB' }, [], null)).toEqual({})
    expect(bucketFormErrors({ ...base, mimeTypes: 'image/png, pdf' }, [], null).mimeTypes).toMatch(/“pdf” is not a MIME type/)
    expect(parseMimeTypes(' image/png ,, image/* \n application/pdf')).toEqual(['image/png', 'image/*', 'application/pdf'])
  })

  it('builds the bodies the endpoints take, and reads a bucket back into the form', () => {
    const values = { ...emptyBucketForm(), name: 'docs', isPublic: true, limitOn: true, limitValue: '2', limitUnit: 'MB' as const, mimeTypes: 'application/pdf' }
    expect(createBucketBody(values)).toEqual({ id: 'docs', public: true, file_size_limit: 2 * 1024 * 1024, allowed_mime_types: ['application/pdf'] })
    expect(updateBucketBody({ ...values, limitOn: false, mimeTypes: '' })).toEqual({ public: true, file_size_limit: null, allowed_mime_types: null })
    expect(bucketFormFrom(bucket)).toMatchObject({ name: 'avatars', isPublic: true, limitOn: true, limitValue: '5', limitUnit: 'MB', mimeTypes: 'image/png, image/*' })
    expect(sizeInUnit(1500)).toEqual({ value: '1500', unit: 'bytes' })
    expect(sizeInUnit(3 * 1024 ** 3)).toEqual({ value: '3', unit: 'GB' })
    expect(limitBytes({ limitOn: true, limitValue: '0.5', limitUnit: 'KB' })).toBe(512)
  })
})

describe('entry names and move destinations', () => {
  const items = itemsFromPages(
    [
      [
        { id: null, name: 'docs', bucket_id: 'b', owner: null, created_at: null, updated_at: null, last_accessed_at: null, metadata: null },
        { id: '1', name: 'a.txt', bucket_id: 'b', owner: null, created_at: null, updated_at: null, last_accessed_at: null, metadata: { size: 1 } },
      ],
    ],
    'top',
  )
  it('refuses slashes, taken names, the placeholder and unchanged names', () => {
    expect(entryNameProblem('x/y', 'top', items, 'folder')).toMatch(/cannot contain "\/"/)
    expect(entryNameProblem('docs', 'top', items, 'folder')).toMatch(/is in this folder already/)
    expect(entryNameProblem('docs', 'top', items, 'file')).toBeNull()
    expect(entryNameProblem('.emptyFolderPlaceholder', 'top', items, 'file')).not.toBeNull()
    expect(entryNameProblem('a.txt', 'top', items, 'file', items[1])).toMatch(/its name already/)
    expect(entryNameProblem('bad#name', 'top', items, 'file')).toMatch(/cannot contain "#"/)
    expect(entryNameProblem('new', 'top', items, 'folder')).toBeNull()
  })

  it('reads / as the root and refuses moving a folder into itself or where it is', () => {
    expect(destinationFolder(' /a/b/ ')).toBe('a/b')
    expect(destinationFolder('/')).toBe('')
    expect(destinationProblem('top/docs/inner', [items[0]!])).toMatch(/cannot move into itself/)
    expect(destinationProblem('top/', [items[1]!])).toMatch(/in that folder already/)
    expect(destinationProblem('/', [items[1]!])).toBeNull()
    expect(destinationProblem('elsewhere', items)).toBeNull()
  })
})

describe('storage addresses', () => {
  it('follows the preview: buckets without it, files with it, the folder in ?path=', () => {
    expect(storageLocation('ref1', false)).toBe('/project/ref1/storage/buckets')
    expect(storageLocation('ref1', true)).toBe('/project/ref1/storage/files')
    expect(storageLocation('ref1', false, 'avatars', 'a/b')).toBe('/project/ref1/storage/buckets/avatars?path=a%2Fb')
    expect(storageLocation('ref1', true, 'my bucket?', '')).toBe('/project/ref1/storage/files/buckets/my%20bucket%3F')
    expect(isNewStorageLocation('/project/ref1/storage/files/buckets/x')).toBe(true)
    expect(isNewStorageLocation('/project/ref1/storage/buckets/files')).toBe(false)
  })

  it('reads the bucket and folder back', () => {
    expect(bucketIdFromParam('my bucket%3F')).toBe('my bucket?')
    expect(bucketIdFromParam('%E0%A4%A')).toBe('%E0%A4%A')
    expect(bucketIdFromParam(undefined)).toBeNull()
    expect(folderFromSearch('path=%2Fa%2Fb%2F')).toBe('a/b')
    expect(folderFromSearch('')).toBe('')
  })
})
