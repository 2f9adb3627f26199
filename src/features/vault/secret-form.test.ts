import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/errors'
import type { VaultSecret } from '../../api/schemas'
import { emptySecretForm, secretFormErrors, secretSaveError } from './secret-form'

const stored: VaultSecret = { id: 'a', name: 'stripe key', description: '', key_id: null, created_at: '2026-11-24 06:00:00+00', updated_at: '2026-11-24 06:00:00+00' }

describe('secret form', () => {
  it('needs a name and, for a new secret, a value', () => {
    expect(secretFormErrors(emptySecretForm(), [], null)).toEqual({ name: 'Name the secret.', secret: 'Enter the secret value.' })
  })
  it('keeps names unique, except the secret being edited', () => {
    const values = { name: ' stripe key ', description: '', secret: 'x' }
    expect(secretFormErrors(values, [stored], null).name).toBe('A secret named “stripe key” exists already: choose another name, or edit that one.')
    expect(secretFormErrors({ ...values, secret: '' }, [stored], stored)).toEqual({})
  })
  it('says a unique violation plainly, and any other refusal as it came', () => {
    expect(secretSaveError(new ApiError({ message: 'duplicate key value', code: 400, details: { code: '23505' } }), 'stripe key')).toBe(
      'A secret named “stripe key” exists already: choose another name, or edit that one.',
    )
    expect(secretSaveError(new Error('permission denied for schema vault'), 'x')).toBe('permission denied for schema vault')
  })
})
