import { runSql, signIn } from './fixtures'
import { KEPT_REF, expect, test } from './kept-world'

test('a policy written from a template shows its effect for real users before it is saved (ana her 3 rows, bob his 2, anon none); then as ana the table editor shows her rows and the SQL editor cannot change bob’s or give hers away', async ({ page }) => {
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

  // The table editor as ana: exactly her rows; giving one of them to bob is refused with Postgres's message.
  await page.goto(`/project/${KEPT_REF}/editor`)
  await page.getByRole('navigation', { name: 'Tables' }).getByRole('link', { name: 'notes', exact: true }).click()
  await expect(page.getByRole('toolbar', { name: 'Rows' })).toContainText('5 rows')
  await page.getByLabel('Run as').selectOption({ label: 'ana@example.com' })
  await expect(page.getByRole('note').filter({ hasText: 'authenticated (ana@example.com)' })).toBeVisible()
  await expect(page.getByRole('toolbar', { name: 'Rows' })).toContainText('3 rows')
  // The SQL editor runs as ana too (the choice is the tab's): bob's rows are not hers to change, hers not hers to give away.
  await page.goto(`/project/${KEPT_REF}/sql/new`)
  await runSql(page, "update public.notes set body = 'taken' where body like 'bob%' returning id")
  await expect(page.getByText(/^Success\. No rows returned · .* · ran as authenticated \(ana@example\.com\)$/)).toBeVisible({ timeout: 30_000 })
  await runSql(page, "update public.notes set owner = gen_random_uuid() where body like 'ana%'")
  await expect(page.getByText(/new row violates row-level security policy/).first()).toBeVisible()
  await page.getByLabel('Run as').selectOption('project')
  await runSql(page, "select count(*) from public.notes where body like 'bob%' and body <> 'taken'")
  await expect(page.getByRole('gridcell', { name: '2' })).toBeVisible()
})
