import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { DatabaseFunction } from '../../../api/schemas'
import { PERMISSION_MESSAGE } from '../../../constants'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../../test/project-screen'
import { FunctionsScreen } from './FunctionsPage'

const fn = (name: string, more: Partial<DatabaseFunction> = {}): DatabaseFunction => ({
  id: name.length,
  schema: 'public',
  name,
  kind: 'function',
  arguments: 'order_id uuid',
  identity_arguments: 'order_id uuid',
  return_type: 'numeric',
  language: 'sql',
  security_definer: false,
  volatility: 'stable',
  body: 'select 1',
  settings: [],
  comment: null,
  dependents: [],
  ...more,
})
const functions = [fn('order_total'), fn('audit', { return_type: 'trigger', language: 'plpgsql', security_definer: true, volatility: 'volatile', arguments: '', identity_arguments: '', dependents: ['trigger audit on table orders'] })]

const renderFunctions = (actions: string[]) => renderProjectScreen(<FunctionsScreen projectRef={SCREEN_REF} />, { actions, data: [[queryKeys.databaseFunctions(SCREEN_REF), functions]] })

describe('the functions screen', () => {
  it('lists the schema’s functions with arguments, result, language and who they run as', async () => {
    renderFunctions(['%'])
    const table = await screen.findByRole('table', { name: 'Functions of public' })
    const row = (name: string) => within(table).getByText(name).closest('tr')!
    expect(row('order_total').textContent).toContain('order_id uuid')
    expect(row('order_total').textContent).toContain('stable')
    expect(row('audit').textContent).toContain('Definer')
  })

  it('names what depends on a function before deleting it, and drops it with them only when asked', async () => {
    renderFunctions(['%'])
    fireEvent.click(await screen.findByRole('button', { name: 'Delete audit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete the function audit' })
    expect(within(dialog).getByRole('list', { name: 'What depends on it' }).textContent).toBe('trigger audit on table orders')
    expect(within(dialog).getByRole('region', { name: 'SQL to run' }).textContent).toContain('drop function "public"."audit"();')
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Drop these too (cascade)' }))
    expect(within(dialog).getByRole('region', { name: 'SQL to run' }).textContent).toContain('drop function "public"."audit"() cascade;')
  })

  it('shows a read-only member the functions with the changes disabled and the reason', async () => {
    renderFunctions(READ_ONLY_ACTIONS)
    expect(await screen.findByRole('alert', { name: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.manageFunctions) })).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Edit order_total' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
