import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import { PERMISSION_MESSAGE } from '../../constants'
import { lintOf, ruleOf } from '../../test/lint-fixtures'
import { READ_ONLY_ACTIONS, SCREEN_REF, renderProjectScreen } from '../../test/project-screen'
import { showToast } from '../../ui/toast'
import { AdvisorScreen } from './AdvisorScreen'

vi.mock('../../ui/toast', () => ({ showToast: vi.fn() }))

const lints = [
  lintOf('rls_disabled_in_public', 'public.orders', { level: 'ERROR', title: 'RLS disabled in an API schema', detail: 'Table `public.orders` is exposed through the API but row-level security is not enabled.' }),
  lintOf('rls_disabled_in_public', 'public.notes', { level: 'ERROR', title: 'RLS disabled in an API schema' }),
  lintOf('rls_enabled_no_policy', 'public.audit', { level: 'INFO', title: 'RLS enabled, no policy' }),
  lintOf('multiple_permissive_policies', 'public.posts', { level: 'WARN', categories: ['PERFORMANCE'], title: 'Multiple permissive policies' }),
]

const show = (options: { rulesVariant?: boolean; actions?: string[]; rules?: ReturnType<typeof ruleOf>[]; findings?: typeof lints; path?: string } = {}) =>
  renderProjectScreen(<AdvisorScreen projectRef={SCREEN_REF} category="SECURITY" rulesVariant={options.rulesVariant ?? false} />, {
    actions: options.actions ?? ['%'],
    path: options.path,
    data: [
      [queryKeys.projectLints(SCREEN_REF), options.findings ?? lints],
      [queryKeys.lintExceptions(SCREEN_REF), options.rules ?? []],
    ],
  })

describe('the security advisor', () => {
  it('lists its category’s findings by lint, errors first, counted by level, each with its object, detail and fix', async () => {
    show()
    const levels = await screen.findByRole('group', { name: 'Findings by level' })
    expect(within(levels).getAllByRole('button').map((button) => button.textContent)).toEqual(['Errors 2', 'Warnings 0', 'Suggestions 1'])
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['RLS disabled in an API schema', 'RLS enabled, no policy'])
    const row = screen.getByRole('row', { name: 'RLS disabled in an API schema: public.orders' })
    expect(within(row).getByText('public.orders', { selector: 'code' })).toBeTruthy()
    expect(within(row).getByRole('button', { name: 'Fix public.orders' })).toBeTruthy()
    // A template, not a fix that runs as it stands.
    expect(within(screen.getByRole('row', { name: 'RLS enabled, no policy: public.audit' })).getByRole('button', { name: 'Suggested SQL for public.audit' })).toBeTruthy()
    expect(screen.queryByText('Multiple permissive policies')).toBeNull()
    expect(screen.queryByRole('button', { name: /Dismiss/ })).toBeNull()
  })

  it('shows one level at a time when asked', async () => {
    show()
    fireEvent.click(await screen.findByRole('button', { name: 'Suggestions 1' }))
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['RLS enabled, no policy'])
    expect(screen.getByRole('button', { name: 'Suggestions 1' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('says so when nothing is found', async () => {
    show({ findings: [] })
    expect(await screen.findByText('No issues found')).toBeTruthy()
  })

  it('opens a fix with its SQL, the run refused without the permission, and the reason', async () => {
    show({ actions: READ_ONLY_ACTIONS })
    fireEvent.click(await screen.findByRole('button', { name: 'Fix public.orders' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('alter table "public"."orders" enable row level security;')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Run fix' }).hasAttribute('disabled')).toBe(true)
    expect(within(dialog).getByText(PERMISSION_MESSAGE.denied(PERMISSION_MESSAGE.fixAdvisorFindings))).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Open in SQL editor' }).hasAttribute('disabled')).toBe(false)
  })
})

describe('a link to one finding (the assistant’s)', () => {
  it('opens that finding’s fix once the findings are in', async () => {
    show({ path: `/project/${SCREEN_REF}/advisors/security?finding=rls_disabled_in_public_public_orders` })
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('alter table "public"."orders" enable row level security;')).toBeTruthy()
  })

  it('says so when the finding is no longer reported, and opens nothing', async () => {
    show({ path: `/project/${SCREEN_REF}/advisors/security?finding=rls_disabled_in_public_public_gone` })
    await screen.findByRole('group', { name: 'Findings by level' })
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('info', 'That finding is no longer reported', expect.stringContaining('fixed or a rule hides it')))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('the rules variant', () => {
  it('hides disabled lints and dismissed findings, counts without them, and lists the rules with an undo', async () => {
    show({ rulesVariant: true, rules: [ruleOf('rls_enabled_no_policy', null), ruleOf('rls_disabled_in_public', 'rls_disabled_in_public_public_notes')] })
    const levels = await screen.findByRole('group', { name: 'Findings by level' })
    expect(within(levels).getAllByRole('button').map((button) => button.textContent)).toEqual(['Errors 1', 'Warnings 0', 'Suggestions 0'])
    expect(screen.getByRole('row', { name: 'RLS disabled in an API schema: public.orders' })).toBeTruthy()
    expect(screen.queryByRole('row', { name: 'RLS disabled in an API schema: public.notes' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Dismiss public.orders' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Disable rule' })).toBeTruthy()
    expect(screen.getByRole('row', { name: 'Disabled: RLS enabled, no policy' })).toBeTruthy()
    const dismissed = screen.getByRole('row', { name: 'Dismissed: RLS disabled in an API schema on public.notes' })
    expect(within(dismissed).getByRole('button', { name: 'Undo: RLS disabled in an API schema on public.notes' })).toBeTruthy()
  })

  it('asks why before dismissing a finding', async () => {
    show({ rulesVariant: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss public.orders' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss finding' }))
    expect(within(dialog).getByRole('alert').textContent).toBe('Say why this finding is dismissed.')
  })

  it('without the permission: rules cannot be made or undone', async () => {
    show({ rulesVariant: true, actions: READ_ONLY_ACTIONS, rules: [ruleOf('rls_enabled_no_policy', null)] })
    expect((await screen.findByRole('button', { name: 'Dismiss public.orders' })).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Disable rule' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Enable again: RLS enabled, no policy' }).hasAttribute('disabled')).toBe(true)
  })
})
