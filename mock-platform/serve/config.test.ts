import { describe, expect, it } from 'vitest'
import { MOCK_PROVIDERS } from '../../src/constants'
import { DEFAULT_DATA_DIR, DEFAULT_DIST_DIR, DEFAULT_HOST, DEFAULT_PORT, DEFAULT_SELF_HOSTED_DIST_DIR, mockProvidersWarning, readServeConfig } from './config'

const DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/postgres'

describe("npm run serve's settings", () => {
  it('needs DATABASE_URL and says what to set', () => {
    const read = readServeConfig({})
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.problems).toHaveLength(1)
    expect(read.problems[0]).toContain('DATABASE_URL is not set')
    expect(read.problems[0]).toContain('DATABASE_URL=postgresql://')
  })

  it('binds 127.0.0.1:8080 by default, keeps data in ./.studio-data, same-origin only, serves the platform from dist/', () => {
    const read = readServeConfig({ DATABASE_URL })
    expect(read).toMatchObject({
      ok: true,
      config: { mode: 'platform', databaseUrl: DATABASE_URL, host: DEFAULT_HOST, port: DEFAULT_PORT, dataDir: DEFAULT_DATA_DIR, distDir: DEFAULT_DIST_DIR, secret: null, allowedOrigin: null, disabledFeatures: [], mockProviders: [] },
    })
    expect(DEFAULT_HOST).toBe('127.0.0.1')
    expect(DEFAULT_PORT).toBe(8080)
  })

  it('takes HOST, PORT, STUDIO_DATA_DIR, STUDIO_SECRET and STUDIO_ORIGIN', () => {
    const secret = 'x'.repeat(40)
    const read = readServeConfig({ DATABASE_URL, HOST: '0.0.0.0', PORT: '9000', STUDIO_DATA_DIR: '/var/studio', STUDIO_SECRET: secret, STUDIO_ORIGIN: 'https://studio.example.com' })
    expect(read).toMatchObject({ ok: true, config: { host: '0.0.0.0', port: 9000, dataDir: '/var/studio', secret, allowedOrigin: 'https://studio.example.com' } })
  })

  it('takes STUDIO_PUBLIC_URL for the links it mails, an origin only', () => {
    expect(readServeConfig({ DATABASE_URL, STUDIO_PUBLIC_URL: 'https://studio.example.com/' })).toMatchObject({ ok: true, config: { publicUrl: 'https://studio.example.com' } })
    expect(readServeConfig({ DATABASE_URL })).toMatchObject({ ok: true, config: { publicUrl: null } })
    expect(readServeConfig({ DATABASE_URL, STUDIO_PUBLIC_URL: 'studio.example.com/join' })).toEqual({ ok: false, problems: [expect.stringContaining('STUDIO_PUBLIC_URL must be the address')] })
  })

  it('lists every problem at once', () => {
    const read = readServeConfig({ DATABASE_URL: 'mysql://x', PORT: '70000', STUDIO_SECRET: 'short', STUDIO_ORIGIN: 'https://studio.example.com/path' })
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.problems).toEqual([
      'DATABASE_URL must be a postgresql:// connection string.',
      'PORT must be at most 65535',
      expect.stringContaining('STUDIO_SECRET must be at least 32 characters'),
      expect.stringContaining('STUDIO_ORIGIN must be an origin'),
    ])
    expect(readServeConfig({ DATABASE_URL, PORT: 'eighty' })).toEqual({ ok: false, problems: ['PORT must be a whole number'] })
  })

  describe('STUDIO_MODE', () => {
    it('platform when unset, empty or platform; the build in dist/', () => {
      for (const STUDIO_MODE of [undefined, '', '  ', 'platform']) {
        expect(readServeConfig({ DATABASE_URL, STUDIO_MODE }), String(STUDIO_MODE)).toMatchObject({ ok: true, config: { mode: 'platform', distDir: DEFAULT_DIST_DIR } })
      }
    })

    it('self-hosted serves dist-self-hosted/ unless STUDIO_DIST_DIR says otherwise', () => {
      expect(readServeConfig({ DATABASE_URL, STUDIO_MODE: 'self-hosted' })).toMatchObject({ ok: true, config: { mode: 'self-hosted', distDir: DEFAULT_SELF_HOSTED_DIST_DIR, disabledFeatures: [] } })
      expect(DEFAULT_SELF_HOSTED_DIST_DIR).toMatch(/dist-self-hosted$/)
      expect(readServeConfig({ DATABASE_URL, STUDIO_MODE: 'self-hosted', STUDIO_DIST_DIR: '/srv/studio' })).toMatchObject({ ok: true, config: { distDir: '/srv/studio' } })
    })

    it('anything else is a settings error naming the choices', () => {
      for (const STUDIO_MODE of ['selfhosted', 'Self-Hosted', 'hosted']) {
        expect(readServeConfig({ DATABASE_URL, STUDIO_MODE })).toEqual({ ok: false, problems: ['STUDIO_MODE must be platform or self-hosted (unset: platform).'] })
      }
      // Listed with the other problems, all at once.
      const read = readServeConfig({ STUDIO_MODE: 'both' })
      expect(read.ok).toBe(false)
      if (!read.ok) expect(read.problems).toEqual(['STUDIO_MODE must be platform or self-hosted (unset: platform).', expect.stringContaining('DATABASE_URL is not set')])
    })

    it('self-hosted takes its disabled features from VITE_DISABLED_FEATURES, as the self-hosted build does; the platform ignores it', () => {
      const env = { DATABASE_URL, VITE_DISABLED_FEATURES: ' theme:switch, project_creation:all ,' }
      expect(readServeConfig({ ...env, STUDIO_MODE: 'self-hosted' })).toMatchObject({ ok: true, config: { disabledFeatures: ['theme:switch', 'project_creation:all'] } })
      expect(readServeConfig(env)).toMatchObject({ ok: true, config: { disabledFeatures: [] } })
      expect(readServeConfig({ DATABASE_URL, STUDIO_MODE: 'self-hosted', VITE_DISABLED_FEATURES: 'theme:switch,theme:swtich' })).toEqual({
        ok: false,
        problems: [expect.stringMatching(/^VITE_DISABLED_FEATURES names unknown features \(theme:swtich\); known: project_creation:all, .*theme:switch/)],
      })
    })
  })

  describe('STUDIO_MOCK_PROVIDERS', () => {
    it('none unless named: the mock providers let anyone in without a password', () => {
      for (const STUDIO_MOCK_PROVIDERS of [undefined, '', ' , ']) {
        expect(readServeConfig({ DATABASE_URL, STUDIO_MOCK_PROVIDERS }), String(STUDIO_MOCK_PROVIDERS)).toMatchObject({ ok: true, config: { mockProviders: [] } })
      }
      expect(mockProvidersWarning([])).toBeNull()
    })

    it('turns on each one named, and start-up warns naming them and what they let in', () => {
      expect(readServeConfig({ DATABASE_URL, STUDIO_MOCK_PROVIDERS: ' code-hosting ' })).toMatchObject({ ok: true, config: { mockProviders: ['code-hosting'] } })
      expect(readServeConfig({ DATABASE_URL, STUDIO_MOCK_PROVIDERS: MOCK_PROVIDERS.join(',') })).toMatchObject({ ok: true, config: { mockProviders: [...MOCK_PROVIDERS] } })
      const warning = mockProvidersWarning(['code-hosting'])!
      expect(warning).toMatch(/^WARNING/)
      expect(warning).toContain('STUDIO_MOCK_PROVIDERS=code-hosting')
      expect(warning).toContain('without a password')
    })

    it('an unknown name is a settings error naming the known ones', () => {
      expect(readServeConfig({ DATABASE_URL, STUDIO_MOCK_PROVIDERS: 'code-hosting,github' })).toEqual({
        ok: false,
        problems: [`STUDIO_MOCK_PROVIDERS names unknown mock providers (github); known: ${MOCK_PROVIDERS.join(', ')}.`],
      })
    })
  })
})
