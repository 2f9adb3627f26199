import { describe, expect, it } from 'vitest'
import { NEW_PROJECT_MESSAGE, PROJECT_NAME_MAX_LENGTH } from '../constants'
import { projectNameError, projectNameLength } from './project-name'
import { itReadsEach } from '../test/each-row'

describe('project name rule', () => {
  it('the platform limit is 64 characters', () => {
    expect(PROJECT_NAME_MAX_LENGTH).toBe(64)
  })

  itReadsEach('%j → %s', projectNameError, [
    ['Checkout service', null],
    ['x'.repeat(64), null],
    // Surrounding spaces are trimmed before counting, as the name is sent trimmed.
    [`  ${'x'.repeat(64)}  `, null],
    ['x'.repeat(65), 'Project names can be at most 64 characters; this one has 65.'],
    ['', NEW_PROJECT_MESSAGE.nameRequired],
    ['   ', NEW_PROJECT_MESSAGE.nameRequired],
  ])

  it('counts characters, not UTF-16 units: 64 emoji fit', () => {
    expect(projectNameLength('🚀'.repeat(64))).toBe(64)
    expect(projectNameError('🚀'.repeat(64))).toBeNull()
  })

  it('an empty name is only an error once required; a long one always is', () => {
    expect(projectNameError('', { requireNow: false })).toBeNull()
    expect(projectNameError('x'.repeat(70), { requireNow: false })).toContain('this one has 70')
  })
})
