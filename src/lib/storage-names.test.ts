import { describe, expect, it } from 'vitest'
import { STORAGE_PLAN_UPLOAD_LIMIT } from '../constants/storage'
import { formatBytes } from './format-bytes'
import { bucketNameProblem, mimeTypeAllowed, objectNameProblem, storagePlanLimitMessage } from './storage-names'

describe('storage name rules (storage-api)', () => {
  it.each([
    ['avatars', null],
    ["my bucket (v2) & co's", null],
    ['', 'Provide a name for the bucket.'],
    ['a/b', 'A bucket name cannot contain "/"'],
    ['é', 'A bucket name cannot contain "é"'],
    ['x'.repeat(101), 'at most 100'],
    [' lead', 'cannot start or end with a space'],
  ])('bucket %j', (name, problem) => {
    const found = bucketNameProblem(name)
    if (problem === null) expect(found).toBeNull()
    else expect(found).toContain(problem)
  })

  it.each([
    ['folder/file.png', null],
    ['a b/c-d_e.f', null],
    ['a//b', 'cannot start with "/"'],
    ['/a', 'cannot start with "/"'],
    ['a#b', 'cannot contain "#"'],
    ['a%b', 'cannot contain "%"'],
  ])('object %j', (name, problem) => {
    const found = objectNameProblem(name)
    if (problem === null) expect(found).toBeNull()
    else expect(found).toContain(problem)
  })
})

describe('MIME allow-lists', () => {
  it('allows everything without a list, wildcards by type, exact types, and refuses the rest', () => {
    expect(mimeTypeAllowed('application/pdf', null)).toBe(true)
    expect(mimeTypeAllowed('application/pdf', [])).toBe(true)
    expect(mimeTypeAllowed('image/png', ['image/*'])).toBe(true)
    expect(mimeTypeAllowed('IMAGE/PNG', ['image/png'])).toBe(true)
    expect(mimeTypeAllowed('text/plain; charset=utf-8', ['text/plain'])).toBe(true)
    expect(mimeTypeAllowed('video/mp4', ['image/*', 'text/plain'])).toBe(false)
  })
})

describe('plan limits', () => {
  it('is 50 MB on Free and 500 GB from Pro, with the plan in the message', () => {
    expect(formatBytes(STORAGE_PLAN_UPLOAD_LIMIT.free)).toBe('50 MB')
    expect(formatBytes(STORAGE_PLAN_UPLOAD_LIMIT.pro)).toBe('500 GB')
    expect(storagePlanLimitMessage('free')).toContain('Free plan allows files up to 50 MB')
  })
})
