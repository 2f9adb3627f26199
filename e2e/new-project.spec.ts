import { NEW_PROJECT_MESSAGE } from '../src/constants'
import { setMockScenario, signIn, test as freshWorldTest } from './fixtures'
import { expect, test } from './kept-world'

test('creating a project: weak then strong password, the new project comes up, then the free limit holds', async ({ page }) => {
  test.setTimeout(150_000)
  await signIn(page, { returnTo: '/org/demo-free' })
  await page.getByRole('button', { name: 'New project' }).click()
  await expect(page).toHaveURL(/\/new\/demo-free$/)
  // The free-plan rule is stated before anything is filled in.
  await expect(page.getByRole('note', { name: 'Free plan' })).toContainText('The free plan allows 2 active projects. This organization has 1, so you can create 1 more.')

  const create = page.getByRole('button', { name: 'Create new project' })
  await page.getByLabel('Project name').fill('Checkout service')
  const password = page.getByLabel('Database password')
  const meter = page.getByRole('meter', { name: 'Password strength' })

  await password.fill('password123')
  await expect(page.getByText('You need a stronger password.')).toBeVisible()
  await expect(page.getByText(/^This password is not acceptable\./)).toBeVisible()
  await expect(meter).toHaveAttribute('aria-valuenow', '10')
  await expect(create).toBeDisabled()

  await password.fill('x'.repeat(100))
  await expect(page.getByText('Password should be less than 100 characters')).toBeVisible()
  await expect(page.getByText('Maximum length of password exceeded')).toBeVisible()

  await password.fill('quartz-lantern-meadow-1947-violet')
  await expect(page.getByText('This password is strong.')).toBeVisible()
  await expect(meter).toHaveAttribute('aria-valuenow', '100')
  await expect(page.getByText('You need a stronger password.')).toBeHidden()

  await page.getByRole('button', { name: 'Europe' }).click()
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveValue('eu-central-1')
  const providers = page.getByRole('combobox', { name: 'Cloud provider' })
  // Providers by the names people know (SPEC §3 fixes the two AWS variants'); the value sent is the id.
  await expect(providers.getByRole('option')).toHaveText(['AWS', 'AWS (Revamped)', 'Fly.io', 'AWS (Nimbus)'])
  await expect(page.getByText(NEW_PROJECT_MESSAGE.computeSizeDescription, { exact: true })).toBeVisible()
  await providers.selectOption('AWS_K8S')
  await page.getByRole('radio', { name: /Micro/ }).check()
  await create.click()

  await expect(page).toHaveURL(/\/project\/[a-z]{20}$/)
  await expect(page.getByRole('heading', { name: 'Checkout service' })).toBeVisible()
  await expect(page.getByText('Coming up', { exact: true })).toBeVisible()
  await expect(page.getByText('Central EU (Frankfurt)')).toBeVisible()
  await expect(page.getByText('AWS (Revamped)')).toBeVisible()
  await expect(page.getByText('Micro', { exact: true })).toBeVisible()
  await expect(page.getByText('Healthy', { exact: true })).toBeVisible({ timeout: 25_000 })
  // What a user made survives a reload whole: the project's record is kept with its database.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Checkout service' })).toBeVisible()
  await expect(page.getByText('Healthy', { exact: true })).toBeVisible()

  // Back in the organization (client-side, the mock platform's records live in the page) the project is listed.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Demo Free' }).click()
  await expect(page.getByRole('link', { name: /Checkout service/ })).toBeVisible()
  await page.getByRole('button', { name: 'New project' }).click()
  await expect(page.getByRole('alert', { name: 'This organization has reached its free project limit' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create new project' })).toBeDisabled()
  await expect(page.getByLabel('Project name')).toBeDisabled()
})

test('the password check failing says so and keeps what was typed', async ({ page }) => {
  await signIn(page, { returnTo: '/new/empty-org' })
  await expect(page.getByRole('heading', { name: 'Create a new project' })).toBeVisible()
  await page.getByLabel('Project name').fill('Keep me')
  await setMockScenario(page, 'server-error')
  await page.getByLabel('Database password').fill('some password')
  await expect(page.getByText(/^Failed to check password strength: /)).toBeVisible()
  await expect(page.getByLabel('Project name')).toHaveValue('Keep me')
  await expect(page.getByLabel('Database password')).toHaveValue('some password')
})

test('leaving the name empty for "Generate a password" moves nothing: the first click fills the password', async ({ page }) => {
  await signIn(page, { returnTo: '/new/empty-org' })
  await expect(page.getByRole('heading', { name: 'Create a new project' })).toBeVisible()
  await page.getByLabel('Project name').focus()
  await page.getByRole('button', { name: 'Generate a password' }).click()
  await expect(page.getByText('Enter a name for the project.')).toBeVisible()
  await expect(page.getByLabel('Database password')).not.toHaveValue('')
})

test('a project name over 64 characters is refused with a message, never cut', async ({ page }) => {
  await signIn(page, { returnTo: '/new/empty-org' })
  const name = page.getByLabel('Project name')
  await name.fill('n'.repeat(70))
  await expect(name).toHaveValue('n'.repeat(70))
  await expect(page.getByText('Project names can be at most 64 characters; this one has 70.')).toBeVisible()
  await page.getByLabel('Database password').fill('quartz-lantern-meadow-1947-violet')
  await expect(page.getByText('This password is strong.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create new project' })).toBeDisabled()
  await name.fill('n'.repeat(64))
  await expect(page.getByText('64 / 64 characters')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create new project' })).toBeEnabled()
})

// A time zone of its own: a new context (the kept world's was made without one).
freshWorldTest.describe('from Berlin', () => {
  freshWorldTest.use({ timezoneId: 'Europe/Berlin' })
  freshWorldTest('the region nearest to the browser time zone is preselected, and the form says why', async ({ page }) => {
    await signIn(page, { returnTo: '/new/acme-corp' })
    await expect(page.getByRole('combobox', { name: 'Region' })).toHaveValue('eu-central-1')
    await expect(page.getByText('Central EU (Frankfurt) is the region nearest to your time zone (Europe/Berlin), about 420 km away.')).toBeVisible()
  })
})
