import type { Page } from '@playwright/test'
import { runSql, signIn } from './fixtures'
import { KEPT_CLOCK_MESSAGE, KEPT_REF, expect, leaveMockWorker, optionsTheKeptWorldLacks, test } from './kept-world'

// In order, in one worker: each test checks what the one before it left.
test.describe.configure({ mode: 'default' })

const PROBE_KEY = 'studio.kept-world-probe'
let startsAfterWriting = 0
let startsAfterReading = 0

async function openSqlEditor(page: import('@playwright/test').Page) {
  await signIn(page, { returnTo: `/project/${KEPT_REF}/sql/new` })
  await expect(page.getByTestId('sql-editor').locator('.monaco-editor')).toBeVisible()
}

test('a test that writes: a table and its row, a session setting, local storage, a cookie, a permission', async ({ page, keptWorld }) => {
  const starts = keptWorld.starts
  await openSqlEditor(page)
  await runSql(page, `create table public.kept_world_probe (id int); insert into public.kept_world_probe values (41); set application_name to 'kept-world-probe'; select count(*) + 41 as n from public.kept_world_probe`)
  await page.getByRole('tab', { name: 'Result 4' }).click()
  await expect(page.getByRole('gridcell', { name: '42' })).toBeVisible()
  await page.evaluate((key) => localStorage.setItem(key, 'left behind'), PROBE_KEY)
  await page.context().grantPermissions(['clipboard-read'])
  // The page joined the database the keeper runs: nothing was started for it.
  expect(keptWorld.starts).toBe(starts)
  startsAfterWriting = keptWorld.starts
})

test('the next test sees a clean world: signed out, nothing stored, no table, no setting, no permission', async ({ page, keptWorld }) => {
  test.skip(startsAfterWriting === 0, 'runs after the test before it, in the same worker')
  // The database was written to: it was started again from the template.
  expect(keptWorld.starts).toBe(startsAfterWriting + 1)
  await page.goto(`/project/${KEPT_REF}/sql/new`)
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  expect(await page.evaluate((key) => localStorage.getItem(key), PROBE_KEY)).toBeNull()
  expect(await page.evaluate(async () => (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state)).not.toBe('granted')
  await openSqlEditor(page)
  await runSql(page, `select to_regclass('public.kept_world_probe') is null as no_table, current_setting('application_name') as application_name`)
  await expect(page.getByRole('gridcell', { name: 'true' })).toBeVisible()
  await expect(page.getByRole('gridcell', { name: 'kept-world-probe' })).toHaveCount(0)
  // This test only read: the database it used is kept for the next.
  startsAfterReading = keptWorld.starts
})

test('after a test that only read, the next joins the same running database', async ({ page, keptWorld }) => {
  test.skip(startsAfterReading === 0, 'runs after the test before it, in the same worker')
  expect(keptWorld.starts).toBe(startsAfterReading)
  await openSqlEditor(page)
  await runSql(page, `select count(*) as customers from public.customers`)
  await expect(page.getByRole('gridcell').first()).toHaveText(/^\d+$/)
})

let rebuildsBefore = -1
test('a world that breaks (its keeper gone, the database with it) …', async ({ keptWorld }) => {
  rebuildsBefore = keptWorld.rebuilds
  await keptWorld.loseKeeperForTest()
})

test('… is made anew for the next test, which works as in any other', async ({ page, keptWorld }) => {
  test.skip(rebuildsBefore < 0, 'runs after the test before it, in the same worker')
  expect(keptWorld.rebuilds).toBe(rebuildsBefore + 1)
  await openSqlEditor(page)
  await runSql(page, `select count(*) as customers from public.customers`)
  await expect(page.getByRole('gridcell').first()).toHaveText(/^\d+$/)
})

test('a tab closed while its statements wait for the database leaves every other tab answering', async ({ page }) => {
  // The keeper's worker leads (runs the database); these two tabs send their statements to it.
  const answer = (tab: Page, sql: string) =>
    tab.evaluate(async ({ ref, sql }) => JSON.stringify((await (await (await window.__studioMock!.platform.ctx.databases()).open(ref)).query(sql)).rows), { ref: KEPT_REF, sql })
  const closing = await page.context().newPage()
  for (const tab of [page, closing]) {
    await tab.goto('/sign-in')
    await tab.waitForFunction(() => !!window.__studioMock)
  }
  // Both joined (a tab's first statement waits for its join): what follows reaches the leader at once.
  for (const tab of [page, closing]) expect(await answer(tab, 'select 3 as n')).toBe('[{"n":3}]')
  const busy = answer(page, 'select count(*)::int as n from generate_series(1, 2000000)')
  await closing.evaluate(async (ref) => {
    const db = await (await window.__studioMock!.platform.ctx.databases()).open(ref)
    // The leader is running the other tab's statement by now: these wait behind it for its lock.
    await new Promise((resolve) => setTimeout(resolve, 150))
    void db.query('select 4')
    void db.query('begin; select 5; commit')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }, KEPT_REF)
  await closing.close()
  expect(await busy).toBe('[{"n":2000000}]')
  const next = await Promise.race([answer(page, 'select 6 as n'), new Promise((resolve) => setTimeout(() => resolve('no answer in 15 s'), 15_000))])
  expect(next).toBe('[{"n":6}]')
})

// msw's worker hands a request whose own page it does not know (a worker's, a page already gone) to the
// first page of the mock it knows. Were that the keeper, its mock would open that project's database and
// keep the request's log events, and the next reset would wait on them (seen once in about six CI runs).
test("a request the mock's worker cannot place is never answered by the keeper", async ({ page }) => {
  const countMockedRequests = (tab: Page) =>
    tab.evaluate(() => {
      const counted = window as unknown as { mockedRequests?: number }
      counted.mockedRequests = 0
      navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
        if (event.data?.type === 'REQUEST') counted.mockedRequests!++
      })
    })
  const mockedRequests = (tab: Page) => tab.evaluate(() => (window as unknown as { mockedRequests: number }).mockedRequests)
  const keeper = page.context().pages().find((tab) => tab !== page)!
  await page.goto('/sign-in')
  await page.waitForFunction(() => !!window.__studioMock)
  await countMockedRequests(keeper)
  await countMockedRequests(page)
  // As a closed page is: this one leaves msw's pages (the keeper being a window, the worker stays).
  await leaveMockWorker(page)
  // A dedicated worker is a client of the service worker of its own, which msw was never told of.
  const status = await page.evaluate(async () => {
    const script = `fetch('${location.origin}/api/platform/profile').then((response) => postMessage(response.status), (error) => postMessage(String(error)))`
    const worker = new Worker(URL.createObjectURL(new Blob([script], { type: 'text/javascript' })))
    return new Promise<number | string>((resolve) => {
      worker.onmessage = (event: MessageEvent<number | string>) => resolve(event.data)
      setTimeout(() => resolve('no answer in 10 s'), 10_000)
    })
  })
  expect(await mockedRequests(keeper)).toBe(0)
  expect(await mockedRequests(page)).toBe(0)
  // Not the mock's answer (signed out: 401): the worker let it through to the server.
  expect(status).not.toBe(401)
  expect(typeof status).toBe('number')
})

// The kept context is made with the option fixtures' own values: a test that changes none runs in it …
test('a test that asks for no context option of its own can run in the kept world', ({ askedContextOptions }) => {
  expect(optionsTheKeptWorldLacks(askedContextOptions)).toEqual([])
})

// … and one that asks for others is told it cannot: the kept world's fixture throws, naming them.
test.describe('a test that asks for a time zone and a dark scheme', () => {
  test.use({ timezoneId: 'Europe/Berlin', colorScheme: 'dark' })
  test('cannot run in the kept world, which says what it lacks', ({ askedContextOptions }) => {
    expect(optionsTheKeptWorldLacks(askedContextOptions)).toEqual(['colorScheme', 'timezoneId'])
  })
})

// The context's clock cannot be taken back once installed: a kept-world test that asks for it is told where it belongs.
test('page.clock in the kept world fails at once, saying to use a new context', ({ page }) => {
  expect(() => page.clock.install()).toThrow(KEPT_CLOCK_MESSAGE)
})
