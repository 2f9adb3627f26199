import { describe, expect, it } from 'vitest'
import { clockSkewMachine } from '../../machines/clock-skew.machine'
import { consentMachine } from '../../machines/consent.machine'
import { profileMachine } from '../../machines/profile.machine'
import { chartOf, chartSize, eventLabel, isActivePath, stateLabel } from './machine-chart'

describe('chartOf', () => {
  it('draws parallel and nested states with their initial state, invocations, guards and targets', () => {
    const chart = chartOf(consentMachine)
    expect(chart).toMatchObject({ key: 'consent', path: [], type: 'parallel' })
    expect(chart.children.map((c) => [c.key, c.type, c.initial])).toEqual([
      ['decision', 'compound', 'showConsentToast'],
      ['privacySettings', 'compound', 'closed'],
    ])
    const [decision, privacy] = chart.children
    expect(decision!.transitions.map((t) => [t.label, t.targets, t.actions])).toEqual([
      ['consent.accept', ['decision.accepted'], ['assign', 'remember']],
      ['consent.deny', ['decision.denied'], ['assign', 'remember']],
    ])
    expect(decision!.children[0]!.transitions.map((t) => [t.label, t.guard, t.targets])).toEqual([
      ['always', 'storedAccepted', ['decision.accepted']],
      ['always', 'storedDenied', ['decision.denied']],
    ])
    const loading = privacy!.children.find((c) => c.key === 'loading')!
    expect(loading.invokes).toEqual(['loadCategories'])
    expect(loading.transitions.map((t) => [t.label, t.targets])).toEqual([
      ['privacy.close', ['privacySettings.closed']],
      ['done: loadCategories', ['privacySettings.editing']],
      ['error: loadCategories', ['privacySettings.failed']],
    ])
  })

  it('labels delays by name, final states, entry actions and guarded alternatives', () => {
    const skew = chartOf(clockSkewMachine)
    const inSync = skew.children.find((c) => c.key === 'inSync')!
    expect(inSync.transitions.map((t) => t.label)).toContain('after checkInterval')
    const profile = chartOf(profileMachine)
    const signedOut = profile.children.find((c) => c.key === 'signedOut')!
    expect(signedOut).toMatchObject({ type: 'final', entry: ['signOut'] })
    const loading = profile.children.find((c) => c.key === 'loading')!
    expect(loading.transitions.filter((t) => t.label === 'error: fetchProfile').map((t) => [t.guard, t.targets])).toEqual([
      ['isProfileMissing', ['creating']],
      ['isUnauthorized', ['signedOut']],
      [null, ['failed']],
    ])
    expect(chartSize(profile)).toEqual({ states: 5, transitions: 8 })
  })

  it('eventLabel shortens XState’s own event types', () => {
    expect(eventLabel('xstate.done.actor.save')).toBe('done: save')
    expect(eventLabel('xstate.error.actor.save')).toBe('error: save')
    expect(eventLabel('xstate.after.poll.projectStatus.waiting')).toBe('after poll')
    expect(eventLabel('menu.open')).toBe('menu.open')
  })
})

describe('isActivePath', () => {
  it('matches a path against a string or nested state value', () => {
    const value = { decision: 'accepted', privacySettings: 'closed' }
    expect(isActivePath(value, [])).toBe(true)
    expect(isActivePath(value, ['decision'])).toBe(true)
    expect(isActivePath(value, ['decision', 'accepted'])).toBe(true)
    expect(isActivePath(value, ['decision', 'denied'])).toBe(false)
    expect(isActivePath(value, ['decision', 'accepted', 'deeper'])).toBe(false)
    expect(isActivePath('loading', ['loading'])).toBe(true)
    expect(isActivePath('loading', ['failed'])).toBe(false)
  })
})

describe('stateLabel', () => {
  it('writes a state value on one line', () => {
    expect(stateLabel('loading')).toBe('loading')
    expect(stateLabel({ decision: 'accepted', privacySettings: 'closed' })).toBe('decision.accepted · privacySettings.closed')
    expect(stateLabel({ open: { waiting: {} } })).toBe('open.waiting')
    expect(stateLabel(null)).toBe('—')
  })
})
