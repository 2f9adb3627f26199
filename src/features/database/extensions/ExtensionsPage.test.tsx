import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import type { DatabaseExtension } from '../../../api/schemas'
import { ENABLED_ON_EVERY_PROJECT_MESSAGE, PERMISSION_MESSAGE } from '../../../constants'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../../test/project-screen'
import { ExtensionsScreen } from './ExtensionsPage'

const extension = (name: string, installed: string | null): DatabaseExtension => ({
  name,
  default_version: '1.0',
  installed_version: installed,
  schema: installed ? 'extensions' : null,
  comment: null,
  fixed_schema: null,
  requires: [],
  installable: true,
})

const screenWith = (actions: string[]) =>
  renderProjectScreen(<ExtensionsScreen projectRef={SCREEN_REF} />, {
    actions,
    data: [
      [queryKeys.databaseExtensions(SCREEN_REF), [extension('pg_trgm', null), extension('citext', '1.6'), extension('supabase_vault', '0.3.1')]],
      [queryKeys.databaseSchemas(SCREEN_REF), ['public', 'auth', 'storage', 'extensions', 'inventory', 'cron', 'vault'].map((name) => ({ name }))],
    ],
  })

describe('the extensions screen', () => {
  it('lets a member who may administer the database switch extensions', async () => {
    screenWith(['%'])
    const trgm = await screen.findByRole('row', { name: 'pg_trgm' })
    expect((within(trgm).getByRole('switch') as HTMLInputElement).disabled).toBe(false)
    expect(screen.queryByText(PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.manageExtensions))).toBeNull()
  })

  it('says on its row that the platform enables supabase_vault on every project, and shows it enabled', async () => {
    screenWith(['%'])
    const vault = await screen.findByRole('row', { name: 'supabase_vault' })
    expect(within(vault).getByText(ENABLED_ON_EVERY_PROJECT_MESSAGE.extension)).toBeTruthy()
    expect(within(vault).getByRole('switch')).toHaveProperty('checked', true)
    expect(within(screen.getByRole('row', { name: 'citext' })).queryByText(ENABLED_ON_EVERY_PROJECT_MESSAGE.extension)).toBeNull()
  })

  it('offers the user’s schemas and the extensions schema to enable one in, never the platform’s own', async () => {
    screenWith(['%'])
    fireEvent.click(within(await screen.findByRole('row', { name: 'pg_trgm' })).getByRole('switch'))
    const dialog = await screen.findByRole('dialog', { name: 'Enable pg_trgm' })
    const options = within(within(dialog).getByLabelText('Schema')).getAllByRole('option').map((option) => option.textContent)
    expect(options).toEqual(['extensions', 'inventory', 'public', 'Create a new schema…'])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows a read-only member every extension, with the switches disabled and the reason', async () => {
    screenWith(READ_ONLY_ACTIONS)
    expect(await screen.findByRole('alert', { name: PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.manageExtensions) })).toBeTruthy()
    for (const name of ['pg_trgm', 'citext']) {
      expect((within(screen.getByRole('row', { name })).getByRole('switch') as HTMLInputElement).disabled).toBe(true)
    }
    expect(within(screen.getByRole('row', { name: 'citext' })).getByRole('switch')).toHaveProperty('checked', true)
  })
})
