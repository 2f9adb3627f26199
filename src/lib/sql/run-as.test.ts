import { describe, expect, it } from 'vitest'
import { describeRunAs, PROJECT_ROLE, runAsPrefix, type RunAs } from './run-as'

const ana: RunAs = { role: 'authenticated', user: { id: '5b1e9c1a-0f6e-4b7c-9d55-6f1d2a3b4c5d', email: "ana.o'neil@example.com", phone: null } }

describe('running a statement as someone else', () => {
  it('adds nothing for the project’s own role', () => {
    expect(runAsPrefix(PROJECT_ROLE, 'select 1')).toBe('')
    expect(describeRunAs(PROJECT_ROLE)).toBeNull()
  })

  it('sets the role and the claims for the statement alone, the user’s id as sub', () => {
    expect(runAsPrefix(ana, 'select * from notes')).toBe(
      `set local role "authenticated";\nset local "request.jwt.claims" = '{"sub":"5b1e9c1a-0f6e-4b7c-9d55-6f1d2a3b4c5d","role":"authenticated","aud":"authenticated","email":"ana.o''neil@example.com","phone":""}';\n`,
    )
    expect(runAsPrefix({ role: 'anon' }, 'select 1')).toContain(`set local "request.jwt.claims" = '{"role":"anon"}';`)
    expect(describeRunAs(ana)).toBe("ran as authenticated (ana.o'neil@example.com)")
  })

  it('refuses what would end the transaction the role lives in, or change the role', () => {
    for (const statement of ['begin', '  COMMIT', '/* x */ rollback', 'set role postgres', 'SET SESSION AUTHORIZATION postgres', 'reset role', 'set local role service_role', 'savepoint a'])
      expect(() => runAsPrefix(ana, statement), statement).toThrow('cannot run as another role')
    expect(runAsPrefix(ana, 'select begin from t')).not.toBe('')
  })
})
