import * as v from 'valibot'

/** A vault secret's metadata as `src/lib/sql/vault.ts` lists it; the value never travels with it. */
export const VaultSecretSchema = v.object({
  id: v.string(),
  name: v.nullable(v.string()),
  description: v.string(),
  key_id: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
})
export type VaultSecret = v.InferOutput<typeof VaultSecretSchema>
export const VaultSecretsAnswerSchema = v.array(VaultSecretSchema)
export const RevealedSecretAnswerSchema = v.array(v.object({ decrypted_secret: v.nullable(v.string()) }))
