import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import type { VaultSecret } from '../../api/schemas'
import { ENABLED_ON_EVERY_PROJECT_MESSAGE, PERMISSION_MESSAGE } from '../../constants'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../test/project-screen'
import { VaultSecretsScreen } from './VaultSecretsPage'

const secret: VaultSecret = {
  id: '5b0b1c0e-6c0a-4f52-9a7e-0d3c2b1a0f11',
  name: 'stripe key',
  description: 'Billing',
  key_id: '00000000-0000-4000-8000-000000000001',
  created_at: '2026-11-24 06:00:00+00',
  updated_at: '2026-11-24 06:00:00+00',
}
const data: [readonly unknown[], unknown][] = [
  [queryKeys.vaultEnabled(SCREEN_REF), true],
  [queryKeys.vaultSecrets(SCREEN_REF), [secret]],
]

describe('the vault screen', () => {
  it('lists the secrets with their values hidden until revealed', async () => {
    renderProjectScreen(<VaultSecretsScreen projectRef={SCREEN_REF} />, { actions: ['%'], data })
    const row = await screen.findByRole('row', { name: 'stripe key' })
    expect(within(row).getByLabelText('Value of stripe key').textContent).toBe('••••••••••')
    expect(within(row).getByRole('button', { name: 'Reveal stripe key' }).hasAttribute('disabled')).toBe(false)
    expect(screen.getByRole('button', { name: 'Add a secret' }).hasAttribute('disabled')).toBe(false)
  })

  it('says the platform enables Vault on every project', async () => {
    renderProjectScreen(<VaultSecretsScreen projectRef={SCREEN_REF} />, { actions: ['%'], data })
    expect(await screen.findByText(ENABLED_ON_EVERY_PROJECT_MESSAGE.vault, { exact: false })).toBeTruthy()
  })

  it('without the secrets permissions: nothing to reveal, add, edit or delete, and the reason', async () => {
    renderProjectScreen(<VaultSecretsScreen projectRef={SCREEN_REF} />, { actions: READ_ONLY_ACTIONS, data })
    expect(await screen.findByRole('alert', { name: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.writeSecrets) })).toBeTruthy()
    const row = screen.getByRole('row', { name: 'stripe key' })
    expect(within(row).getByRole('button', { name: 'Reveal stripe key' }).hasAttribute('disabled')).toBe(true)
    expect(within(row).getByRole('button', { name: 'Edit stripe key' }).hasAttribute('disabled')).toBe(true)
    expect(within(row).getByRole('button', { name: 'Delete stripe key' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Add a secret' }).hasAttribute('disabled')).toBe(true)
  })

  it('may reveal with the read permission alone', async () => {
    renderProjectScreen(<VaultSecretsScreen projectRef={SCREEN_REF} />, { actions: [...READ_ONLY_ACTIONS, 'secrets:Read'], data })
    const row = await screen.findByRole('row', { name: 'stripe key' })
    expect(within(row).getByRole('button', { name: 'Reveal stripe key' }).hasAttribute('disabled')).toBe(false)
    expect(within(row).getByRole('button', { name: 'Edit stripe key' }).hasAttribute('disabled')).toBe(true)
  })
})
