import { describe, expect, it } from 'vitest'
import { wrapPerRowCalls } from './policy-calls'
import { itReadsEach } from '../../../test/each-row'

describe('wrapPerRowCalls', () => {
  itReadsEach('%s', wrapPerRowCalls, [
    ['(auth.uid() = user_id)', '((select auth.uid()) = user_id)'],
    ["((auth.jwt() ->> 'role'::text) = 'admin'::text)", "(((select auth.jwt()) ->> 'role'::text) = 'admin'::text)"],
    ['(( SELECT auth.uid() AS uid) = user_id)', '(( SELECT auth.uid() AS uid) = user_id)'],
    ["(current_setting('request.jwt.claims'::text, true) IS NOT NULL)", "((select current_setting('request.jwt.claims'::text, true)) IS NOT NULL)"],
    ["(note = 'auth.uid()')", "(note = 'auth.uid()')"],
    ['(my_auth.uid() = user_id)', '(my_auth.uid() = user_id)'],
    ['((auth.uid() = owner) OR (auth.role() = \'service_role\'::text))', "(((select auth.uid()) = owner) OR ((select auth.role()) = 'service_role'::text))"],
    ['(( SELECT auth.uid() AS uid) = a) AND (auth.uid() = b)', '(( SELECT auth.uid() AS uid) = a) AND ((select auth.uid()) = b)'],
  ])

  it('leaves an unbalanced call as it was', () => {
    expect(wrapPerRowCalls('auth.uid(')).toBe('auth.uid(')
  })
})
