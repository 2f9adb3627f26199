import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { Permission } from '../api/schemas'
import { can, likeMatch, PermissionAction as A, type PermissionScope } from './permissions'

const ORG = 'acme'
const OTHER = 'globex'

function entry(p: Partial<Permission> = {}): Permission {
  return {
    organization_id: 1,
    organization_slug: ORG,
    actions: ['%'],
    resources: ['%'],
    condition: null,
    project_ids: null,
    project_refs: null,
    restrictive: false,
    ...p,
  }
}
const deny = (p: Partial<Permission> = {}) => entry({ restrictive: true, ...p })
const org = (extra: Partial<PermissionScope> = {}): PermissionScope => ({ organizationSlug: ORG, ...extra })
const PUBLIC_SCHEMA = { '==': [{ var: 'resource.schema' }, 'public'] }

// [case, permissions, action, resource, scope, expected]
type Case = [string, Permission[] | undefined, string, string, PermissionScope, boolean]
const cases: Case[] = [
  // empty and missing
  ['undefined permissions', undefined, A.BILLING_READ, 'invoices', org(), false],
  ['empty list', [], A.BILLING_READ, 'invoices', org(), false],
  ['exact action and resource', [entry({ actions: [A.BILLING_READ], resources: ['invoices'] })], A.BILLING_READ, 'invoices', org(), true],
  ['other action', [entry({ actions: [A.BILLING_READ], resources: ['invoices'] })], A.BILLING_WRITE, 'invoices', org(), false],
  ['other resource', [entry({ actions: [A.BILLING_READ], resources: ['invoices'] })], A.BILLING_READ, 'customer', org(), false],
  ['case-sensitive action', [entry({ actions: ['billing:read'] })], A.BILLING_READ, 'x', org(), false],
  ['null actions match nothing', [entry({ actions: null })], A.READ, 'x', org(), false],
  ['empty resources match nothing', [entry({ resources: [] })], A.READ, 'x', org(), false],
  ['empty action name never allowed', [entry()], '', 'x', org(), false],
  ['empty resource name never allowed', [entry()], A.READ, '', org(), false],
  // wildcards
  ['lone % matches everything', [entry()], A.TENANT_SQL_QUERY, 'anything.at_all', org(), true],
  ['prefix wildcard', [entry({ actions: ['sql:%'] })], A.SQL_SELECT, 'x', org(), true],
  ['prefix wildcard other family', [entry({ actions: ['sql:%'] })], A.TENANT_SQL_SELECT, 'x', org(), false],
  ['% in the middle', [entry({ actions: ['tenant:Sql:%:Select'] })], A.TENANT_SQL_SELECT, 'x', org(), true],
  ['% in the middle, wrong end', [entry({ actions: ['tenant:Sql:%:Select'] })], A.TENANT_SQL_INSERT, 'x', org(), false],
  ['% matches empty run', [entry({ actions: ['write:%Create'] })], A.CREATE, 'x', org(), true],
  ['leading % suffix match', [entry({ resources: ['%_config'] })], A.READ, 'custom_config', org(), true],
  ['pattern head and tail cannot overlap', [entry({ resources: ['ab%ba'] })], A.READ, 'aba', org(), false],
  ['_ is literal, not one char', [entry({ resources: ['user_invites'] })], A.READ, 'userXinvites', org(), false],
  ['_ matches itself', [entry({ resources: ['user_invites'] })], A.READ, 'user_invites', org(), true],
  ['. is literal', [entry({ resources: ['auth.users'] })], A.READ, 'authXusers', org(), false],
  ['every . is literal', [entry({ resources: ['a.b.c'] })], A.READ, 'a.bXc', org(), false],
  ['* is literal', [entry({ resources: ['*'] })], A.READ, 'anything', org(), false],
  ['regex metacharacters are literal', [entry({ resources: ['a+(b)?'] })], A.READ, 'a+(b)?', org(), true],
  ['one of several patterns matches', [entry({ actions: [A.READ, A.UPDATE], resources: ['projects', 'x'] })], A.UPDATE, 'x', org(), true],
  // organization isolation
  ['other organization entry ignored', [entry({ organization_slug: OTHER })], A.READ, 'x', org(), false],
  ['organization slug is exact', [entry({ organization_slug: 'ACME' })], A.READ, 'x', org(), false],
  ['other organization deny ignored', [entry(), deny({ organization_slug: OTHER })], A.READ, 'x', org(), true],
  // restrictive
  ['restrictive without condition denies', [entry(), deny({ actions: [A.BILLING_WRITE] })], A.BILLING_WRITE, 'x', org(), false],
  ['restrictive for another action leaves allow', [entry(), deny({ actions: [A.BILLING_WRITE] })], A.BILLING_READ, 'x', org(), true],
  ['restrictive alone is not an allow', [deny({ condition: { '==': [1, 2] } })], A.READ, 'x', org(), false],
  ['restrictive with holding condition denies', [entry(), deny({ condition: PUBLIC_SCHEMA })], A.READ, 't', org({ data: { resource: { schema: 'public' } } }), false],
  ['restrictive with failing condition does not deny', [entry(), deny({ condition: PUBLIC_SCHEMA })], A.READ, 't', org({ data: { resource: { schema: 'auth' } } }), true],
  ['restrictive: false behaves as allow', [entry({ restrictive: false })], A.READ, 'x', org(), true],
  ['restrictive: null behaves as allow', [entry({ restrictive: null })], A.READ, 'x', org(), true],
  // allow conditions
  ['allow with holding condition', [entry({ condition: PUBLIC_SCHEMA })], A.READ, 't', org({ data: { resource: { schema: 'public' } } }), true],
  ['allow with failing condition', [entry({ condition: PUBLIC_SCHEMA })], A.READ, 't', org({ data: { resource: { schema: 'auth' } } }), false],
  ['allow condition without data', [entry({ condition: PUBLIC_SCHEMA })], A.READ, 't', org(), false],
  ['one of two allows holds', [entry({ condition: PUBLIC_SCHEMA }), entry({ condition: true })], A.READ, 't', org(), true],
  ['condition "in" on data', [entry({ condition: { in: [{ var: 'resource.role_id' }, [1, 2]] } })], A.UPDATE, 'roles', org({ data: { resource: { role_id: 2 } } }), true],
  ['condition sees resource_name', [entry({ condition: { '==': [{ var: 'resource_name' }, 'invoices'] } })], A.READ, 'invoices', org(), true],
  ['literal false condition', [entry({ condition: false })], A.READ, 'x', org(), false],
  // malformed conditions fail closed
  ['malformed allow (unknown operator)', [entry({ condition: { nope: [1] } })], A.READ, 'x', org(), false],
  ['malformed allow (string)', [entry({ condition: 'yes' })], A.READ, 'x', org(), false],
  ['malformed allow (two keys)', [entry({ condition: { '==': [1, 1], '!=': [1, 2] } })], A.READ, 'x', org(), false],
  ['malformed allow (throws)', [entry({ condition: { '/': [1, 0] } })], A.READ, 'x', org(), false],
  ['malformed restrictive (unknown operator) denies', [entry(), deny({ condition: { nope: [1] } })], A.READ, 'x', org(), false],
  ['malformed restrictive (empty object) denies', [entry(), deny({ condition: {} })], A.READ, 'x', org(), false],
  // project scope and priority
  ['project entry ignored without projectRef', [entry({ project_refs: ['p1'] })], A.READ, 'x', org(), false],
  ['project entry ignored for other project', [entry({ project_refs: ['p1'] })], A.READ, 'x', org({ projectRef: 'p2' }), false],
  ['project entry applies to its project', [entry({ project_refs: ['p1', 'p3'] })], A.READ, 'x', org({ projectRef: 'p3' }), true],
  ['org-wide entry applies inside a project', [entry()], A.READ, 'x', org({ projectRef: 'p1' }), true],
  ['empty project_refs is org-wide', [entry({ project_refs: [] })], A.READ, 'x', org({ projectRef: 'p1' }), true],
  ['project deny beats org allow', [entry(), deny({ project_refs: ['p1'] })], A.READ, 'x', org({ projectRef: 'p1' }), false],
  ['project allow takes priority over org deny', [deny(), entry({ project_refs: ['p1'] })], A.READ, 'x', org({ projectRef: 'p1' }), true],
  ['org deny still applies in other projects', [deny(), entry({ project_refs: ['p1'] })], A.READ, 'x', org({ projectRef: 'p2' }), false],
  ['project failing allow hides org allow', [entry(), entry({ project_refs: ['p1'], condition: false })], A.READ, 'x', org({ projectRef: 'p1' }), false],
  ['non-matching project entry does not hide org allow', [entry(), entry({ project_refs: ['p1'], actions: [A.BILLING_READ] })], A.READ, 'x', org({ projectRef: 'p1' }), true],
  ['project entry of other org does not take priority', [entry(), deny({ organization_slug: OTHER, project_refs: ['p1'] })], A.READ, 'x', org({ projectRef: 'p1' }), true],
]

describe('can (table)', () => {
  it('has at least 30 cases', () => expect(cases.length).toBeGreaterThanOrEqual(30))
  it.each(cases)('%s', (_name, permissions, action, resource, scope, expected) => {
    expect(can(permissions, action, resource, scope)).toBe(expected)
  })
})

describe('PermissionAction', () => {
  it('uses the platform spellings', () => {
    expect(A.BILLING_READ).toBe('billing:Read')
    expect(A.TENANT_SQL_QUERY).toBe('tenant:Sql:Query')
    expect(A.SQL_SELECT).toBe('sql:Read:Select')
    expect(new Set(Object.values(A)).size).toBe(Object.values(A).length)
  })
})

// ---------------------------------------------------------------- properties

const slugArb = fc.constantFrom(ORG, OTHER, 'initech')
const refArb = fc.constantFrom('p1', 'p2', 'p3')
const nameArb = fc.oneof(
  fc.constantFrom(...Object.values(A), 'projects', 'invoices', 'user_invites', 'auth.users'),
  fc.string({ minLength: 1, maxLength: 12 }),
)
const patternArb = fc.oneof(
  fc.constant('%'),
  nameArb,
  nameArb.map((s) => `${s.slice(0, 4)}%`),
  nameArb.map((s) => `%${s.slice(-3)}`),
  fc.string({ unit: fc.constantFrom('a', 'b', '%', '_', '.', ':'), maxLength: 6 }),
)
const conditionArb = fc.oneof(
  fc.constant(null),
  fc.constant(null),
  fc.boolean(),
  fc.constant(PUBLIC_SCHEMA),
  fc.constant({ nope: [1] }),
  fc.constant('malformed'),
)
const permissionArb = (slug: fc.Arbitrary<string> = slugArb): fc.Arbitrary<Permission> =>
  fc.record({
    organization_id: fc.option(fc.nat(), { nil: null }),
    organization_slug: slug,
    actions: fc.option(fc.array(patternArb, { maxLength: 3 }), { nil: null }),
    resources: fc.option(fc.array(patternArb, { maxLength: 3 }), { nil: null }),
    condition: conditionArb,
    project_ids: fc.constant(null),
    project_refs: fc.option(fc.array(refArb, { maxLength: 2 }), { nil: null }),
    restrictive: fc.option(fc.boolean(), { nil: null }),
  })
const scopeArb = fc.record(
  {
    organizationSlug: slugArb,
    projectRef: refArb,
    data: fc.constantFrom({ resource: { schema: 'public' } }, { resource: { schema: 'auth' } }, {}),
  },
  { requiredKeys: ['organizationSlug'] },
)
const checkArb = fc.record({ action: nameArb, resource: nameArb, scope: scopeArb })

describe('can (properties)', () => {
  it('no entries → false', () => {
    fc.assert(
      fc.property(checkArb, fc.constantFrom(undefined, []), ({ action, resource, scope }, perms) => {
        expect(can(perms, action, resource, scope)).toBe(false)
      }),
    )
  })

  it('a restrictive %/% entry with null condition makes every check false', () => {
    fc.assert(
      fc.property(fc.array(permissionArb()), checkArb, (perms, { action, resource, scope }) => {
        const orgDeny = deny({ organization_slug: scope.organizationSlug, condition: null })
        if (scope.projectRef === undefined) {
          // Outside a project the org-wide deny is absolute.
          expect(can([...perms, orgDeny], action, resource, scope)).toBe(false)
        } else {
          // Inside a project, matching project-specific entries outrank org-wide ones (SPEC §6
          // priority), so the deny must also be present at project level to be absolute.
          const projectDeny = { ...orgDeny, project_refs: [scope.projectRef] }
          expect(can([...perms, projectDeny], action, resource, scope)).toBe(false)
          expect(can([...perms, orgDeny, projectDeny], action, resource, scope)).toBe(false)
          // And an org-wide deny alone is absolute when no project-specific entry exists.
          const orgOnly = perms.map((p) => ({ ...p, project_refs: null }))
          expect(can([...orgOnly, orgDeny], action, resource, scope)).toBe(false)
        }
      }),
    )
  })

  it('an org-wide %/% allow makes every check in that org true and none in another org', () => {
    fc.assert(
      fc.property(checkArb, ({ action, resource, scope }) => {
        const perms = [entry({ organization_slug: scope.organizationSlug })]
        expect(can(perms, action, resource, scope)).toBe(true)
        expect(can(perms, action, resource, { ...scope, organizationSlug: `${scope.organizationSlug}-other` })).toBe(false)
      }),
    )
  })

  it('the result never depends on entries of other organizations', () => {
    fc.assert(
      fc.property(
        fc.array(permissionArb(fc.constant(ORG))),
        fc.array(permissionArb(fc.constantFrom(OTHER, 'initech', 'ACME', 'acme '))),
        checkArb,
        fc.nat(),
        (own, foreign, { action, resource, scope }, seed) => {
          const s = { ...scope, organizationSlug: ORG }
          // interleave deterministically
          const mixed = [...own]
          foreign.forEach((p, i) => mixed.splice((seed + i) % (mixed.length + 1), 0, p))
          expect(can(mixed, action, resource, s)).toBe(can(own, action, resource, s))
        },
      ),
    )
  })

  it('is insensitive to entry order', () => {
    fc.assert(
      fc.property(fc.array(permissionArb()), checkArb, (perms, { action, resource, scope }) => {
        expect(can([...perms].reverse(), action, resource, scope)).toBe(can(perms, action, resource, scope))
      }),
    )
  })
})

describe('likeMatch', () => {
  const toRegex = (pattern: string) =>
    new RegExp(`^${pattern.split('%').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*')}$`)
  it('agrees with an escaped-regex oracle', () => {
    const unit = fc.constantFrom('a', 'b', '%', '_', '.', '*')
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 8 }), fc.string({ unit, maxLength: 10 }), (pattern, value) => {
        expect(likeMatch(pattern, value)).toBe(toRegex(pattern).test(value))
      }),
      { numRuns: 2000 },
    )
  })
})
