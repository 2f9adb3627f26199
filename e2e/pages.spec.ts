import type { Locator, Page, Request } from '@playwright/test'
import { createPlatformFixtures } from '../fixtures/platform'
import { expectAccessible } from './accessibility'
import { PREVIEW } from '../src/constants'
import { signIn } from './fixtures'
import { expect, test } from './kept-world'

/**
 * What every page owes, checked on every route: exactly one `main` landmark (screen readers jump to
 * it), no resource that fails to load, the favicon included (a 404 in the console on every page
 * hides the one that matters), and no serious accessibility violation in any theme (axe-core).
 * Every new screen adds its route here.
 */
const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
const paused = createPlatformFixtures().projects.find((p) => p.status === 'INACTIVE')!

/** What watchLoads reports: the failed loads so far, and a wait for the network to fall quiet. */
interface Loads {
  failed: () => string[]
  quiet: () => Promise<void>
  /** The page's next navigation stays in its document (in-app): what is in flight is still this page's. */
  nextInApp: () => void
}

/**
 * Every response of 400 or more, 'Failed to load resource' in the console, and loads that failed
 * outright — of the document on screen. A request the previous document started can end after the
 * next one loaded: its page is gone, so the mock no longer answers it; that failure is the old
 * page's (its console line too), not this one's.
 */
function watchLoads(page: Page): Loads {
  const failed: string[] = []
  const consoleFailures: { text: string; url: string }[] = []
  const previousDocuments = new Set<string>()
  let documentNumber = 0
  let inAppNavigations = 0
  const startedIn = new WeakMap<object, number>()
  const inFlight = new Set<Request>()
  const quiet = async () => {
    // Quiet means nothing in flight for half a second, measured by us: Playwright's 'networkidle' is
    // a state of the document, reached once, so after an in-app navigation (sign-in → /organizations)
    // it answers at once while the new screen's requests are still out.
    let quietSince = Date.now()
    await expect
      .poll(() => {
        if (inFlight.size > 0) quietSince = Date.now()
        return Date.now() - quietSince
      }, { message: 'the network falls quiet', intervals: [100] })
      .toBeGreaterThanOrEqual(500)
  }
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return
    if (inAppNavigations > 0) inAppNavigations--
    else documentNumber++
  })
  page.on('request', (request) => startedIn.set(request, documentNumber))
  page.on('request', (request) => inFlight.add(request))
  page.on('requestfinished', (request) => inFlight.delete(request))
  page.on('requestfailed', (request) => inFlight.delete(request))
  page.on('response', (response) => {
    if (response.status() < 400) return
    if ((startedIn.get(response.request()) ?? documentNumber) !== documentNumber) previousDocuments.add(response.url())
    else failed.push(`${response.status()} ${response.request().method()} ${response.url()}`)
  })
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('Failed to load resource')) consoleFailures.push({ text: message.text(), url: message.location().url })
  })
  page.on('requestfailed', (request) => {
    // A navigation cancels the previous page's requests still in flight: that is not a failed load.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${request.failure()?.errorText} ${request.url()}`)
  })
  const failedLoads = () => [...failed, ...consoleFailures.filter(({ url }) => !previousDocuments.has(url)).map(({ text, url }) => `console: ${text} (${url})`)]
  return { failed: failedLoads, quiet, nextInApp: () => inAppNavigations++ }
}

/**
 * Signs in and watches the loads from there. It leaves the first page only once that page's own loads
 * are done: a request it starts while the next page loads is no longer mocked (its client is gone) and
 * would count against the next page.
 */
async function signInAndSettle(page: Page): Promise<Loads> {
  const loads = watchLoads(page)
  await signIn(page)
  await expect(page).toHaveURL(/\/organizations$/)
  await loads.quiet()
  return loads
}

/**
 * Opens a page, waits until it has shown its content and stopped loading, then checks it. `inApp`
 * opens it as a link inside the dashboard would (history.pushState, which the router follows): the
 * document and the project's database stay, so a walk through one project pays for one start; the
 * first page of each walk is still loaded whole, by its address.
 */
async function checkPage(page: Page, loads: Loads, path: string, ready: (page: Page) => Locator = (p) => p.getByRole('heading', { level: 1 }), { inApp = false } = {}) {
  if (inApp) {
    loads.nextInApp()
    await page.evaluate((to) => history.pushState(null, '', to), path)
    await expect(page, path).toHaveURL(path)
  } else {
    await page.goto(path)
  }
  await expect(ready(page), path).toBeVisible()
  await loads.quiet()
  await expect(page.getByRole('main'), `${path}: main landmarks`).toHaveCount(1)
  expect(loads.failed(), `${path}: failed loads`).toEqual([])
  await expectAccessible(page, path)
}

test('pages outside the dashboard: one main, nothing fails to load', async ({ page }) => {
  const loads = watchLoads(page)
  await checkPage(page, loads, '/sign-in')
  await checkPage(page, loads, '/sign-up')
  // Behind sign-in: the sign-in page again, with the way back.
  await checkPage(page, loads, '/organizations', (p) => p.getByRole('button', { name: 'Sign in' }))
  await checkPage(page, loads, '/logout', (p) => p.getByRole('button', { name: 'Sign in' }))
})

const ORGANIZATION_PAGES = [
  ['/organizations', '/org/acme-corp', '/org/acme-corp/billing', '/org/grace-over/billing#invoices', '/new/acme-corp', '/org/acme-corp/audit', '/org/acme-corp/team'],
  ['/org/acme-corp/general', '/account/me', '/account/tokens', '/account/security', '/new', '/join', '/join?token=inv_umbrella_demo_3f9a2c&slug=umbrella-labs', '/support/new', '/nowhere', '/inspector'],
]

// Reached inside the app, as a person does from the tabs or the account menu: no full load each.
const IN_APP_PAGES = new Set(['/org/acme-corp/audit', '/org/acme-corp/team', '/org/acme-corp/general', '/account/me', '/account/tokens', '/account/security'])

for (const [part, paths] of ORGANIZATION_PAGES.entries()) {
  test(`every organization-level page (${part + 1}/${ORGANIZATION_PAGES.length}): one main, nothing fails to load, accessible`, async ({ page }) => {
    test.setTimeout(450_000)
    const loads = await signInAndSettle(page)
    for (const path of paths) await checkPage(page, loads, path, undefined, { inApp: IN_APP_PAGES.has(path) })
  })
}

test('every project page: one main, nothing fails to load, accessible', async ({ page }) => {
  test.setTimeout(450_000)
  const loads = await signInAndSettle(page)
  const project = `/project/${healthy.ref}`
  await checkPage(page, loads, project)
  await checkPage(page, loads, `${project}?aiAssistantPanelOpen=true`)
  await checkPage(page, loads, `${project}/sql/new`, undefined, { inApp: true })
  await checkPage(page, loads, `${project}/settings/general`, (p) => p.getByRole('button', { name: 'Delete project' }), { inApp: true })
  await checkPage(page, loads, `${project}/settings/api`, (p) => p.getByRole('checkbox', { name: 'public', exact: true }), { inApp: true })
  await checkPage(page, loads, `${project}/settings/database`, (p) => p.getByRole('button', { name: 'Every address' }), { inApp: true })
  await checkPage(page, loads, `${project}/settings/compute`, (p) => p.getByRole('radio', { name: /Micro/ }), { inApp: true })
  await checkPage(page, loads, `/project/${paused.ref}/sql/new`, (p) => p.getByRole('heading', { name: 'This project is paused' }))
  await checkPage(page, loads, `${project}/editor`, (p) => p.getByText('Select a table'))
  await page.getByRole('navigation', { name: 'Tables' }).getByRole('link', { name: 'customers', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('public.customers')
  await loads.quiet()
  await expect(page.getByRole('main'), 'a table: main landmarks').toHaveCount(1)
  await expectAccessible(page, 'a table')

  // The global error screen replaces the whole page: it is a page of its own, with its own main.
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('studio:test-crash', { detail: 'Checking the landmarks' })))
  await expect(page.getByRole('heading', { name: 'Sorry! An unexpected error occurred.' })).toBeVisible()
  await expect(page.getByRole('main')).toHaveCount(1)
  await expectAccessible(page, 'the error screen')
  expect(loads.failed()).toEqual([])
})

test('every database tool page: one main, nothing fails to load, accessible', async ({ page }) => {
  test.setTimeout(450_000)
  // SPEC §4: a preview flag is the text true in local storage under its key (column privileges is behind one).
  await page.addInitScript((key) => localStorage.setItem(key, 'true'), PREVIEW.columnPrivileges)
  const loads = await signInAndSettle(page)
  const database = `/project/${healthy.ref}/database`
  await checkPage(page, loads, `${database}/extensions`, (p) => p.getByRole('row', { name: 'pg_trgm' }))
  await checkPage(page, loads, `${database}/hooks`, (p) => p.getByRole('button', { name: 'Enable webhooks' }), { inApp: true })
  await checkPage(page, loads, `${database}/wrappers`, (p) => p.getByText('No wrappers yet'), { inApp: true })
  await checkPage(page, loads, `${database}/column-privileges`, (p) => p.getByRole('checkbox', { name: 'SELECT on email' }), { inApp: true })
  // Vault is enabled on every project: its screen opens on the (empty) list.
  await checkPage(page, loads, `/project/${healthy.ref}/settings/vault/secrets`, (p) => p.getByText('No secrets yet'), { inApp: true })
  // The GraphQL explorer, once its schema docs list the introspected schema.
  await checkPage(page, loads, `/project/${healthy.ref}/api/graphiql`, (p) => p.getByRole('complementary', { name: 'Schema docs' }).getByRole('button', { name: 'CustomersFilter', exact: true }), { inApp: true })
  await checkPage(page, loads, `/project/${healthy.ref}/integrations/cron`, (p) => p.getByRole('button', { name: 'Enable cron' }), { inApp: true })
})

// The Database area's object screens: a walk of their own, so another worker takes it beside the tools'.
test('every database object page: one main, nothing fails to load, accessible', async ({ page }) => {
  test.setTimeout(450_000)
  const loads = await signInAndSettle(page)
  const database = `/project/${healthy.ref}/database`
  await checkPage(page, loads, `${database}/schemas`, (p) => p.getByRole('group', { name: 'Table customers' }))
  await checkPage(page, loads, `${database}/tables`, (p) => p.getByRole('table', { name: 'Tables of public' }), { inApp: true })
  await checkPage(page, loads, `${database}/types`, (p) => p.getByRole('list', { name: 'Values of order_status' }), { inApp: true })
  await checkPage(page, loads, `${database}/functions`, (p) => p.getByText('No functions in public'), { inApp: true })
  await checkPage(page, loads, `${database}/triggers?schema=inventory`, (p) => p.getByRole('table', { name: 'Triggers of inventory' }), { inApp: true })
  await checkPage(page, loads, `${database}/roles`, (p) => p.getByRole('table', { name: 'Roles' }), { inApp: true })
  await checkPage(page, loads, `${database}/publications`, (p) => p.getByRole('region', { name: 'Publication supabase_realtime' }), { inApp: true })
  await checkPage(page, loads, `${database}/migrations`, (p) => p.getByText('No migrations applied yet'), { inApp: true })
  await checkPage(page, loads, `${database}/indexes`, (p) => p.getByRole('table', { name: 'Indexes of public' }), { inApp: true })
  await checkPage(page, loads, `/project/${healthy.ref}/auth/users`, (p) => p.getByRole('button', { name: 'ana@example.com' }), { inApp: true })
  await checkPage(page, loads, `/project/${healthy.ref}/auth/policies`, (p) => p.getByRole('region', { name: 'Policies of customers' }), { inApp: true })
})

// The project walk goes on here (logs and advisors): its own test, so each stays well inside the time allowed.
test('every logs and advisor page: one main, nothing fails to load, accessible', async ({ page }) => {
  test.setTimeout(450_000)
  const loads = await signInAndSettle(page)
  // Once the linter has run (the rules variant with its Dismiss buttons), and query performance with its statements.
  // The logs read the platform's log store: a paused project's logs open too.
  await checkPage(page, loads, `/project/${healthy.ref}/logs`, (p) => p.getByRole('grid', { name: 'API Gateway events' }).getByRole('row').nth(1))
  await checkPage(page, loads, `/project/${paused.ref}/logs?source=postgres`, (p) => p.getByRole('heading', { level: 1, name: 'Logs' }))
  const advisors = `/project/${healthy.ref}/advisors`
  await checkPage(page, loads, `${advisors}/security`, (p) => p.getByRole('group', { name: 'Findings by level' }), { inApp: true })
  await checkPage(page, loads, `${advisors}/rules/security`, (p) => p.getByRole('button', { name: /^Dismiss / }).first(), { inApp: true })
  await checkPage(page, loads, `${advisors}/performance`, (p) => p.getByRole('group', { name: 'Findings by level' }), { inApp: true })
  await checkPage(page, loads, `${advisors}/query-performance`, (p) => p.getByRole('table', { name: 'Statements' }), { inApp: true })
})
