import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { EnumType } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../../test/project-screen'
import { EnumTypesScreen } from './EnumTypesPage'

const status: EnumType = { id: 1, schema: 'public', name: 'order_status', comment: null, values: ['pending', 'paid'], used_by: [{ schema: 'public', table: 'orders', table_id: 42, column: 'status' }] }
const authType: EnumType = { id: 2, schema: 'auth', name: 'factor_type', comment: null, values: ['totp'], used_by: [] }

const renderTypes = (actions: string[], path = `/project/${SCREEN_REF}/database/types`) =>
  renderProjectScreen(<EnumTypesScreen projectRef={SCREEN_REF} />, { actions, path, data: [[queryKeys.enumTypes(SCREEN_REF), [status, authType]], [queryKeys.schemaList(SCREEN_REF), [{ name: 'public', relations: 4 }, { name: 'auth', relations: 9 }]]] })

describe('the enumerated types screen', () => {
  it('lists the schema’s types with their values in order and the columns that use them, linked to their table', async () => {
    renderTypes(['%'])
    const table = await screen.findByRole('table', { name: 'Enumerated types of public' })
    expect(within(table).getByRole('list', { name: 'Values of order_status' }).textContent).toBe('pendingpaid')
    expect(within(table).getByRole('link', { name: 'public.orders' }).getAttribute('href')).toBe(`/project/${SCREEN_REF}/editor/42`)
    expect(within(table).queryByText('factor_type')).toBeNull()
  })

  it('asks before deleting a type columns use, naming them, and offers to drop them with it', async () => {
    renderTypes(['%'])
    fireEvent.click(await screen.findByRole('button', { name: 'Delete order_status' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete the type order_status' })
    expect(within(dialog).getByRole('list', { name: 'Columns that use it' }).textContent).toBe('public.orders.status')
    expect(within(dialog).getByRole('region', { name: 'SQL to run' }).textContent).toContain('drop type "public"."order_status";')
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /cascade/ }))
    expect(within(dialog).getByRole('region', { name: 'SQL to run' }).textContent).toContain('drop type "public"."order_status" cascade;')
    expect(within(dialog).getByRole('button', { name: 'Delete type and 1 column' })).toBeTruthy()
  })

  it('shows a read-only member every type with the changes disabled and the reason', async () => {
    renderTypes(READ_ONLY_ACTIONS)
    expect(await screen.findByRole('alert', { name: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.manageTypes) })).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Add value to order_status' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Create type' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('reads a platform schema’s types without offering to change them', async () => {
    renderTypes(['%'], `/project/${SCREEN_REF}/database/types?schema=auth`)
    expect(await screen.findByText('factor_type')).toBeTruthy()
    expect(screen.getByText('auth is managed by the platform: its types can be read here, not changed.')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Delete factor_type' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
