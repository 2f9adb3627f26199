import { describe, expect, it } from 'vitest'
import type { Permission } from '../api/schemas'
import { hasBillingAll } from './billing-access'

const entry = (actions: string[], overrides: Partial<Permission> = {}): Permission =>
  ({ organization_slug: 'acme-corp', actions, resources: ['%'], condition: null, project_refs: null, restrictive: false, ...overrides }) as Permission

describe('hasBillingAll', () => {
  it('needs both billing read and billing write in the organization', () => {
    expect(hasBillingAll([entry(['%'])], 'acme-corp')).toBe(true)
    expect(hasBillingAll([entry(['billing:%'])], 'acme-corp')).toBe(true)
    expect(hasBillingAll([entry(['billing:Read', 'billing:Write'])], 'acme-corp')).toBe(true)
    // The read-only member of the fixtures.
    expect(hasBillingAll([entry(['read:Read', 'sql:Read:Select', 'billing:Read'])], 'acme-corp')).toBe(false)
    expect(hasBillingAll([entry(['billing:Write'])], 'acme-corp')).toBe(false)
  })

  it('is false for another organization, without permissions, and when a restrictive entry denies write', () => {
    expect(hasBillingAll([entry(['%'])], 'globex')).toBe(false)
    expect(hasBillingAll(undefined, 'acme-corp')).toBe(false)
    expect(hasBillingAll([entry(['%']), entry(['billing:Write'], { restrictive: true })], 'acme-corp')).toBe(false)
  })
})
