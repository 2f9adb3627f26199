import { signIn } from './fixtures'
import { KEPT_REF, expect, test } from './kept-world'

test('the project’s auth users: the demo’s listed, one created (its password never on screen), found, banned and let back, its metadata edited, a password recovery sent, deleted; an invitation mailed (its link in the Auth logs)', async ({ page }) => {
  await signIn(page, { returnTo: `/project/${KEPT_REF}/auth/users` })
  const users = page.getByRole('table', { name: 'Users' })
  await expect(users.getByRole('button', { name: 'ana@example.com' })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByText('13 users')).toBeVisible()

  await page.getByRole('button', { name: 'Create user' }).click()
  const create = page.getByRole('dialog', { name: 'Create a user' })
  await create.getByLabel('Email address').fill('Cara@Example.com')
  await create.getByLabel('Password', { exact: true }).fill('cara-secret')
  await expect(create.getByRole('region', { name: 'SQL to run' })).not.toContainText('cara-secret')
  await create.getByRole('button', { name: 'Create user' }).click()
  await expect(create).toBeHidden()
  await expect(page.getByText('14 users')).toBeVisible()

  // Found by part of the address (the search is in the address too), opened in its panel.
  await page.getByRole('searchbox', { name: 'Search users' }).fill('cara@')
  await expect(page.getByText('1 user matches')).toBeVisible()
  await expect(page).toHaveURL(/[?&]q=cara%40/)
  await users.getByRole('button', { name: 'cara@example.com' }).click()
  const panel = page.getByRole('complementary', { name: 'User cara@example.com' })
  await expect(panel.getByRole('region', { name: 'Raw record' })).toContainText('"provider": "email"')
  await expect(panel.getByRole('region', { name: 'Raw record' })).not.toContainText('encrypted_password')

  // Banned for a day, then let back.
  await panel.getByRole('button', { name: 'Ban user' }).click()
  const ban = page.getByRole('dialog', { name: 'Ban cara@example.com' })
  await expect(ban.getByRole('region', { name: 'SQL to run' })).toContainText("interval '24 hours'")
  await ban.getByRole('button', { name: 'Ban user' }).click()
  await expect(ban).toBeHidden()
  await expect(users.getByRole('row').filter({ hasText: 'cara@example.com' })).toContainText('Banned')
  await panel.getByRole('button', { name: 'Lift ban' }).click()
  await page.getByRole('dialog', { name: 'Lift the ban on cara@example.com' }).getByRole('button', { name: 'Lift ban' }).click()
  await expect(users.getByRole('row').filter({ hasText: 'cara@example.com' })).toContainText('Confirmed')

  // Metadata as JSON: refused before it runs while it is not an object, saved once it is.
  await panel.getByRole('button', { name: 'Edit metadata' }).click()
  const metadata = page.getByRole('dialog', { name: 'Edit the user’s metadata' })
  await metadata.getByLabel('User metadata (raw_user_meta_data)').fill('{"name": ')
  await expect(metadata.getByRole('region', { name: 'SQL to run' })).toContainText('is not JSON')
  await metadata.getByLabel('User metadata (raw_user_meta_data)').fill('{"name": "Cara O\'Neil"}')
  await metadata.getByRole('button', { name: 'Save metadata' }).click()
  await expect(metadata).toBeHidden()
  await expect(panel.getByRole('region', { name: 'Raw record' })).toContainText('"name": "Cara O\'Neil"')

  await panel.getByRole('button', { name: 'Send password recovery' }).click()
  await expect(page.getByText('Password recovery sent to cara@example.com')).toBeVisible()

  await panel.getByRole('button', { name: 'Delete user' }).click()
  const remove = page.getByRole('dialog', { name: 'Delete cara@example.com' })
  await remove.getByLabel('Type cara@example.com to confirm').fill('cara@example.com')
  await remove.getByRole('button', { name: 'Delete user' }).click()
  await expect(remove).toBeHidden()
  await expect(page.getByText('No user matches')).toBeVisible()
  await expect(panel).toBeHidden()

  // An invitation: the user waits for it, and its mail, link included, is in the project's Auth logs.
  await page.getByRole('button', { name: 'Invite user' }).click()
  const invite = page.getByRole('dialog', { name: 'Invite a user' })
  await invite.getByLabel('Email address').fill('dana@example.com')
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(invite).toBeHidden()
  await page.getByRole('searchbox', { name: 'Search users' }).fill('dana@')
  await expect(users.getByRole('row').filter({ hasText: 'dana@example.com' })).toContainText('Invited')
  await page.goto(`/project/${KEPT_REF}/logs?source=auth`)
  await expect(page.getByText(/mail\.send: "You have been invited" to dana@example\.com: https:\/\/\w+\.supabase\.co\/auth\/v1\/verify\?token=/).first()).toBeVisible({ timeout: 30_000 })
})
