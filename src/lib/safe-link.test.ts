import { describe, expect, it } from 'vitest'
import { isSafeLinkHref, safeLinkHref } from './safe-link'

describe('isSafeLinkHref', () => {
  it.each(['https://example.com', 'http://example.com/docs?x=1#top', 'HTTPS://EXAMPLE.COM/Path', '  https://example.com  '])('accepts %s', (href) => {
    expect(isSafeLinkHref(href)).toBe(true)
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:someone@example.com',
    'ftp://example.com',
    'blob:https://example.com/1',
  ])('refuses the scheme of %j', (href) => {
    expect(isSafeLinkHref(href)).toBe(false)
  })

  it('refuses relative and scheme-relative paths: app routes are never built from data', () => {
    for (const href of ['/project/abc/sql/new', '//evil.example.com', 'docs/page', '#anchor', '?q=1']) expect(isSafeLinkHref(href)).toBe(false)
  })

  it('refuses empty and missing values', () => {
    for (const href of ['', '   ', null, undefined]) expect(isSafeLinkHref(href)).toBe(false)
  })
})

describe('safeLinkHref', () => {
  it('returns the normalised URL the browser would follow', () => {
    expect(safeLinkHref('  HTTPS://Example.com/a b')).toBe('https://example.com/a%20b')
    expect(safeLinkHref('javascript:alert(1)')).toBeNull()
  })
})
