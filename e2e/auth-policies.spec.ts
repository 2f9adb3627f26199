import { runSql, signIn } from './fixtures'
import { KEPT_REF, expect, test } from './kept-world'

test('a policy written from a template shows its effect for real users before it is saved: ana her 3 rows, bob his 2, anon none', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${KEPT_REF}/sql/new` })
  await runSql(page, 'create table public.notes (id bigint generated always as identity primary key, owner uuid not null, body text)')
  await expect(page.getByText(/^Success\. No rows returned/)).toBeVisible({ timeout: 30_000 })
  await runSql(
    page,
    `insert into public.notes (owner, body)
select u.id, u.email || ' #' || n from auth.users u, generate_series(1, 3) n
 where u.email = 'ana@example.com' or (u.email = 'bob@example.com' and n < 3)
returning id`,
  )
  await expect(page.getByText(/^5 rows · /)).toBeVisible({ timeout: 30_000 })

  await page.goto(`/project/${KEPT_REF}/auth/policies`)
  const notes = page.getByRole('region', { name: 'Policies of notes' })
  await expect(notes).toContainText('RLS disabled', { timeout: 60_000 })
  await notes.getByRole('button', { name: 'Enable RLS' }).click()
  const rls = page.getByRole('dialog', { name: 'Enable row level security on notes' })
  await expect(rls).toContainText('nobody but roles that bypass row level security')
  await rls.getByRole('button', { name: 'Enable RLS' }).click()
  await expect(rls).toBeHidden()
  await expect(notes).toContainText('No policy yet')

  await notes.getByRole('button', { name: 'Create policy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create a policy on notes' })
  await dialog.getByLabel('Start from').selectOption({ label: 'Users read and update their own rows' })
  await expect(dialog.getByLabel('Owner column (matched to the user’s id)')).toHaveValue('owner')
  await expect(dialog.getByRole('region', { name: 'SQL to run' })).toContainText('using ((select auth.uid()) = "owner")')
  const effect = dialog.getByRole('region', { name: 'Effect before saving' })
  await effect.getByText(/^Measured for/).click()
  await effect.getByRole('checkbox', { name: 'bob@example.com' }).check()
  const row = (who: string) => effect.getByRole('table').getByRole('row').filter({ hasText: who })
  await expect(row('ana@example.com')).toContainText(/0 rows\s*→\s*3 rows/)
  await expect(row('bob@example.com')).toContainText(/0 rows\s*→\s*2 rows/)
  await expect(row('anon')).toContainText(/0 rows\s*→\s*0 rows/)
  await dialog.getByRole('button', { name: 'Create policy' }).click()
  await expect(dialog).toBeHidden()
  await expect(notes.getByRole('table', { name: 'Policies on notes' })).toContainText('Users manage their own notes')
})
