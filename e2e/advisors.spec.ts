import { createPlatformFixtures } from '../fixtures/platform'
import { PREVIEW } from '../src/constants'
import { expectAccessible } from './accessibility'
import { runSql, signIn } from './fixtures'
import { expect, test } from './kept-world'

const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
const shots = process.env['ADVISORS_SCREENSHOTS']

test('a public table without RLS: the security advisor flags it, its fix runs, and on the rerun it is gone', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/sql/new` })
  await runSql(page, 'create table public.advisor_orders (id bigint primary key, total numeric);')
  await expect(page.getByText('Success. No rows returned')).toBeVisible()

  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Advisors' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/advisors/security$`))
  const finding = page.getByRole('row', { name: 'RLS disabled in an API schema: public.advisor_orders' })
  await expect(finding).toContainText('row-level security is not enabled')
  await expectAccessible(page, 'the security advisor with findings')
  if (shots) await page.screenshot({ path: `${shots}/security-advisor.png`, fullPage: true })

  // The command menu lists the findings on screen: choosing one opens its fix.
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.insertText('advisor_orders')
  await page.getByRole('option', { name: /^RLS disabled in an API schema: public\.advisor_orders/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Fix “RLS disabled in an API schema” on public.advisor_orders' })
  await expect(dialog.getByRole('region', { name: 'SQL to run' })).toContainText('alter table "public"."advisor_orders" enable row level security;')
  if (shots) await page.screenshot({ path: `${shots}/security-fix.png` })
  await dialog.getByRole('button', { name: 'Run fix' }).click()
  await expect(dialog).toBeHidden()
  await expect(finding).toBeHidden()

  await page.getByRole('button', { name: 'Rerun linter' }).click()
  await expect(page.getByRole('button', { name: 'Rerun linter' })).toBeEnabled()
  await expect(finding).toBeHidden()
  // It is the user's table now protected, not a screen that forgot: the catalogue says so.
  const noPolicy = page.getByRole('row', { name: /RLS enabled, no policy: public\.advisor_orders/ })
  await expect(noPolicy).toBeVisible()

  // A fix only the user can finish (a policy's condition) opens in the SQL editor as a snippet, run by nobody.
  await noPolicy.getByRole('button', { name: 'Suggested SQL for public.advisor_orders' }).click()
  const suggestion = page.getByRole('dialog', { name: 'Fix “RLS enabled, no policy” on public.advisor_orders' })
  await expect(suggestion.getByRole('button', { name: 'Run fix' })).toHaveCount(0)
  await suggestion.getByRole('button', { name: 'Open in SQL editor' }).click()
  await expect(page).toHaveURL(/\/sql\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('sql-editor').locator('.view-lines')).toContainText('"public"."advisor_orders"', { timeout: 60_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'Fix: RLS enabled, no policy on public.advisor_orders' })).toBeVisible()

  // The project home counts the issues; the command menu reaches every advisor.
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Project overview' }).click()
  const advisors = page.getByRole('region', { name: 'Advisors' })
  await expect(advisors.getByRole('link', { name: /^Security: \d+ issues?$/ })).toBeVisible()
  await expect(advisors.getByRole('link', { name: /^Performance: \d+ issues?$/ })).toBeVisible()
  if (shots) await page.screenshot({ path: `${shots}/project-home.png` })
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.insertText('query performance')
  await page.getByRole('option', { name: /^Query Performance/ }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/advisors/query-performance$`))
})

test('the rules variant: disabling a lint drops it from the count, and undoing brings it back', async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, 'true'), PREVIEW.advisorRules)
  await signIn(page, { returnTo: `/project/${healthy.ref}/advisors/performance` })
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/advisors/performance$`))
  const levels = page.getByRole('group', { name: 'Findings by level' })
  const suggestions = levels.getByRole('button', { name: /^Suggestions \d+$/ })
  await expect(suggestions).toBeVisible()
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Advisors' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/advisors/rules/security$`))
  await page.getByRole('navigation', { name: 'Advisors' }).getByRole('link', { name: 'Performance Advisor' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/advisors/rules/performance$`))

  const before = Number((await suggestions.textContent())?.replace(/\D+/g, ''))
  const unused = page.getByRole('region', { name: 'Unused index' })
  const unusedCount = await unused.getByRole('row').count() - 1
  expect(unusedCount).toBeGreaterThan(0)
  await unused.getByRole('button', { name: 'Disable rule' }).click()
  const dialog = page.getByRole('dialog', { name: 'Disable “Unused index”' })
  await dialog.getByLabel('Reason (optional)').fill('Fresh project: no traffic yet')
  await dialog.getByRole('button', { name: 'Disable rule' }).click()
  await expect(dialog).toBeHidden()
  await expect(unused).toBeHidden()
  await expect(suggestions).toHaveText(`Suggestions ${before - unusedCount}`)
  const rule = page.getByRole('row', { name: 'Disabled: Unused index' })
  await expect(rule).toContainText('Fresh project: no traffic yet')
  await expectAccessible(page, 'the performance advisor’s rules variant with a disabled lint')
  if (shots) await page.screenshot({ path: `${shots}/performance-rules.png`, fullPage: true })

  await rule.getByRole('button', { name: 'Enable again: Unused index' }).click()
  await expect(rule).toBeHidden()
  await expect(suggestions).toHaveText(`Suggestions ${before}`)
})

test('a query run a few times: query performance lists it with its calls, explains it and hints the index its filter lacks', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${healthy.ref}/sql/new` })
  for (const status of ['paid', 'shipped', 'pending']) {
    await runSql(page, `select '${status}' as asked, count(*) as n from public.orders where status = '${status}'`)
    // Each run answered before the next: a run started meanwhile would take its place.
    await expect(page.getByRole('gridcell', { name: status })).toBeVisible()
  }

  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Advisors' }).click()
  await page.getByRole('navigation', { name: 'Advisors' }).getByRole('link', { name: 'Query Performance' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${healthy.ref}/advisors/query-performance$`))
  await page.getByLabel('Search statements').fill('public.orders where status')
  const statements = page.getByRole('table', { name: 'Statements' })
  const row = statements.getByRole('row').filter({ hasText: 'select $1 as asked, count(*) as n from public.orders where status = $2' })
  await expect(row.getByRole('cell').nth(2)).toHaveText('3')
  await page.getByRole('button', { name: 'Most frequent' }).click()
  // The SQL editor wraps what it runs in its row limit: the statement counted is the wrapped one.
  await row.getByRole('button', { name: /^select \* from \( select \$1 as asked/ }).click()

  const detail = page.getByRole('region', { name: 'Statement' })
  await expect(detail.getByLabel('Normalized statement')).toContainText('select $1 as asked, count(*) as n from public.orders where status = $2')
  await detail.getByRole('button', { name: 'Explain' }).click()
  await expect(detail.getByLabel('Query plan')).toContainText('Seq Scan on public.orders')
  await expect(detail.getByRole('region', { name: 'Index hints' })).toContainText('public.orders is scanned whole to filter on status.')
  await expectAccessible(page, 'query performance with a statement explained')
  if (shots) await page.screenshot({ path: `${shots}/query-performance.png`, fullPage: true })

  await detail.getByRole('button', { name: 'Create index on status' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create an index on public.orders (status)' })
  await expect(dialog.getByRole('region', { name: 'SQL to run' })).toContainText('create index on "public"."orders" using btree ("status");')
  await dialog.getByRole('button', { name: 'Create index' }).click()
  await expect(dialog).toBeHidden()
  await expect(detail.getByRole('region', { name: 'Index hints' })).toContainText('None: no sequential scan here filters on a column without an index.')

  await page.getByRole('button', { name: 'Reset statistics' }).click()
  await page.getByRole('alertdialog', { name: 'Reset query statistics?' }).getByRole('button', { name: 'Reset statistics' }).click()
  await expect(row).toBeHidden()
})
