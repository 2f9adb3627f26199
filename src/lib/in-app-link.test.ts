import { describe, expect, it } from 'vitest'
import { advisorFindingPath, inAppLinkPath } from './in-app-link'

const REF = 'abcdefghijklmnopqrst'

describe('inAppLinkPath', () => {
  it("lets a project's advisor pages through, with one finding named", () => {
    for (const path of [
      `/project/${REF}/advisors/security`,
      `/project/${REF}/advisors/performance?finding=rls_disabled_in_public_public_orders`,
      `/project/${REF}/advisors/rules/security?finding=auth_users_exposed_public_v`,
      `/project/${REF}/advisors/query-performance`,
    ])
      expect(inAppLinkPath(path), path).toBe(path)
  })

  it('refuses every other path, and anything that could leave the origin', () => {
    for (const href of [
      `/project/${REF}/sql/new?content=drop+table+orders`,
      `/project/${REF}/settings/general`,
      `/project/${REF}/advisors/security?finding=x&next=//evil.example`,
      `/project/${REF}/advisors/security#top`,
      `/project/${REF}/advisors/security?finding=%2F%2Fevil`,
      `//evil.example/project/${REF}/advisors/security`,
      `/\\evil.example/advisors/security`,
      `https://evil.example/project/${REF}/advisors/security`,
      `javascript:alert(1)`,
      `/project/abc/advisors/security`,
      `/project/${REF}/advisors/security/../../../logout`,
      '',
      null,
    ])
      expect(inAppLinkPath(href), String(href)).toBeNull()
  })
})

describe('advisorFindingPath', () => {
  it("names the finding by its cache key, or opens the advisor alone when the key holds what a link may not", () => {
    expect(advisorFindingPath(REF, 'security', 'rls_disabled_in_public_public_orders')).toBe(`/project/${REF}/advisors/security?finding=rls_disabled_in_public_public_orders`)
    expect(advisorFindingPath(REF, 'performance', 'unindexed_foreign_keys_public_my table_fk')).toBe(`/project/${REF}/advisors/performance?finding=unindexed_foreign_keys_public_my%20table_fk`)
    expect(advisorFindingPath(REF, 'security', 'x_public_"quoted"/name')).toBe(`/project/${REF}/advisors/security`)
  })
})
