import { describe, expect, it } from 'vitest'
import { DEFAULT_CUSTOM_CONTENT } from '../constants'
import { customProviderId, parseCustomContent } from './custom-content'

describe('custom content', () => {
  it('is the defaults when nothing is overridden, and replaces only the keys given', () => {
    expect(parseCustomContent({})).toEqual({ ok: true, content: DEFAULT_CUSTOM_CONTENT })
    const result = parseCustomContent({ 'app:title': '  Acme Data  ', 'infrastructure:cloud_providers': ['FLY'] })
    expect(result).toEqual({ ok: true, content: { ...DEFAULT_CUSTOM_CONTENT, 'app:title': 'Acme Data', 'infrastructure:cloud_providers': ['FLY'] } })
  })

  it('names the key (and where in it) that is wrong', () => {
    expect(parseCustomContent([])).toEqual({ ok: false, message: 'Custom content must be a JSON object of keys to values.' })
    expect(parseCustomContent({ 'app:titel': 'x' })).toMatchObject({ ok: false, message: expect.stringMatching(/^Unknown custom content key "app:titel"\. Known keys: app:title, /) as string })
    expect(parseCustomContent({ 'app:title': '' })).toEqual({ ok: false, message: 'Custom content "app:title": must not be empty.' })
    expect(parseCustomContent({ 'ssl:certificate_url': 'javascript:alert(1)' })).toEqual({ ok: false, message: 'Custom content "ssl:certificate_url": must be an http(s) URL.' })
    expect(parseCustomContent({ 'organization:legal_documents': [{ name: 'Terms', url: 'not a url' }] })).toEqual({
      ok: false,
      message: 'Custom content "organization:legal_documents" at 0.url: must be an absolute URL.',
    })
    expect(parseCustomContent({ 'infrastructure:cloud_providers': ['AZURE'] })).toMatchObject({ ok: false, message: expect.stringContaining('"infrastructure:cloud_providers" at 0: must list cloud providers among AWS') as string })
    expect(parseCustomContent({ 'infrastructure:cloud_providers': [] })).toEqual({ ok: false, message: 'Custom content "infrastructure:cloud_providers": must list at least one cloud provider.' })
    expect(parseCustomContent({ 'project_homepage:client_libraries': [{ language: 'Go', officiallySupported: 'yes', docsUrl: 'https://a.b', gitUrl: 'https://a.b' }] })).toEqual({
      ok: false,
      message: expect.stringMatching(/^Custom content "project_homepage:client_libraries" at 0\.officiallySupported: /) as string,
    })
  })

  it('keeps no key from the prototype', () => {
    expect(parseCustomContent(JSON.parse('{"__proto__": {"app:title": "x"}}'))).toMatchObject({ ok: false })
  })
})

describe('customProviderId', () => {
  it('is the provider name the auth service takes: lower case, words joined by dashes', () => {
    expect(customProviderId('Acme SSO')).toBe('acme-sso')
    expect(customProviderId('  Okta ')).toBe('okta')
    expect(customProviderId('Keycloak (EU)')).toBe('keycloak-eu')
  })
})
