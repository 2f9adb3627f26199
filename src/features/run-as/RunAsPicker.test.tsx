import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import type { AuthUserRow } from '../../api/schemas'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../test/project-screen'
import { readRunAs, runAsKey } from './run-as-store'
import { RunAsPicker } from './RunAsPicker'

const user = (n: number, email: string): AuthUserRow => ({ id: `00000000-0000-4000-8000-00000000000${n}`, email, phone: null, providers: ['email'], created_at: null, last_sign_in_at: null, confirmed_at: null, invited_at: null, banned_until: null, is_anonymous: false, total: 2 })
const ana = user(1, 'ana@example.com')
const zed = user(2, 'zed@example.com')

const renderPicker = (actions: string[]) =>
  renderProjectScreen(<RunAsPicker projectRef={SCREEN_REF} connectionString="encrypted:abc" />, {
    actions,
    data: [
      [queryKeys.authUserChoices(SCREEN_REF, ''), [ana]],
      [queryKeys.authUserChoices(SCREEN_REF, 'zed'), [zed]],
    ],
  })

afterEach(() => sessionStorage.clear())

describe('the run-as picker', () => {
  it('runs as a user found by a search, kept for the tab', async () => {
    renderPicker(['%'])
    const picker = screen.getByLabelText('Run as') as HTMLSelectElement
    await waitFor(() => expect(picker.disabled).toBe(false))
    expect([...picker.options].map((o) => o.text)).toEqual(['postgres (the project’s role)', 'service_role (bypasses RLS)', 'anon (no session)', 'ana@example.com', 'Find a user…'])
    fireEvent.change(picker, { target: { value: 'find' } })
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a user to run as' }), { target: { value: 'zed' } })
    await waitFor(() => expect([...picker.options].map((o) => o.text)).toContain('zed@example.com'))
    fireEvent.change(picker, { target: { value: `user:${zed.id}` } })
    expect(readRunAs(SCREEN_REF)).toEqual({ role: 'authenticated', user: { id: zed.id, email: 'zed@example.com', phone: null } })
    expect(sessionStorage.getItem(runAsKey(SCREEN_REF))).toContain(zed.id)
  })

  it('keeps a member who may only read on the project’s role', async () => {
    sessionStorage.setItem(runAsKey(SCREEN_REF), JSON.stringify({ role: 'anon' }))
    renderPicker(READ_ONLY_ACTIONS)
    const picker = screen.getByLabelText('Run as') as HTMLSelectElement
    expect(picker.disabled).toBe(true)
    expect(picker.value).toBe('project')
  })
})
