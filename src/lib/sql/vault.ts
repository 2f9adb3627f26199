/**
 * Vault secrets (SPEC §2 /settings/vault/secrets; PLATFORM-API §6: read through pg-meta as
 * `vault.secrets`). The list never selects a secret's value; only a reveal reads
 * `vault.decrypted_secrets`, for that one secret. Every value is a quoted literal.
 */
import { sqlIdent, sqlLiteral } from './quote'

export const VAULT_EXTENSION = 'supabase_vault'

/** One row, `enabled`: whether the project has vault. */
export const vaultEnabledSql = `select to_regclass('vault.secrets') is not null as enabled;`

/** Enables vault the way the extensions screen does (pgcrypto comes with it). */
export function enableVaultSql(schema: string): string {
  return `create extension if not exists ${sqlIdent(VAULT_EXTENSION)} with schema ${sqlIdent(schema)} cascade;`
}

/** Every secret's metadata, by name; never the value. */
export const secretsSql = `select id, name, description, key_id, created_at, updated_at
  from vault.secrets
 order by name nulls last, created_at;`

export function revealSecretSql(id: string): string {
  return `select decrypted_secret from vault.decrypted_secrets where id = ${sqlLiteral(id)}::uuid;`
}

export interface SecretFields {
  name: string
  description: string
}

export function createSecretSql(fields: SecretFields & { secret: string }): string {
  return `select vault.create_secret(${sqlLiteral(fields.secret)}, ${sqlLiteral(fields.name)}, ${sqlLiteral(fields.description)}) as id;`
}

/** `secret` null keeps the stored value (the form leaves it empty unless the user types a new one). */
export function updateSecretSql(id: string, fields: SecretFields & { secret: string | null }): string {
  return `select vault.update_secret(${sqlLiteral(id)}::uuid, ${sqlLiteral(fields.secret)}, ${sqlLiteral(fields.name)}, ${sqlLiteral(fields.description)});`
}

export function deleteSecretSql(id: string): string {
  return `delete from vault.secrets where id = ${sqlLiteral(id)}::uuid;`
}
