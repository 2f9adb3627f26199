import { describe, expect, it } from 'vitest'
import { BYTES_PER_GB, BYTES_PER_MB } from '../constants/billing'
import { copyPath, fileNameOf, totalProgress, uploadLimitProblem, uploadTargetPath, type UploadLimits } from './storage-uploads'

const none: UploadLimits = { bucketFileSizeLimit: null, allowedMimeTypes: null, projectFileSizeLimit: null }
const png = (size: number, path = 'photo.png') => ({ path, size, mimetype: 'image/png' })

describe('uploadLimitProblem', () => {
  it('lets a file through when nothing limits it', () => {
    expect(uploadLimitProblem(png(10 * BYTES_PER_GB), none)).toBeNull()
  })

  it('names the bucket’s limit when the file is over it', () => {
    expect(uploadLimitProblem(png(62 * BYTES_PER_MB), { ...none, bucketFileSizeLimit: 50 * BYTES_PER_MB })).toBe('photo.png is 62 MB; this bucket accepts files up to 50 MB.')
    expect(uploadLimitProblem(png(50 * BYTES_PER_MB), { ...none, bucketFileSizeLimit: 50 * BYTES_PER_MB })).toBeNull()
  })

  it('names the project’s limit when that is the tighter one', () => {
    const limits = { ...none, bucketFileSizeLimit: 100 * BYTES_PER_MB, projectFileSizeLimit: 50 * BYTES_PER_MB }
    expect(uploadLimitProblem(png(62 * BYTES_PER_MB, 'a/b/photo.png'), limits)).toBe("photo.png is 62 MB; the project's upload limit is 50 MB (Storage settings).")
    expect(uploadLimitProblem(png(62 * BYTES_PER_MB), { ...limits, bucketFileSizeLimit: 10 * BYTES_PER_MB })).toBe('photo.png is 62 MB; this bucket accepts files up to 10 MB.')
  })

  it('checks the MIME list with wildcards, an untyped file counting as application/octet-stream', () => {
    const images = { ...none, allowedMimeTypes: ['image/*', 'application/pdf'] }
    expect(uploadLimitProblem(png(1), images)).toBeNull()
    expect(uploadLimitProblem({ path: 'doc.pdf', size: 1, mimetype: 'application/pdf' }, images)).toBeNull()
    expect(uploadLimitProblem({ path: 'notes.txt', size: 1, mimetype: 'text/plain' }, images)).toBe('notes.txt is text/plain; this bucket accepts only image/*, application/pdf.')
    expect(uploadLimitProblem({ path: 'blob', size: 1, mimetype: '' }, images)).toBe('blob is application/octet-stream; this bucket accepts only image/*, application/pdf.')
    expect(uploadLimitProblem({ path: 'blob', size: 1, mimetype: '' }, { ...none, allowedMimeTypes: [] })).toBeNull()
  })

  it('refuses a name the platform refuses', () => {
    expect(uploadLimitProblem(png(1, 'a/<script>.png'), none)).toMatch(/^<script>\.png cannot be uploaded: A name cannot contain "<"/)
  })
})

describe('paths', () => {
  it('numbers a copy before the extension of the file’s own name', () => {
    expect(copyPath('photo.png', 1)).toBe('photo (1).png')
    expect(copyPath('a.b/archive.tar.gz', 2)).toBe('a.b/archive.tar (2).gz')
    expect(copyPath('dir.v2/README', 1)).toBe('dir.v2/README (1)')
    expect(copyPath('.env', 3)).toBe('.env (3)')
  })

  it('puts a picked file under the folder shown, keeping a picked folder’s tree', () => {
    expect(uploadTargetPath('', 'cat.png')).toBe('cat.png')
    expect(uploadTargetPath('photos/2026/', 'trip/cat.png')).toBe('photos/2026/trip/cat.png')
    expect(uploadTargetPath('/photos', './../cat.png')).toBe('photos/cat.png')
    expect(fileNameOf('photos/2026/cat.png')).toBe('cat.png')
  })

  it('adds up the bytes of the files that count, never past a file’s size', () => {
    expect(totalProgress([])).toEqual({ sent: 0, size: 0 })
    expect(
      totalProgress([
        { size: 10, sent: 4, counts: true },
        { size: 6, sent: 9, counts: true },
        { size: 100, sent: 0, counts: false },
      ]),
    ).toEqual({ sent: 10, size: 16 })
  })
})
