import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { DEFAULT_RETURN_PATH } from '../constants'
import { isSafeReturnPath, MAX_RETURN_PATH_LENGTH, resolveReturnPath, signInPathFor } from './return-path'
import { RETURN_PATH_CASES } from './return-path.cases'
import { itReadsEach } from '../test/each-row'

const cases = RETURN_PATH_CASES

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
  it.each(['/logout', '/logout/', '/logout?returnTo=%2Forg%2Facme', '/sign-in', '/sign-in?returnTo=%2Forg', '/sign-up', '/sign-up/?x=1', '/dashboard/logout', '/LOGOUT', '/Sign-In'])(
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
  itReadsEach('%j -> %s', signInPathFor, [
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
  ])

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
