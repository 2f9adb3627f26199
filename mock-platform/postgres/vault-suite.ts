/** The vault shim and the vault screen's SQL on a seeded database (part of `database-suite.ts`). */
import { beforeAll, describe, expect, it } from 'vitest'
import { createSecretSql, deleteSecretSql, revealSecretSql, secretsSql, updateSecretSql, vaultEnabledSql } from '../../src/lib/sql/vault.ts'
import { runPgMetaQuery } from './query.ts'
import { installShim, SUPABASE_VAULT } from './shims/index.ts'
import type { ProjectDatabase } from './types.ts'

export function describeVaultSuite(database: () => ProjectDatabase): void {
  describe('vault', () => {
    let db: ProjectDatabase
    const run = (query: string) => runPgMetaQuery(db, { query })
    beforeAll(async () => {
      db = database()
      await installShim(db, SUPABASE_VAULT)
    })

    it('keeps only ciphertext in vault.secrets, plaintext only in decrypted_secrets, and round-trips an update', async () => {
      const plaintext = "sk_live_It's a “secret” ✓"
      expect(await run(vaultEnabledSql)).toEqual([{ enabled: true }])
      const [{ id } = {}] = await run(createSecretSql({ name: 'stripe key', description: 'Billing', secret: plaintext }))
      try {
        const [stored] = await run(`select secret, nonce from vault.secrets where id = '${String(id)}'`)
        expect(stored!['secret']).not.toContain('sk_live')
        expect(String(stored!['secret'])).toMatch(/^[A-Za-z0-9+/=]+$/)
        expect(await run(revealSecretSql(String(id)))).toEqual([{ decrypted_secret: plaintext }])
        const listed = (await run(secretsSql)).find((row) => row['id'] === id)
        expect(listed).toMatchObject({ name: 'stripe key', description: 'Billing' })
        expect(Object.keys(listed!)).not.toContain('secret')

        // A new name and description, the value kept; then a new value.
        await run(updateSecretSql(String(id), { name: 'stripe live key', description: 'Billing (live)', secret: null }))
        expect(await run(revealSecretSql(String(id)))).toEqual([{ decrypted_secret: plaintext }])
        await run(updateSecretSql(String(id), { name: 'stripe live key', description: 'Billing (live)', secret: 'rotated' }))
        expect(await run(revealSecretSql(String(id)))).toEqual([{ decrypted_secret: 'rotated' }])
        // The same value encrypts differently each time (a fresh IV).
        const [a] = await run(`select secret from vault.secrets where id = '${String(id)}'`)
        await run(updateSecretSql(String(id), { name: 'stripe live key', description: '', secret: 'rotated' }))
        const [b] = await run(`select secret from vault.secrets where id = '${String(id)}'`)
        expect(a!['secret']).not.toBe(b!['secret'])
      } finally {
        await run(deleteSecretSql(String(id)))
      }
      expect((await run(secretsSql)).filter((row) => row['id'] === id)).toEqual([])
    })

    it('refuses a second secret of the same name, and a tampered ciphertext', async () => {
      const [{ id } = {}] = await run(createSecretSql({ name: 'unique name', description: '', secret: 'one' }))
      try {
        await expect(run(createSecretSql({ name: 'unique name', description: '', secret: 'two' }))).rejects.toMatchObject({ code: '23505' })
        // Flip the first character of the sealed value, bypassing the trigger (it seals only a new value on update).
        await run(`alter table vault.secrets disable trigger secrets_encrypt_secret_trigger_secret;
          update vault.secrets set secret = case when left(secret, 1) = 'A' then 'B' else 'A' end || substr(secret, 2) where id = '${String(id)}';
          alter table vault.secrets enable trigger secrets_encrypt_secret_trigger_secret;`)
        await expect(run(revealSecretSql(String(id)))).rejects.toMatchObject({ code: '22023' })
      } finally {
        await run(deleteSecretSql(String(id)))
      }
    })

    it('keeps the API roles out: anon and authenticated read nothing of vault, service_role may', async () => {
      const can = await run(`select has_schema_privilege('anon', 'vault', 'usage') as anon, has_schema_privilege('authenticated', 'vault', 'usage') as authenticated,
        has_table_privilege('service_role', 'vault.decrypted_secrets', 'select') as service_role`)
      expect(can).toEqual([{ anon: false, authenticated: false, service_role: true }])
    })
  })
}
