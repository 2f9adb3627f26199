import { describe, expect, it } from 'vitest'
import { isProtectedSchema, schemasForPicker } from './protected-schemas'

describe('protected schemas', () => {
  it('are the platform’s and Postgres’s own, not a user’s', () => {
    for (const name of ['auth', 'storage', 'cron', 'net', 'extensions', 'vault', 'studio_meta', 'pg_catalog', 'pg_temp_3', 'information_schema']) expect(isProtectedSchema(name), name).toBe(true)
    for (const name of ['public', 'inventory', 'authors', 'api', 'Auth']) expect(isProtectedSchema(name), name).toBe(false)
  })

  it('come after the user’s in a picker, public leading, each alphabetical, each once', () => {
    expect(schemasForPicker(['storage', 'zeta', 'auth', 'public', 'api', 'zeta', 'cron'])).toEqual({ user: ['public', 'api', 'zeta'], protected: ['auth', 'cron', 'storage'] })
  })
})
