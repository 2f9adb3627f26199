import { describe, expect, it } from 'vitest'
import { isFeatureEnabled } from './features'

describe('isFeatureEnabled', () => {
  it('is on unless a list names it', () => {
    expect(isFeatureEnabled('project_creation:all', { settings: [] })).toBe(true)
    expect(isFeatureEnabled('project_creation:all', { settings: ['project_creation:all'] })).toBe(false)
    expect(isFeatureEnabled('theme:switch', { settings: [], profile: [' Theme:Switch '] })).toBe(false)
    expect(isFeatureEnabled('theme:switch', { settings: ['project_creation:all'], profile: ['other'] })).toBe(true)
  })
})
