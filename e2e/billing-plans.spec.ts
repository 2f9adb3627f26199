import type { Locator, Page } from '@playwright/test'
import { projectUsages } from '../fixtures/billing'
import { createPlatformFixtures } from '../fixtures/platform'
import { USAGE_LIMITS, type UsageMetric } from '../src/constants'
import { formatUsageAmount } from '../src/lib/usage-cost'
import { signIn, test as freshWorldTest } from './fixtures'
import { expect, test } from './kept-world'

const fixtures = createPlatformFixtures()
/** The billing cycle holds the platform's today: Demo Free renews on the 19th, Acme Corp on the 10th. */
const TODAY = Date.UTC(2026, 10, 28, 13, 16)

async function openBilling(page: Page, slug: string, hash = '') {
  await signIn(page, { returnTo: `/org/${slug}/billing` })
  await expect(page).toHaveURL(new RegExp(`/org/${slug}/billing$`))
  if (hash) await page.goto(`/org/${slug}/billing${hash}`)
  await expect(page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('list', { name: 'Usage by metric' })).toBeVisible()
}

const metric = (page: Page, title: string): Locator => page.getByRole('list', { name: 'Usage by metric' }).getByRole('listitem', { name: title, exact: true })
const planCard = (page: Page, plan: string): Locator => page.getByRole('list', { name: 'Plans' }).getByRole('listitem', { name: plan, exact: true })
const matrixRow = (page: Page, feature: string): Locator =>
  page.getByRole('table', { name: 'Compare plans' }).getByRole('row', { name: new RegExp(`^${feature}`) })

/** What the page should show for a metric of a fixture organization, computed from the seeded usage. */
function expectedUsage(slug: string, metricId: UsageMetric): string {
  const projects = fixtures.projects.filter((p) => p.organization_slug === slug).sort((a, b) => a.id - b.id)
  const total = projectUsages(slug, metricId, projects).reduce((a, b) => a + b, 0)
  return formatUsageAmount(USAGE_LIMITS[metricId].unit, total)
}

test.describe('billing: plans and usage', () => {
  freshWorldTest('a Free organization: its plan, the plan cards, the matrix and usage within the limits', async ({ page, consoleErrors }) => {
    await page.clock.setFixedTime(TODAY)
    await openBilling(page, 'demo-free')
    await expect(page.getByTestId('current-plan')).toHaveText('Free - $0/month')
    await expect(page.getByTestId('compute-credits')).toHaveText('None on the Free plan')
    await expect(page.getByTestId('billing-cycle')).toHaveText('19 Nov, 2026 – 19 Dec, 2026')

    await expect(planCard(page, 'Free').getByRole('button', { name: 'Free is the current plan' })).toBeDisabled()
    await expect(planCard(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled()
    await expect(planCard(page, 'Team').getByRole('button', { name: 'Upgrade to Team' })).toBeEnabled()
    await expect(planCard(page, 'Enterprise').getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', /\/support\/new\?category=sales/)
    await expect(planCard(page, 'Pro')).toContainText('$25 /month')
    await expect(planCard(page, 'Pro')).toContainText('$10 in compute credits included')

    // The matrix: eight categories, the current plan's column marked, SPEC §9 figures.
    const matrix = page.getByRole('table', { name: 'Compare plans' })
    for (const category of ['Database', 'Auth', 'Storage', 'Edge Functions', 'Realtime', 'Dashboard', 'Platform security and compliance', 'Support']) {
      await expect(matrix.getByRole('columnheader', { name: category, exact: true })).toBeVisible()
    }
    await expect(matrix.getByRole('columnheader', { name: 'Free (current)' })).toBeVisible()
    await expect(matrixRow(page, 'Database size')).toContainText('500 MB per project included')
    await expect(matrixRow(page, 'Database size')).toContainText('8 GB per project included, then $0.125 per GB')
    await expect(matrixRow(page, 'Monthly active users')).toContainText('100,000 included, then $0.00325 per MAU')
    await expect(matrixRow(page, 'Log retention')).toContainText('90 days')

    // Usage: the seeded figures, within the Free limits; Free bills nothing, so no total.
    await expect(metric(page, 'Egress').getByTestId('usage-amount')).toHaveText(expectedUsage('demo-free', 'EGRESS'))
    await expect(metric(page, 'Egress')).toContainText('of 5 GB')
    await expect(metric(page, 'Monthly active users').getByTestId('usage-amount')).toHaveText(expectedUsage('demo-free', 'MONTHLY_ACTIVE_USERS'))
    await expect(metric(page, 'Monthly active users').getByTestId('overage-cost')).toHaveText('Included')
    await expect(metric(page, 'Monthly active SSO users')).toContainText('Not in the Free plan')
    await expect(metric(page, 'Monthly active SSO users').getByTestId('overage-cost')).toHaveText('Not available')
    await expect(page.getByTestId('overage-total')).toHaveCount(0)
    expect(consoleErrors).toEqual([])
  })

  freshWorldTest('a Pro organization: $10 compute credits, add-ons, and the overage cost of each metric to the cent', async ({ page }) => {
    await page.clock.setFixedTime(TODAY)
    await openBilling(page, 'acme-corp')
    await expect(page.getByTestId('current-plan')).toHaveText('Pro - $25/month')
    await expect(page.getByTestId('compute-credits')).toContainText('$10.00 per month')
    await expect(page.getByText('Point-in-time recovery (7 days): $100.00 per month')).toBeVisible()
    await expect(page.getByTestId('billing-cycle')).toHaveText('10 Nov, 2026 – 10 Dec, 2026')
    await expect(page.getByRole('columnheader', { name: 'Pro (current)' })).toBeVisible()

    // 262 GB egress: 12 GB over 250 GB at $0.09 = $1.08.
    const egress = metric(page, 'Egress')
    await expect(egress.getByTestId('usage-amount')).toHaveText('262 GB')
    await expect(egress).toContainText('of 250 GB')
    await expect(egress).toContainText('12 GB over')
    await expect(egress.getByTestId('overage-cost')).toHaveText('$1.08')
    await expect(egress).toContainText('then $0.09 per GB')
    await expect(egress.getByRole('meter', { name: 'Egress used' })).toHaveAttribute('aria-valuetext', '105%')
    // 104,000 MAUs: 4,000 over at $0.00325 = $13.00.
    await expect(metric(page, 'Monthly active users').getByTestId('usage-amount')).toHaveText('104,000')
    await expect(metric(page, 'Monthly active users').getByTestId('overage-cost')).toHaveText('$13.00')
    await expect(metric(page, 'Monthly active users')).toContainText('then $0.00325 per MAU')
    // 2,350,000 invocations: 350,000 over at $2 per million = $0.70.
    await expect(metric(page, 'Edge function invocations').getByTestId('overage-cost')).toHaveText('$0.70')
    await expect(metric(page, 'Database size').getByTestId('overage-cost')).toHaveText('Included')
    await expect(page.getByTestId('overage-total')).toHaveText('$14.78')

    // Each project's share, from the seeded allocations.
    await metric(page, 'Egress').getByText('By project (4)').click()
    const byProject = page.getByRole('table', { name: 'Egress by project' })
    const acme = fixtures.projects.filter((p) => p.organization_slug === 'acme-corp').sort((a, b) => a.id - b.id)
    const shares = projectUsages('acme-corp', 'EGRESS', acme)
    for (const [i, project] of acme.entries()) {
      await expect(byProject.getByRole('row', { name: new RegExp(`^${project.name}`) })).toContainText(formatUsageAmount('bytes', shares[i]!))
    }
  })

  test('downgrading a Pro organization with three active projects to Free fails and keeps the choice', async ({ page }) => {
    await openBilling(page, 'acme-corp')
    await planCard(page, 'Free').getByRole('button', { name: 'Downgrade to Free' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Downgrade to Free' })
    await expect(dialog.getByTestId('price-change')).toHaveText('Your bill changes from $25/month to $0/month.')
    await expect(dialog).toContainText('The $10.00 in monthly compute credits end.')
    await dialog.getByRole('button', { name: 'Confirm downgrade' }).click()
    await expect(dialog.getByRole('alert', { name: 'The plan could not be changed' })).toContainText(
      'The Free plan allows 2 active projects and this organization has 3: pause or delete 1 first',
    )
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByTestId('current-plan')).toHaveText('Pro - $25/month')
  })

  test('a Team organization: database size per project and realtime messages billed', async ({ page }) => {
    await openBilling(page, 'globex')
    await expect(page.getByTestId('current-plan')).toHaveText('Team - $599/month')
    await expect(page.getByText('Custom domain: $10.00 per month')).toBeVisible()
    await expect(planCard(page, 'Pro').getByRole('button', { name: 'Downgrade to Pro' })).toBeVisible()
    await expect(planCard(page, 'Team').getByRole('button', { name: 'Team is the current plan' })).toBeDisabled()
    // The 9.5 GB project is 1.5 GB over its own 8 GB: $0.1875 → $0.19.
    const database = metric(page, 'Database size')
    await expect(database).toContainText('8 GB included per project')
    await expect(database).toContainText('in 3 projects')
    await expect(database.getByTestId('usage-amount')).toHaveText('14.5 GB')
    await expect(database).toContainText('1.5 GB over')
    await expect(database.getByTestId('overage-cost')).toHaveText('$0.19')
    // 6.2 million messages: 1.2 million over at $2.50 per million = $3.00.
    await expect(metric(page, 'Realtime messages').getByTestId('usage-amount')).toHaveText('6,200,000')
    await expect(metric(page, 'Realtime messages').getByTestId('overage-cost')).toHaveText('$3.00')
    await expect(page.getByTestId('overage-total')).toHaveText('$3.19')
  })

  test('a partner-billed organization names who manages billing and offers no plan change', async ({ page }) => {
    await openBilling(page, 'vercel_harbor')
    await expect(page.getByTestId('current-plan')).toHaveText('Pro - $25/month')
    await expect(page.getByText('Billed through Vercel Marketplace', { exact: true })).toBeVisible()
    const subscription = page.getByRole('region', { name: 'Subscription plan' })
    await expect(subscription.getByRole('note', { name: 'Billing for this organization is managed by Vercel Marketplace' })).toContainText(
      'Change the plan, payment method and invoices of this organization in Vercel Marketplace.',
    )
    const plans = page.getByRole('list', { name: 'Plans' })
    await expect(plans.getByRole('button', { name: /Upgrade|Downgrade/ })).toHaveCount(0)
    await expect(plans.getByRole('link', { name: 'Contact sales' })).toHaveCount(0)
    await expect(planCard(page, 'Team')).toContainText('Changed in Vercel Marketplace')
  })

  test('a member without billing write permission sees the plans but cannot change them, and is told why', async ({ page }) => {
    await openBilling(page, 'readonly-co')
    await expect(page.getByTestId('current-plan')).toHaveText('Team - $599/month')
    const downgrade = planCard(page, 'Pro').getByRole('button', { name: 'Downgrade to Pro' })
    await expect(downgrade).toBeDisabled()
    // Once the permissions are known the button sits in a focusable wrapper that carries the reason.
    const blocked = planCard(page, 'Pro').locator('span[tabindex="0"]', { has: page.getByRole('button', { name: 'Downgrade to Pro' }) })
    await expect(async () => {
      await page.mouse.move(0, 0)
      await blocked.hover()
      await expect(page.getByRole('tooltip')).toHaveText('You need additional permissions to change this organization’s plan.', { timeout: 2000 })
    }).toPass()
  })

  test('a Free organization over its limits sees the overage without a cost', async ({ page }) => {
    await openBilling(page, 'quota-co')
    await expect(page.getByRole('alert', { name: 'Over the Free plan’s limits' })).toBeVisible()
    const egress = metric(page, 'Egress')
    await expect(egress.getByTestId('usage-amount')).toHaveText('6.5 GB')
    await expect(egress).toContainText('1.5 GB over')
    await expect(egress.getByTestId('overage-cost')).toHaveText('Over the Free limit')
  })

  test('upgrading Free to Pro: the confirmation states the price change, then the page shows Pro and $10 compute credits', async ({ page, consoleErrors }) => {
    await openBilling(page, 'demo-free')
    await planCard(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Upgrade to Pro' })
    await expect(dialog.getByTestId('price-change')).toHaveText('Your bill changes from $0/month to $25/month.')
    await expect(dialog).toContainText('Includes $10.00 in compute credits every month.')
    await dialog.getByRole('button', { name: 'Confirm upgrade' }).click()

    await expect(dialog).toHaveCount(0)
    await expect(page.getByText('Demo Free is now on the Pro plan')).toBeVisible()
    await expect(page.getByTestId('current-plan')).toHaveText('Pro - $25/month')
    await expect(page.getByTestId('compute-credits')).toContainText('$10.00 per month')
    await expect(planCard(page, 'Pro').getByRole('button', { name: 'Pro is the current plan' })).toBeDisabled()
    await expect(planCard(page, 'Free').getByRole('button', { name: 'Downgrade to Free' })).toBeVisible()
    await expect(page.getByRole('columnheader', { name: 'Pro (current)' })).toBeVisible()
    // The limits follow the plan: egress is now measured against Pro's 250 GB.
    await expect(metric(page, 'Egress')).toContainText('of 250 GB')
    await expect(page.getByTestId('overage-total')).toHaveText('$0.00')

    // The organization list knows too: back on the organization page and again to billing, still Pro.
    await page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Projects' }).click()
    await expect(page).toHaveURL(/\/org\/demo-free$/)
    await page.getByRole('link', { name: 'Billing' }).click()
    await expect(page.getByTestId('current-plan')).toHaveText('Pro - $25/month')
    expect(consoleErrors).toEqual([])
  })

  test('reached from the organization page and the command menu; #features scrolls to the matrix', async ({ page }) => {
    await signIn(page, { returnTo: '/org/globex' })
    await page.getByRole('link', { name: 'Billing' }).click()
    await expect(page).toHaveURL(/\/org\/globex\/billing$/)
    await expect(page.getByTestId('current-plan')).toHaveText('Team - $599/month')

    await page.goto('/org/acme-corp')
    await expect(page.getByRole('heading', { name: 'Acme Corp' })).toBeVisible()
    const menu = page.getByRole('dialog', { name: 'Command menu' })
    await page.keyboard.press('Control+k')
    await menu.getByRole('combobox', { name: 'Search commands' }).fill('billing')
    await menu.getByRole('option', { name: /^Billing/ }).click()
    await expect(page).toHaveURL(/\/org\/acme-corp\/billing$/)

    await page.goto('/org/acme-corp/billing#features')
    await expect(page.getByRole('heading', { name: 'Compare plans' })).toBeInViewport()
  })
})
