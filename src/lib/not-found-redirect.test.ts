import { describe, expect, it } from 'vitest'
import { notFoundRedirectPath } from './not-found-redirect'

describe('notFoundRedirectPath', () => {
  it.each([
    ['org', 'gone', null, '/organizations?error=org_not_found&org=gone'],
    ['org', 'gone', 'acme', '/org/acme?error=org_not_found&org=gone'],
    ['org', 'acme', 'acme', '/organizations?error=org_not_found&org=acme'],
    ['project', 'abc', 'acme', '/org/acme?error=project_not_found&project=abc'],
    ['project', 'abc', null, '/organizations?error=project_not_found&project=abc'],
  ] as const)('%s %s (last %s) → %s', (kind, missing, last, expected) => {
    expect(notFoundRedirectPath(kind, missing, last)).toBe(expected)
  })
})
