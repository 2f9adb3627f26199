import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { DatabaseTrigger } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../../test/project-screen'
import { TriggersScreen } from './TriggersPage'

const trigger: DatabaseTrigger = { id: 1, schema: 'public', table: 'orders', table_id: 9, name: 'orders_stamp', timing: 'before', events: ['insert', 'update'], level: 'row', function_schema: 'public', function_name: 'touch', enabled: false, definition: '' }

const renderTriggers = (actions: string[]) => renderProjectScreen(<TriggersScreen projectRef={SCREEN_REF} />, { actions, data: [[queryKeys.databaseTriggers(SCREEN_REF), [trigger]]] })

describe('the triggers screen', () => {
  it('lists each trigger with its table, when it runs, its function and whether it is enabled', async () => {
    renderTriggers(['%'])
    const row = (await screen.findByText('orders_stamp')).closest('tr')!
    expect(row.textContent).toContain('before insert or update, for each row')
    expect(row.textContent).toContain('public.touch()')
    expect(within(row).getByRole('link', { name: 'orders' }).getAttribute('href')).toBe(`/project/${SCREEN_REF}/editor/9`)
    expect((within(row).getByRole('switch', { name: 'orders_stamp enabled' }) as HTMLInputElement).checked).toBe(false)
  })

  it('asks before deleting one, with the statement', async () => {
    renderTriggers(['%'])
    fireEvent.click(await screen.findByRole('button', { name: 'Delete orders_stamp' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete the trigger orders_stamp' })
    expect(within(dialog).getByRole('region', { name: 'SQL to run' }).textContent).toContain('drop trigger "orders_stamp" on "public"."orders";')
  })

  it('shows a read-only member the triggers with the switches disabled and the reason', async () => {
    renderTriggers(READ_ONLY_ACTIONS)
    expect(await screen.findByRole('alert', { name: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.manageTriggers) })).toBeTruthy()
    expect((screen.getByRole('switch', { name: 'orders_stamp enabled' }) as HTMLInputElement).disabled).toBe(true)
  })
})
