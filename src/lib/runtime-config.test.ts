import { describe, expect, it, vi } from 'vitest'
import { RUNTIME_CONFIG_ELEMENT_ID } from '../constants'
import { readRuntimeConfig, runtimeConfigScript } from './runtime-config'
import { parseSettings } from './settings'

/** A page holding `html` in its head, as far as readRuntimeConfig looks (the node test environment has no DOM). */
function documentWith(html: string) {
  const match = new RegExp(`<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html)
  return { getElementById: (id: string) => (id === RUNTIME_CONFIG_ELEMENT_ID && match ? ({ textContent: match[1]! } as HTMLElement) : null) }
}

describe('the run-time config a server puts in index.html', () => {
  it('is absent in an embedded build: the build settings stand, the mock platform runs', () => {
    expect(readRuntimeConfig(documentWith(''))).toBeNull()
    expect(readRuntimeConfig(undefined)).toBeNull()
    const settings = parseSettings({}, null)
    expect(settings).toMatchObject({ mockPlatform: true, apiBase: '/api', authBase: '/api/auth/v1' })
  })

  it('turns the embedded mock off and points the API at the server, whatever the build said', () => {
    const config = readRuntimeConfig(documentWith(runtimeConfigScript({ platform: 'remote', apiBase: '/api/' })))
    expect(config).toEqual({ platform: 'remote', apiBase: '/api' })
    const settings = parseSettings({ VITE_API_URL: 'http://localhost:8787/api', VITE_AUTH_URL: 'http://auth.example/v1' }, config)
    expect(settings).toMatchObject({ mockPlatform: false, apiBase: '/api', authBase: '/api/auth/v1' })
  })

  it("a self-hosted server's makes the page self-hosted with the server's disabled features, whatever the build said", () => {
    const config = readRuntimeConfig(documentWith(runtimeConfigScript({ platform: 'remote', apiBase: '/api', selfHosted: { disabledFeatures: ['project_creation:all'] } })))
    expect(config).toEqual({ platform: 'remote', apiBase: '/api', selfHosted: { disabledFeatures: ['project_creation:all'] } })
    // A platform build, and a self-hosted one made with other features off: the server's word stands.
    expect(parseSettings({ VITE_IS_PLATFORM: 'true' }, config)).toMatchObject({ isPlatform: false, disabledFeatures: ['project_creation:all'], mockPlatform: false })
    expect(parseSettings({ VITE_IS_PLATFORM: 'false', VITE_DISABLED_FEATURES: 'theme:switch' }, config).disabledFeatures).toEqual(['project_creation:all'])
    const none = readRuntimeConfig(documentWith(runtimeConfigScript({ platform: 'remote', apiBase: '/api', selfHosted: { disabledFeatures: [] } })))
    expect(parseSettings({ VITE_IS_PLATFORM: 'false', VITE_DISABLED_FEATURES: 'theme:switch' }, none).disabledFeatures).toEqual([])
  })

  it('ignores a malformed one with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const element = (json: string) => `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`
    expect(readRuntimeConfig(documentWith(element('{not json')))).toBeNull()
    expect(readRuntimeConfig(documentWith(element('{"platform":"embedded","apiBase":"/api"}')))).toBeNull()
    expect(readRuntimeConfig(documentWith(element('{"platform":"remote","apiBase":"javascript:alert(1)"}')))).toBeNull()
    expect(readRuntimeConfig(documentWith(element('{"platform":"remote","apiBase":"/api","extra":1}')))).toBeNull()
    expect(readRuntimeConfig(documentWith(element('{"platform":"remote","apiBase":"/api","selfHosted":{"disabledFeatures":"theme:switch"}}')))).toBeNull()
    expect(warn).toHaveBeenCalledTimes(5)
    warn.mockRestore()
  })

  it('cannot be closed early by a value: < is escaped in the script', () => {
    expect(() => runtimeConfigScript({ platform: 'remote', apiBase: 'https://x.example/</script><script>alert(1)' })).not.toThrow()
    const script = runtimeConfigScript({ platform: 'remote', apiBase: 'https://x.example/</script><script>alert(1)' })
    expect(script.match(/<\/script>/g)).toHaveLength(1)
    expect(readRuntimeConfig(documentWith(script))).toEqual({ platform: 'remote', apiBase: 'https://x.example/</script><script>alert(1)' })
  })
})
