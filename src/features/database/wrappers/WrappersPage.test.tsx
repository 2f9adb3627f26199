import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { DatabaseWrapper } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../../test/project-screen'
import { WrappersScreen } from './WrappersPage'

const wrapper: DatabaseWrapper = {
  id: 1,
  name: 'stripe_wrapper',
  handler: null,
  servers: [
    {
      id: 2,
      name: 'stripe_server',
      options: ['api_url=https://api.stripe.com/v1/', 'api_key_id=3d5c1b1e-8f3a-4d2b-9c6e-2f1a7b9d0e41'],
      tables: [{ id: 3, schema: 'stripe', name: 'customers', options: ['object=customers'], columns: [{ name: 'id', type: 'text' }] }],
    },
  ],
}

describe('the wrappers screen', () => {
  it('shows a wrapper without handler as such, its secret never, and its tables with a preview', async () => {
    renderProjectScreen(<WrappersScreen projectRef={SCREEN_REF} />, { actions: ['%'], data: [[queryKeys.databaseWrappers(SCREEN_REF), [wrapper]]] })
    const card = await screen.findByRole('region', { name: 'stripe_wrapper' })
    expect(card.textContent).toContain('Sample rows: no handler in this database')
    expect(card.textContent).toContain('api_key = •••••••• (kept apart)')
    expect(card.textContent).not.toContain('3d5c1b1e')
    expect(within(card).getByRole('button', { name: 'Preview rows of stripe.customers' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Connect a service' }).hasAttribute('disabled')).toBe(false)
  })

  it('shows a read-only member the wrappers, with changes disabled and the reason', async () => {
    renderProjectScreen(<WrappersScreen projectRef={SCREEN_REF} />, { actions: READ_ONLY_ACTIONS, data: [[queryKeys.databaseWrappers(SCREEN_REF), [wrapper]]] })
    expect(await screen.findByRole('alert', { name: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.manageWrappers) })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Connect a service' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Delete stripe_wrapper' }).hasAttribute('disabled')).toBe(true)
    // Reading stays open to them.
    expect(screen.getByRole('button', { name: 'Preview rows of stripe.customers' }).hasAttribute('disabled')).toBe(false)
  })
})
