import { describe, expect, it } from 'vitest'
import { alterPolicySql, createPolicySql, ownerColumns, POLICY_TEMPLATES, type PolicyDefinition } from './table-policies'

const own: PolicyDefinition = { name: 'Own rows', command: 'select', roles: ['authenticated'], permissive: true, using: '(select auth.uid()) = user_id', check: '' }

describe('policy statements', () => {
  it('creates a policy with every part named, the expressions in parentheses, an update with both', () => {
    expect(createPolicySql('my schema', 'notes', own)).toBe(
      'create policy "Own rows"\n  on "my schema"."notes"\n  as permissive\n  for select\n  to "authenticated"\n  using ((select auth.uid()) = user_id);',
    )
    expect(createPolicySql('public', 'notes', { ...own, command: 'update', roles: [], permissive: false, check: 'true' })).toContain('as restrictive\n  for update\n  to public\n  using ((select auth.uid()) = user_id)\n  with check (true);')
    // An insert takes no USING, whatever the form still holds.
    expect(createPolicySql('public', 'notes', { ...own, command: 'insert', check: 'true' })).not.toContain('using')
  })

  it('says what is missing or wrong before anything runs', () => {
    expect(() => createPolicySql('public', 't', { ...own, name: ' ' })).toThrow('Name the policy.')
    expect(() => createPolicySql('public', 't', { ...own, using: '' })).toThrow('USING')
    expect(() => createPolicySql('public', 't', { ...own, command: 'insert', check: '' })).toThrow('WITH CHECK')
    expect(() => createPolicySql('public', 't', { ...own, using: 'true; drop table t' })).toThrow('remove the ";"')
  })

  it('alters in place what Postgres can, drops and creates what it cannot, and says nothing when nothing changed', () => {
    expect(alterPolicySql('public', 't', own, own)).toBe('')
    expect(alterPolicySql('public', 't', own, { ...own, name: 'Mine', roles: ['anon', 'authenticated'] })).toBe(
      'alter policy "Own rows" on "public"."t"\n  to "anon", "authenticated";\nalter policy "Own rows" on "public"."t" rename to "Mine";',
    )
    expect(alterPolicySql('public', 't', own, { ...own, permissive: false })).toMatch(/^drop policy "Own rows" on "public"\."t";\ncreate policy "Own rows"/)
  })

  it('offers the uuid columns a template can match to the user, the likely owner first', () => {
    const columns = [{ name: 'id', type: 'uuid' }, { name: 'title', type: 'text' }, { name: 'reviewer', type: 'uuid' }, { name: 'user_id', type: 'uuid' }].map((c) => ({ ...c, updatable: true }))
    expect(ownerColumns(columns)).toEqual(['user_id', 'reviewer', 'id'])
  })

  it('builds valid statements from every template for a table with an owner', () => {
    for (const template of POLICY_TEMPLATES.filter((t) => t.id !== 'custom')) expect(createPolicySql('public', 'notes', template.policy('notes', 'owner'))).toMatch(/^create policy /)
  })
})
