import { describe, expect, it } from 'vitest'
import { PROJECT_STATUSES, type ProjectStatus } from '../constants'
import { databaseBlockedReason, isDatabaseReachable, projectGateDecision } from './project-gate'

const connected = 'encrypted:abc'

describe('projectGateDecision: every one of the 15 statuses', () => {
  const expected: Record<ProjectStatus, { kind: string; polls: boolean; canContinue: boolean; canRestore: boolean; offersSupport: boolean }> = {
    ACTIVE_HEALTHY: { kind: 'open', polls: false, canContinue: false, canRestore: false, offersSupport: false },
    INACTIVE: { kind: 'paused', polls: false, canContinue: false, canRestore: true, offersSupport: false },
    COMING_UP: { kind: 'waiting', polls: true, canContinue: false, canRestore: false, offersSupport: false },
    RESTORING: { kind: 'waiting', polls: true, canContinue: false, canRestore: false, offersSupport: false },
    RESTARTING: { kind: 'waiting', polls: true, canContinue: false, canRestore: false, offersSupport: false },
    RESIZING: { kind: 'waiting', polls: true, canContinue: false, canRestore: false, offersSupport: false },
    UPGRADING: { kind: 'waiting', polls: true, canContinue: false, canRestore: false, offersSupport: false },
    UNKNOWN: { kind: 'waiting', polls: true, canContinue: false, canRestore: false, offersSupport: false },
    PAUSING: { kind: 'waiting', polls: true, canContinue: false, canRestore: false, offersSupport: false },
    INIT_FAILED: { kind: 'unavailable', polls: false, canContinue: false, canRestore: false, offersSupport: true },
    RESTORE_FAILED: { kind: 'unavailable', polls: false, canContinue: false, canRestore: false, offersSupport: true },
    PAUSE_FAILED: { kind: 'unavailable', polls: false, canContinue: false, canRestore: false, offersSupport: true },
    GOING_DOWN: { kind: 'unavailable', polls: true, canContinue: false, canRestore: false, offersSupport: true },
    REMOVED: { kind: 'unavailable', polls: false, canContinue: false, canRestore: false, offersSupport: true },
    ACTIVE_UNHEALTHY: { kind: 'unavailable', polls: false, canContinue: true, canRestore: false, offersSupport: true },
  }

  it.each(PROJECT_STATUSES.map((status) => [status]))('%s', (status) => {
    const decision = projectGateDecision({ status, connectionString: connected })
    const want = expected[status]
    if (want.kind === 'open') {
      expect(decision).toEqual({ kind: 'open' })
      expect(isDatabaseReachable({ status, connectionString: connected })).toBe(true)
      return
    }
    expect(decision).toMatchObject({ ...want, status })
    if (decision.kind === 'open') throw new Error('unreachable')
    // Every closed state explains itself in words.
    expect(decision.title.length).toBeGreaterThan(5)
    expect(decision.message).toMatch(/\.$/)
    expect(isDatabaseReachable({ status, connectionString: connected })).toBe(want.canContinue)
  })

  it('covers all 15 statuses', () => {
    expect(PROJECT_STATUSES).toHaveLength(15)
  })

  it('a healthy project without its connection string waits for it (SPEC §4 polls then)', () => {
    for (const connectionString of [null, undefined, '', '   ']) {
      expect(projectGateDecision({ status: 'ACTIVE_HEALTHY', connectionString })).toMatchObject({ kind: 'waiting', polls: true })
      expect(isDatabaseReachable({ status: 'ACTIVE_HEALTHY', connectionString })).toBe(false)
    }
  })

  it('an unhealthy project without a connection cannot be continued into', () => {
    expect(projectGateDecision({ status: 'ACTIVE_UNHEALTHY', connectionString: null })).toMatchObject({ kind: 'unavailable', canContinue: false })
  })
})

describe('databaseBlockedReason (the assistant’s Run)', () => {
  it('is null when the database may be queried, else the gate’s title', () => {
    expect(databaseBlockedReason({ status: 'ACTIVE_HEALTHY', connectionString: connected })).toBeNull()
    expect(databaseBlockedReason({ status: 'ACTIVE_UNHEALTHY', connectionString: connected })).toBeNull()
    expect(databaseBlockedReason({ status: 'INACTIVE', connectionString: connected })).toBe('This project is paused')
    expect(databaseBlockedReason({ status: 'COMING_UP', connectionString: null })).toBe('The project is coming up')
  })
})
