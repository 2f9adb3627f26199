import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { DatabaseWebhook } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../../test/project-screen'
import { WebhooksScreen } from './WebhooksPage'

const hook: DatabaseWebhook = {
  id: 1,
  name: 'order placed',
  schema: 'public',
  table: 'orders',
  table_id: 16400,
  enabled: true,
  on_insert: true,
  on_update: false,
  on_delete: false,
  args: ['https://example.com/hook', 'POST', '{"Authorization":"Bearer s3cret"}', '{}', '1000'],
}

describe('the webhooks screen', () => {
  it('offers to turn webhooks on when they are off', async () => {
    renderProjectScreen(<WebhooksScreen projectRef={SCREEN_REF} />, { actions: ['%'], data: [[queryKeys.databaseWebhooksEnabled(SCREEN_REF), false]] })
    expect((await screen.findByRole('button', { name: 'Enable webhooks' })).hasAttribute('disabled')).toBe(false)
  })

  it('shows a read-only member the webhooks and their calls, with every change disabled and the reason', async () => {
    renderProjectScreen(<WebhooksScreen projectRef={SCREEN_REF} />, {
      actions: READ_ONLY_ACTIONS,
      data: [
        [queryKeys.databaseWebhooksEnabled(SCREEN_REF), true],
        [queryKeys.databaseWebhooks(SCREEN_REF), [hook]],
        [queryKeys.databaseWebhookCalls(SCREEN_REF, hook.table_id, hook.name), []],
      ],
    })
    expect(await screen.findByRole('alert', { name: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.manageWebhooks) })).toBeTruthy()
    const row = screen.getByRole('row', { name: 'order placed' })
    expect(within(row).getByRole('button', { name: 'Edit order placed' }).hasAttribute('disabled')).toBe(true)
    expect(within(row).getByRole('button', { name: 'Delete order placed' }).hasAttribute('disabled')).toBe(true)
    expect((within(row).getByRole('switch') as HTMLInputElement).disabled).toBe(true)
    expect(screen.getByRole('button', { name: 'Create a webhook' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('region', { name: 'Recent calls of order placed' })).toBeTruthy()
  })
})
