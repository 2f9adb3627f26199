import { revealSecretSql, secretsSql, vaultEnabledSql } from '../../lib/sql/vault'
import { api, type ApiClient } from '../client'
import { RevealedSecretAnswerSchema, VaultSecretsAnswerSchema } from '../schemas'
import { queryKeys } from './keys'
import { databaseQuery, postQuery, readEnabled } from './sql'

type ConnectionString = string | null | undefined

export function vaultEnabledQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return {
    queryKey: queryKeys.vaultEnabled(ref),
    queryFn: ({ signal }: { signal?: AbortSignal }) => readEnabled({ ref, connectionString, query: vaultEnabledSql, signal }, client),
  }
}

/** The secrets' metadata (never their values). */
export function vaultSecretsQuery(ref: string, connectionString: ConnectionString, client: ApiClient = api) {
  return databaseQuery(queryKeys.vaultSecrets(ref), { ref, connectionString, query: secretsSql }, VaultSecretsAnswerSchema, client)
}

/** One secret's value, read only when the user asks to see it; never cached. */
export async function readSecretValue(ref: string, connectionString: ConnectionString, id: string, client: ApiClient = api): Promise<string> {
  const [row] = await postQuery({ ref, connectionString, query: revealSecretSql(id) }, RevealedSecretAnswerSchema, client)
  if (!row) throw new Error('This secret no longer exists.')
  return row.decrypted_secret ?? ''
}
