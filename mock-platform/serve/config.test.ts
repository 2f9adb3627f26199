import { describe, expect, it } from 'vitest'
import { DEFAULT_DATA_DIR, DEFAULT_HOST, DEFAULT_PORT, readServeConfig } from './config'

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

  it('binds 127.0.0.1:8080 by default, keeps data in ./.studio-data, same-origin only', () => {
    const read = readServeConfig({ DATABASE_URL })
    expect(read).toMatchObject({ ok: true, config: { databaseUrl: DATABASE_URL, host: DEFAULT_HOST, port: DEFAULT_PORT, dataDir: DEFAULT_DATA_DIR, secret: null, allowedOrigin: null } })
    expect(DEFAULT_HOST).toBe('127.0.0.1')
    expect(DEFAULT_PORT).toBe(8080)
  })

  it('takes HOST, PORT, STUDIO_DATA_DIR, STUDIO_SECRET and STUDIO_ORIGIN', () => {
    const secret = 'x'.repeat(40)
    const read = readServeConfig({ DATABASE_URL, HOST: '0.0.0.0', PORT: '9000', STUDIO_DATA_DIR: '/var/studio', STUDIO_SECRET: secret, STUDIO_ORIGIN: 'https://studio.example.com' })
    expect(read).toMatchObject({ ok: true, config: { host: '0.0.0.0', port: 9000, dataDir: '/var/studio', secret, allowedOrigin: 'https://studio.example.com' } })
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
})
