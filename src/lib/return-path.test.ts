import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { DEFAULT_RETURN_PATH } from '../constants'
import { isSafeReturnPath, MAX_RETURN_PATH_LENGTH, resolveReturnPath, signInPathFor } from './return-path'

type Options = Parameters<typeof resolveReturnPath>[1]
const D = DEFAULT_RETURN_PATH

// [case, returnTo, options, expected]
const cases: Array<[string, string | null | undefined, Options, string]> = [
  // accepted paths
  ['root', '/', undefined, '/'],
  ['single segment', '/organizations', undefined, '/organizations'],
  ['nested path', '/org/acme', undefined, '/org/acme'],
  ['project path', '/project/abcdefghij/database/tables', undefined, '/project/abcdefghij/database/tables'],
  ['hyphen and underscore', '/project/my-ref_1/sql/new', undefined, '/project/my-ref_1/sql/new'],
  ['digits', '/project/123/editor/42', undefined, '/project/123/editor/42'],
  ['trailing slash', '/org/acme/', undefined, '/org/acme/'],
  ['upper case', '/Org/ACME', undefined, '/Org/ACME'],
  // query strings
  ['simple query', '/org/acme?tab=billing', undefined, '/org/acme?tab=billing'],
  ['two pairs', '/org/acme?tab=billing&page=2', undefined, '/org/acme?tab=billing&page=2'],
  ['empty value', '/org/acme?search=', undefined, '/org/acme?search='],
  ['plus and comma and dot', '/logs?q=a+b&ids=1,2,3&v=1.2', undefined, '/logs?q=a+b&ids=1,2,3&v=1.2'],
  ['safe percent escapes', '/logs?q=a%20b%26c%3Dd', undefined, '/logs?q=a%20b%26c%3Dd'],
  ['lower-case hex escape', '/logs?q=a%2bb', undefined, '/logs?q=a%2bb'],
  ['query on root', '/?a=b', undefined, '/?a=b'],
  // empty / missing
  ['null', null, undefined, D],
  ['undefined', undefined, undefined, D],
  ['empty string', '', undefined, D],
  ['just a query', '?a=b', undefined, D],
  // not relative / malformed
  ['relative without slash', 'org/acme', undefined, D],
  ['protocol-relative', '//evil.com', undefined, D],
  ['protocol-relative with path', '//evil.com/org', undefined, D],
  ['triple slash', '///evil.com', undefined, D],
  ['double slash inside', '/org//evil.com', undefined, D],
  ['absolute https', 'https://evil.com', undefined, D],
  ['absolute http upper', 'HTTP://evil.com', undefined, D],
  ['scheme inside path', '/https://evil.com', undefined, D],
  ['scheme in query', '/org?next=https://evil.com', undefined, D],
  ['javascript:', 'javascript:alert(1)', undefined, D],
  ['javascript: mixed case', 'JaVaScRiPt:alert(1)', undefined, D],
  ['javascript: after slash', '/javascript:alert(1)', undefined, D],
  ['data:', 'data:text/html,<script>alert(1)</script>', undefined, D],
  ['vbscript:', 'vbscript:msgbox(1)', undefined, D],
  ['backslash', '/\\evil.com', undefined, D],
  ['double backslash', '\\\\evil.com', undefined, D],
  ['slash backslash mix', '/\\/evil.com', undefined, D],
  ['tab', '/\t/evil.com', undefined, D],
  ['newline', '/\n/evil.com', undefined, D],
  ['carriage return', '/org\r\n', undefined, D],
  ['leading space', ' /org', undefined, D],
  ['trailing space', '/org ', undefined, D],
  ['NUL byte', '/org\u0000', undefined, D],
  ['encoded double slash', '/%2F%2Fevil.com', undefined, D],
  ['encoded slash lower case', '/%2f%2fevil.com', undefined, D],
  ['encoded backslash', '/%5Cevil.com', undefined, D],
  ['encoded colon', '/https%3A%2F%2Fevil.com', undefined, D],
  ['encoded tab', '/%09/evil.com', undefined, D],
  ['double-encoded slash', '/%252F%252Fevil.com', undefined, D],
  ['encoded slash in query', '/org?next=%2F%2Fevil.com', undefined, D],
  ['encoded colon in query', '/org?next=https%3A%2F%2Fevil.com', undefined, D],
  ['double-encoded in query', '/org?next=%252F%252Fevil.com', undefined, D],
  ['encoded non-ASCII in query', '/org?q=%C3%A9', undefined, D],
  ['dot-dot traversal', '/..', undefined, D],
  ['traversal segment', '/org/../../evil', undefined, D],
  ['dot segment', '/./org', undefined, D],
  ['at-sign userinfo', '/@evil.com', undefined, D],
  ['at-sign in authority', '//user@evil.com', undefined, D],
  ['at-sign in query', '/org?u=a@evil.com', undefined, D],
  ['full-width solidus', '\uFF0F\uFF0Fevil.com', undefined, D],
  ['full-width solidus after slash', '/\uFF0Fevil.com', undefined, D],
  ['fraction slash', '/\u2044evil.com', undefined, D],
  ['division slash', '/\u2215evil.com', undefined, D],
  ['non-ASCII letter', '/org/caf\u00e9', undefined, D],
  ['Cyrillic look-alike', '/\u043Ergs', undefined, D],
  ['zero-width space', '/org\u200B', undefined, D],
  ['fragment', '/org#frag', undefined, D],
  ['fragment after query', '/org?a=b#frag', undefined, D],
  ['empty query', '/org?', undefined, D],
  ['trailing ampersand', '/org?a=b&', undefined, D],
  ['double ampersand', '/org?a=b&&c=d', undefined, D],
  ['key without value', '/org?flag', undefined, D],
  ['empty key', '/org?=x', undefined, D],
  ['second question mark', '/org?a=b?c=d', undefined, D],
  ['quote in query', "/org?a='x'", undefined, D],
  ['angle brackets in query', '/org?a=<script>', undefined, D],
  ['too long', `/${'a'.repeat(MAX_RETURN_PATH_LENGTH)}`, undefined, D],
  ['at the length cap', `/${'a'.repeat(MAX_RETURN_PATH_LENGTH - 1)}`, undefined, `/${'a'.repeat(MAX_RETURN_PATH_LENGTH - 1)}`],
  // base path stripping
  ['base path stripped', '/dashboard/org/acme', { basePath: '/dashboard' }, '/org/acme'],
  ['base path alone', '/dashboard', { basePath: '/dashboard' }, '/'],
  ['base path with slash', '/dashboard/', { basePath: '/dashboard' }, '/'],
  ['base path with query', '/dashboard?tab=x', { basePath: '/dashboard' }, '/?tab=x'],
  ['base path with trailing slash option', '/dashboard/org', { basePath: '/dashboard/' }, '/org'],
  ['base path not on boundary', '/dashboardx/y', { basePath: '/dashboard' }, '/dashboardx/y'],
  ['base path stripped once', '/dashboard/dashboard/x', { basePath: '/dashboard' }, '/dashboard/x'],
  ['path without base path', '/org/acme', { basePath: '/dashboard' }, '/org/acme'],
  ['empty base path', '/org/acme', { basePath: '' }, '/org/acme'],
  ['root base path', '/org/acme', { basePath: '/' }, '/org/acme'],
  ['nested base path', '/a/b/org', { basePath: '/a/b' }, '/org'],
  ['base path then double slash', '/dashboard//evil.com', { basePath: '/dashboard' }, D],
  ['base path then backslash', '/dashboard/\\evil.com', { basePath: '/dashboard' }, D],
  ['unsafe base path ignored', '/org', { basePath: 'https://evil.com' }, '/org'],
  // merging other params
  ['merge record', '/org/acme', { otherParams: { tab: 'billing' } }, '/org/acme?tab=billing'],
  ['merge URLSearchParams', '/org/acme', { otherParams: new URLSearchParams('a=1&b=2') }, '/org/acme?a=1&b=2'],
  ['merge onto own query', '/org/acme?tab=x', { otherParams: { page: '2' } }, '/org/acme?tab=x&page=2'],
  ['own value wins', '/org/acme?tab=x', { otherParams: { tab: 'y', page: '2' } }, '/org/acme?tab=x&page=2'],
  ['own encoded key wins', '/org?a+b=1', { otherParams: { 'a b': '2' } }, '/org?a+b=1'],
  ['returnTo never merged', '/org', { otherParams: new URLSearchParams('returnTo=/org&a=1') }, '/org?a=1'],
  ['repeated other keys kept', '/org', { otherParams: new URLSearchParams('t=1&t=2') }, '/org?t=1&t=2'],
  ['space and specials encoded', '/org', { otherParams: { q: 'a b&c' } }, '/org?q=a+b%26c'],
  ['unsafe slash value dropped', '/org', { otherParams: { next: '//evil.com', a: '1' } }, '/org?a=1'],
  ['unsafe scheme value dropped', '/org', { otherParams: { next: 'https://evil.com' } }, '/org'],
  ['unsafe backslash key dropped', '/org', { otherParams: { '\\x': '1' } }, '/org'],
  ['control char value dropped', '/org', { otherParams: { a: 'x\ny' } }, '/org'],
  ['non-ASCII value dropped', '/org', { otherParams: { a: '\uFF0F' } }, '/org'],
  ['empty key dropped', '/org', { otherParams: { '': 'x' } }, '/org'],
  ['empty value kept', '/org', { otherParams: { a: '' } }, '/org?a='],
  ['merge with base path', '/dashboard/org?tab=x', { basePath: '/dashboard', otherParams: { a: '1', tab: 'z' } }, '/org?tab=x&a=1'],
  ['unsafe returnTo ignores params', '//evil.com', { otherParams: { a: '1' } }, D],
  ['merge over length cap dropped', '/org', { otherParams: { a: 'x'.repeat(MAX_RETURN_PATH_LENGTH), b: '1' } }, '/org?b=1'],
]

describe('resolveReturnPath', () => {
  it('has a large case table', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60)
  })

  it.each(cases)('%s: %j', (_name, returnTo, options, expected) => {
    expect(resolveReturnPath(returnTo, options)).toBe(expected)
  })

  it('treats a URLSearchParams from another construction path the same as a record', () => {
    const fromUrl = new URL('http://localhost/sign-in?returnTo=%2Forg%3Ftab%3Dx&a=1').searchParams
    expect(resolveReturnPath(fromUrl.get('returnTo'), { otherParams: fromUrl })).toBe('/org?tab=x&a=1')
  })
})

describe('returnTo never leads to signing in, up or out again', () => {
  it.each(['/logout', '/logout/', '/logout?returnTo=%2Forg%2Facme', '/sign-in', '/sign-in?returnTo=%2Forg', '/sign-up', '/sign-up/?x=1', '/dashboard/logout'])(
    '%j resolves to the default',
    (returnTo) => {
      expect(resolveReturnPath(returnTo, { basePath: '/dashboard' })).toBe('/organizations')
    },
  )

  it('paths that only start like them are kept', () => {
    expect(resolveReturnPath('/logouts')).toBe('/logouts')
    expect(resolveReturnPath('/org/logout')).toBe('/org/logout')
    expect(resolveReturnPath('/sign-in-help')).toBe('/sign-in-help')
  })
})

describe('isSafeReturnPath', () => {
  it.each([
    ['/', true],
    ['/org/acme?tab=x', true],
    ['//evil.com', false],
    ['/a://b', false],
    ['', false],
  ] as const)('%j -> %s', (value, expected) => {
    expect(isSafeReturnPath(value)).toBe(expected)
  })
})

describe('signInPathFor', () => {
  it.each([
    ['/org/acme', '/sign-in?returnTo=%2Forg%2Facme'],
    ['/org/acme?tab=billing&q=a+b', '/sign-in?returnTo=%2Forg%2Facme%3Ftab%3Dbilling%26q%3Da%2Bb'],
    ['/organizations?page=2', '/sign-in?returnTo=%2Forganizations%3Fpage%3D2'],
    ['/organizations', '/sign-in'],
    ['/', '/sign-in'],
    ['/sign-in', '/sign-in'],
    ['/sign-in?returnTo=%2Forg', '/sign-in'],
    ['/logout', '/sign-in'],
    ['/logout?returnTo=%2Forg', '/sign-in'],
    ['/sign-up/', '/sign-in'],
    ['//evil.com', '/sign-in'],
    ['/\\evil.com', '/sign-in'],
    ['https://evil.com', '/sign-in'],
    ['', '/sign-in'],
  ])('%j -> %s', (current, expected) => {
    expect(signInPathFor(current)).toBe(expected)
  })

  it('round-trips through the sign-in URL', () => {
    const signIn = new URL(signInPathFor('/project/abc/sql/new?tab=x'), 'http://localhost')
    expect(signIn.pathname).toBe('/sign-in')
    expect(resolveReturnPath(signIn.searchParams.get('returnTo'), { otherParams: signIn.searchParams })).toBe(
      '/project/abc/sql/new?tab=x',
    )
  })
})

// ---------------------------------------------------------------------------------------------
// Property tests

const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/)
const safePathOnly = fc
  .tuple(fc.array(segment, { maxLength: 6 }), fc.boolean())
  .map(([segments, trailing]) => (segments.length === 0 ? '/' : `/${segments.join('/')}${trailing ? '/' : ''}`))
const queryComponent = fc.array(
  fc.oneof(
    fc.constantFrom(...'abcXYZ019-_.+,'.split('')),
    fc.constantFrom('%20', '%26', '%3D', '%2B', '%2b', '%41', '%7E', '%28', '%29', '%24'),
  ),
  { maxLength: 8 },
)
const pair = fc
  .tuple(queryComponent.filter((k) => k.length > 0), queryComponent)
  .map(([k, v]) => `${k.join('')}=${v.join('')}`)
const safePath = fc
  .tuple(safePathOnly, fc.option(fc.array(pair, { minLength: 1, maxLength: 4 }), { nil: undefined }))
  .map(([path, pairs]) => (pairs ? `${path}?${pairs.join('&')}` : path))
  // The sign-in, sign-up and sign-out pages resolve to the default on purpose (cases above).
  .filter((value) => !/^\/(?:sign-in|sign-up|logout)\/?(?:\?|$)/.test(value))

// Strings built from the pieces attacks are made of, so the search reaches the interesting states.
const attackish = fc
  .array(
    fc.constantFrom(
      '/', '//', '\\', ':', '://', '%', '%2F', '%2f', '%5C', '%3A', '%25', '.', '..', '@', '?', '&', '=', '#',
      ' ', '\t', '\n', '\r', '\u0000', '\uFF0F', '\u2215', 'evil.com', 'https', 'javascript', 'org', 'a', '-', '_', '+',
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''))
const anyString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), attackish, safePath)
const anyOptions = fc.record(
  {
    basePath: fc.oneof(fc.constantFrom('', '/', '/dashboard', '/dashboard/', '/a/b'), anyString),
    otherParams: fc.dictionary(anyString, anyString, { maxKeys: 4 }),
  },
  { requiredKeys: [] },
)

function expectSafeOrDefault(result: string): void {
  if (result === DEFAULT_RETURN_PATH) return
  expect(result.startsWith('/')).toBe(true)
  expect(result.startsWith('//')).toBe(false)
  expect(result).not.toContain('//')
  expect(result).not.toContain('://')
  expect(result).not.toContain('\\')
  expect(result).not.toMatch(/\s/)
  expect(result.length).toBeLessThanOrEqual(MAX_RETURN_PATH_LENGTH)
  expect(isSafeReturnPath(result)).toBe(true)
}

describe('return path properties', () => {
  it('any input resolves to the default or a single-slash relative path', () => {
    fc.assert(
      fc.property(anyString, anyOptions, (value, options) => {
        expectSafeOrDefault(resolveReturnPath(value))
        expectSafeOrDefault(resolveReturnPath(value, options))
      }),
      { numRuns: 2000 },
    )
  })

  it('merging arbitrary URLSearchParams never makes a result unsafe', () => {
    fc.assert(
      fc.property(safePath, fc.array(fc.tuple(anyString, anyString), { maxLength: 6 }), (value, entries) => {
        const result = resolveReturnPath(value, { otherParams: new URLSearchParams(entries) })
        expectSafeOrDefault(result)
        expect(result.startsWith(value)).toBe(true)
      }),
    )
  })

  it('any generated safe path round-trips unchanged', () => {
    fc.assert(
      fc.property(safePath, (value) => {
        expect(isSafeReturnPath(value)).toBe(true)
        expect(resolveReturnPath(value)).toBe(value)
        expect(resolveReturnPath(value, { basePath: '' })).toBe(value)
      }),
      { numRuns: 1000 },
    )
  })

  it('a safe path behind the base path comes back without it', () => {
    fc.assert(
      fc.property(safePath, (value) => {
        const prefixed = value === '/' ? '/dashboard' : value.startsWith('/?') ? `/dashboard${value.slice(1)}` : `/dashboard${value}`
        expect(resolveReturnPath(prefixed, { basePath: '/dashboard' })).toBe(value)
      }),
    )
  })

  it('signInPathFor carries a safe path through the sign-in URL', () => {
    fc.assert(
      fc.property(safePath, (value) => {
        const url = new URL(signInPathFor(value), 'http://localhost')
        expect(url.pathname).toBe('/sign-in')
        const back = url.searchParams.get('returnTo')
        if (back !== null) expect(resolveReturnPath(back, { otherParams: url.searchParams })).toBe(value)
      }),
    )
  })
})
