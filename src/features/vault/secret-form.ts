import type { VaultSecret } from '../../api/schemas'
import { errorMessage } from '../../lib/error-message'

/** The add/edit form as typed. On edit an empty value keeps the stored one. */
export interface SecretFormValues {
  name: string
  description: string
  secret: string
}

export type SecretField = keyof SecretFormValues

export const emptySecretForm = (): SecretFormValues => ({ name: '', description: '', secret: '' })

export function secretFormFrom(secret: VaultSecret): SecretFormValues {
  return { name: secret.name ?? '', description: secret.description, secret: '' }
}

/** What is wrong with each field; names are unique among the project's secrets (the database says so too). */
export function secretFormErrors(values: SecretFormValues, others: readonly VaultSecret[], editing: VaultSecret | null): Partial<Record<SecretField, string>> {
  const errors: Partial<Record<SecretField, string>> = {}
  const name = values.name.trim()
  if (name === '') errors.name = 'Name the secret.'
  else if (others.some((secret) => secret.name === name && secret.id !== editing?.id)) errors.name = `A secret named “${name}” exists already: choose another name, or edit that one.`
  if (!editing && values.secret === '') errors.secret = 'Enter the secret value.'
  return errors
}

/** Postgres's unique violation on the name, said plainly. */
export function secretSaveError(error: unknown, name: string): string {
  const code = (error as { details?: { code?: unknown } } | null)?.details?.code
  if (code === '23505') return `A secret named “${name.trim()}” exists already: choose another name, or edit that one.`
  return errorMessage(error)
}
