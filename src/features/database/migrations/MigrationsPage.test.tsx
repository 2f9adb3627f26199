import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../../api/queries/keys'
import { SCREEN_REF, renderProjectScreen } from '../../../test/project-screen'
import { MigrationsScreen } from './MigrationsPage'

describe('the migrations screen', () => {
  it('lists the applied migrations newest first, each with its date and statements', async () => {
    renderProjectScreen(<MigrationsScreen projectRef={SCREEN_REF} />, {
      actions: ['%'],
      data: [[queryKeys.migrations(SCREEN_REF), [{ version: '20261128120000', name: 'add notes', statements: ['alter table orders add column notes text'] }, { version: '20261101090000', name: 'init', statements: ['create table a (id int)', 'create table b (id int);'] }]]],
    })
    const items = within(await screen.findByRole('list', { name: 'Applied migrations' })).getAllByRole('listitem')
    expect(items[0]!.textContent).toContain('add notes')
    expect(items[0]!.textContent).toContain('2026-11-28 12:00:00 UTC · 1 statement')
    expect(items[1]!.querySelector('pre')!.textContent).toBe('create table a (id int);\n\ncreate table b (id int);')
  })

  it('says when no migration was ever applied', async () => {
    renderProjectScreen(<MigrationsScreen projectRef={SCREEN_REF} />, { actions: ['%'], data: [[queryKeys.migrations(SCREEN_REF), null]] })
    expect(await screen.findByText('No migrations applied yet')).toBeTruthy()
  })
})
