import { FIXTURE_INVITATIONS } from '../fixtures/platform'
import { DEMO_CREDENTIALS } from '../src/constants'
import { signIn } from './fixtures'
import { expect, test } from './kept-world'

const joinPath = (link: { token: string; slug: string }) => `/join?${new URLSearchParams({ token: link.token, slug: link.slug })}`

test.describe('joining an organization from an invitation link', () => {
  test('signed out: sign in, come back to the invitation, join, and find the organization listed', async ({ page, consoleErrors }) => {
    const link = FIXTURE_INVITATIONS.valid
    await page.goto(joinPath(link))
    await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fjoin%3F/)
    await page.getByLabel('Email').fill(DEMO_CREDENTIALS.email)
    await page.getByLabel('Password').fill(DEMO_CREDENTIALS.password)
    await page.getByRole('button', { name: 'Sign in' }).click()

    await expect(page).toHaveURL(new RegExp(`/join\\?token=${link.token}&slug=${link.slug}$`))
    await expect(page.getByRole('heading', { name: 'You have been invited to join Umbrella Labs' })).toBeVisible()
    await expect(page.getByText(`You are signed in as ${DEMO_CREDENTIALS.email}.`)).toBeVisible()
    await page.getByRole('button', { name: 'Join organization' }).click()

    await expect(page).toHaveURL(/\/org\/umbrella-labs$/)
    await expect(page.getByRole('heading', { name: 'Umbrella Labs' })).toBeVisible()
    await expect(page.getByText('You joined Umbrella Labs')).toBeVisible()

    // Client-side, so the mock platform's records (kept in this page) survive.
    await page.getByRole('link', { name: 'Studio' }).click()
    await expect(page).toHaveURL(/\/organizations$/)
    await expect(page.getByRole('list', { name: 'Organizations' }).getByText('Umbrella Labs', { exact: true })).toBeVisible()
    expect(consoleErrors).toEqual([])
  })

  test('an expired invitation asks for a new one', async ({ page }) => {
    await signIn(page, { returnTo: joinPath(FIXTURE_INVITATIONS.expired) })
    await expect(page.getByRole('heading', { name: 'This invitation has expired' })).toBeVisible()
    await expect(page.getByText('Ask an owner of the organization to send you a new invitation.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Join organization' })).toHaveCount(0)
  })

  test('an invitation to an organization the user belongs to says so and links to it', async ({ page }) => {
    await signIn(page, { returnTo: joinPath(FIXTURE_INVITATIONS.alreadyMember) })
    await expect(page.getByRole('heading', { name: 'You are already a member of Acme Corp' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to the organization' }).click()
    await expect(page).toHaveURL(/\/org\/acme-corp$/)
    await expect(page.getByRole('heading', { name: 'Acme Corp' })).toBeVisible()
  })

  test('an invitation sent to another address offers to sign out and come back', async ({ page }) => {
    const path = joinPath(FIXTURE_INVITATIONS.otherEmail)
    await signIn(page, { returnTo: path })
    await expect(page.getByRole('heading', { name: 'This invitation was sent to another email address' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Join organization' })).toHaveCount(0)
    await page.getByRole('link', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/sign-in\?returnTo=/)
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(path)
    await expect(page.getByLabel('Email')).toBeVisible()
  })

  test('an unknown token and an incomplete link each get a clear message', async ({ page }) => {
    await signIn(page, { returnTo: joinPath({ token: 'no-such-token', slug: 'umbrella-labs' }) })
    await expect(page.getByRole('heading', { name: 'This invitation does not exist' })).toBeVisible()
    await page.goto('/join?slug=umbrella-labs')
    await expect(page.getByRole('heading', { name: 'This invitation link is incomplete' })).toBeVisible()
  })
})
