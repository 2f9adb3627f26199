import { type Page } from '@playwright/test'
import { runSql as runSqlWithin } from '../fixtures'

/**
 * The README's first command is `npm run dev`: the development server, with React StrictMode and
 * unbundled modules. These run the paths a newcomer takes first on it, so a failure that only the
 * development build has (the profile's CancelledError) can never pass unseen again.
 *
 * Console errors allowed on the way, each for a reason (everything else fails the test; React's
 * development warnings are errors too and count):
 * - msw's start calls `registration.update()` on an existing registration without awaiting it.
 *   On the dev server only, a full load that follows the SQL editor's page gets that update
 *   rejected by Chromium with NotFoundError ("Not found") although no request is made; the
 *   registration in place keeps serving the mock (every later step of this test depends on it).
 *   The production build's ring never shows it.
 */
const ALLOWED_CONSOLE_ERRORS: RegExp[] = [/^uncaught: Failed to update a ServiceWorker for scope .*studio-mock-worker\.js'\): Not found$/]

export function watchConsole(page: Page) {
  const errors: string[] = []
  const note = (text: string) => {
    if (!ALLOWED_CONSOLE_ERRORS.some((allowed) => allowed.test(text))) errors.push(text)
  }
  page.on('console', (message) => {
    if (message.type() === 'error') note(`${message.text()} (${message.location().url})`)
  })
  page.on('pageerror', (error) => note(`uncaught: ${error.message}`))
  return errors
}

/** The fixtures' runSql, with the development server's first Monaco load (unbundled, slower) allowed for. */
export const runSql = (page: Page, sql: string) => runSqlWithin(page, sql, { timeout: 90_000 })

