import { runSql, signIn } from './fixtures'
import { expect, test } from './kept-world'
import { createPlatformFixtures } from '../fixtures/platform'
import { SQL_READ_ONLY_MESSAGE } from '../src/constants'

test('a project coming up turns healthy on screen without a reload', async ({ page }) => {
  await signIn(page, { returnTo: '/org/acme-corp' })
  await page.getByRole('link', { name: /Coming up/ }).click()
  await expect(page.getByText('Coming up', { exact: true })).toBeVisible()
  await expect(page.getByText('Available once the project is up.')).toBeVisible()
  await expect(page.getByText('Checking status every 5 seconds…')).toBeVisible()
  await expect(page.getByText('Healthy', { exact: true })).toBeVisible({ timeout: 45_000 })
  await expect(page.getByRole('button', { name: 'Copy connection string' })).toBeVisible()
  await expect(page.getByText('Checking status every 5 seconds…')).toBeHidden()
})

test('the project home shows how to connect, direct and pooled, each part copyable; no password, no internal token', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const project = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText())
  await signIn(page, { returnTo: `/project/${project.ref}` })
  const connect = page.getByRole('region', { name: 'Connect to your database' })
  const uri = connect.getByLabel('Connection string', { exact: true })
  const field = (name: string) => connect.getByRole('definition').filter({ has: page.getByRole('button', { name: `Copy ${name}` }) })

  // Direct: the project's host on Postgres's port, as the postgres user.
  await expect(connect.getByRole('button', { name: 'Direct connection' })).toHaveAttribute('aria-pressed', 'true')
  await expect(uri).toHaveText(`postgresql://postgres:[YOUR-PASSWORD]@db.${project.ref}.example.co:5432/postgres`)
  await expect(field('port')).toContainText('5432')
  await connect.getByRole('button', { name: 'Copy host' }).click()
  await expect(connect.getByRole('button', { name: 'Copied host' })).toHaveText('Copied')
  expect(await clipboard()).toBe(`db.${project.ref}.example.co`)

  // The pooler: transaction mode on 6543, session mode on 5432, the ref in the user name.
  await connect.getByRole('button', { name: 'Transaction pooler' }).click()
  await expect(uri).toHaveText(new RegExp(`^postgresql://postgres\\.${project.ref}:\\[YOUR-PASSWORD\\]@[a-z0-9.-]+\\.pooler\\.example\\.co:6543/postgres$`))
  await expect(field('port')).toContainText('6543')
  await connect.getByRole('button', { name: 'Copy connection string' }).click()
  await expect(connect.getByRole('button', { name: 'Copied connection string' })).toBeVisible()
  expect(await clipboard()).toBe(await uri.textContent())
  await connect.getByRole('button', { name: 'Session pooler' }).click()
  await expect(uri).toHaveText(/:5432\/postgres$/)
  await connect.getByRole('button', { name: 'Copy user' }).click()
  await expect.poll(clipboard).toBe(`postgres.${project.ref}`)

  await expect(connect).toContainText('Replace [YOUR-PASSWORD] with the database password')
  // The encrypted connection string is the pg-meta header value: internal, never on screen.
  expect(await page.locator('body').innerText()).not.toContain('encrypted:')
})

test('a missing organization redirects with the error and a toast', async ({ page }) => {
  await signIn(page, { returnTo: '/org/globex' })
  await expect(page.getByRole('heading', { name: 'Globex Team' })).toBeVisible()
  await page.goto('/org/no-such-org')
  await expect(page).toHaveURL(/\/org\/globex\?error=org_not_found&org=no-such-org$/)
  await expect(page.getByText("We couldn't find that organization")).toBeVisible()
})

test('a missing project redirects with the error and a toast', async ({ page }) => {
  await signIn(page)
  await expect(page.getByRole('list', { name: 'Organizations' })).toBeVisible()
  await page.goto('/project/nosuchprojectref')
  await expect(page).toHaveURL(/\/organizations\?error=project_not_found&project=nosuchprojectref$/)
  await expect(page.getByText('This project does not exist')).toBeVisible()
})

test('an organization that requires MFA sends a user without it to the organization home', async ({ page }) => {
  const secureProject = createPlatformFixtures().projects.find((p) => p.organization_slug === 'secure-bank')!
  await signIn(page, { returnTo: `/project/${secureProject.ref}` })
  await expect(page).toHaveURL(/\/org\/secure-bank$/)
  await expect(page.getByRole('alert', { name: 'This organization requires multi-factor authentication' })).toContainText('Secure Bank only lets members')
  await expect(page.getByRole('button', { name: 'New project' })).toBeDisabled()
  await page.goto('/new/secure-bank')
  await expect(page).toHaveURL(/\/org\/secure-bank$/)
})

test('without the permission, New project is disabled and says why', async ({ page }) => {
  await signIn(page, { returnTo: '/org/readonly-co' })
  await expect(page.getByRole('heading', { name: 'Read Only Co' })).toBeVisible()
  const button = page.getByRole('button', { name: 'New project' })
  await expect(button).toBeDisabled()
  await button.locator('..').hover()
  await expect(page.getByRole('tooltip')).toHaveText('You need additional permissions to create projects in this organization.')
  // The empty list does not offer a link the user cannot use.
  await expect(page.getByRole('link', { name: 'New project' })).toHaveCount(0)
})

test("a read-only member's insert is refused by the server, and the SQL editor says why; a select still answers", async ({ page }) => {
  const readOnly = createPlatformFixtures().projects.find((p) => p.organization_slug === 'readonly-co')!
  await signIn(page, { returnTo: `/project/${readOnly.ref}/sql/new` })
  const results = page.getByRole('region', { name: 'Results' })
  await runSql(page, "insert into customers (email, full_name) values ('read-only@example.com', 'Read Only')")
  const refusal = results.getByRole('alert')
  // The first statement waits for the project's database to start.
  await expect(refusal).toContainText('ERROR: cannot execute INSERT in a read-only transaction', { timeout: 120_000 })
  await expect(refusal).toContainText('SQLSTATE 25006')
  await expect(refusal).toContainText(`HINT: ${SQL_READ_ONLY_MESSAGE.hint}`)
  await page.screenshot({ path: 'test-results/read-only-insert.png' })
  await runSql(page, "select count(*) as n from customers where email = 'read-only@example.com'")
  await expect(results.getByRole('status')).toContainText('1 row')
  await expect(results.getByRole('gridcell', { name: '0', exact: true })).toBeVisible()
})

test('the project home gives the API URL and keys (the secret one revealed on demand, both copied) and the client libraries', async ({ page, context }) => {
  const healthy = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, { returnTo: `/project/${healthy.ref}` })
  const api = page.getByRole('region', { name: 'Project API' })
  await expect(api.getByText(`https://${healthy.ref}.example.co`, { exact: true })).toBeVisible()
  const secret = api.getByLabel('service_role key', { exact: true })
  await expect(secret).toHaveText(/^•+$/)
  await api.getByRole('button', { name: 'Reveal' }).click()
  // Signed by the platform with the project's JWT secret (HS256: a 43-character signature), never unsigned.
  await expect(secret).toHaveText(/^eyJ[\w-]+\.[\w-]+\.[\w-]{43}$/)
  await api.getByRole('button', { name: 'Copy service_role key' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await secret.textContent())
  await api.getByRole('button', { name: 'Copy anon key' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await api.getByLabel('anon key', { exact: true }).textContent())
  await expect(api.getByRole('link', { name: 'Download the SSL certificate' })).toHaveAttribute('href', /\.crt$/)

  const libraries = page.getByRole('list', { name: 'Client libraries' }).getByRole('listitem')
  await expect(libraries).toHaveCount(6)
  await expect(libraries.filter({ hasText: 'Officially supported' })).toHaveCount(4)
  await expect(libraries.filter({ hasText: 'Community' })).toHaveText([/C#/, /Kotlin/])
  await expect(libraries.filter({ hasText: 'Python' })).toContainText('alpha')
  await expect(page.getByRole('link', { name: 'Docs for JavaScript' })).toHaveAttribute('href', /^https:\/\//)
})
