// The auth users screen's figures (issue 51): 100,000 users (added through the mock platform's
// fixture seam, window.__studioMock.fillAuthUsers: one insert) — from navigation to the first rows
// painted, a search from the moment it is sent (the address takes it once typing pauses) to its
// rows painted (goal ≤ 150 ms), and the list scrolled top to bottom (the scripted scroll of
// table-grid.mjs, its frames).
import { scriptedScroll } from './table-grid.mjs'
import { median, percentile, round1 } from './stats.mjs'

const USERS = 100_000
const TABLE = '[role=table][aria-label="Users"]'
const SCROLLER = `${TABLE}`

/** The search is sent when the address holds it: from then until a row with `needle` is painted, watched every frame. */
function searchAnswer(page, needle) {
  return page.evaluate(
    ({ needle, table }) =>
      new Promise((resolve, reject) => {
        let sentAt = null
        const began = performance.now()
        const step = () => {
          if (sentAt === null && new URLSearchParams(location.search).get('q') === needle) sentAt = performance.now()
          const rows = [...document.querySelectorAll(`${table} [role=rowgroup]:last-child [role=row]`)]
          if (sentAt !== null && rows.length > 0 && rows.every((row) => row.textContent?.includes(needle))) resolve(performance.now() - sentAt)
          else if (performance.now() - began > 30_000) reject(new Error(`no rows for ${needle} after 30 s`))
          else requestAnimationFrame(step)
        }
        requestAnimationFrame(step)
      }),
    { needle, table: TABLE },
  )
}

export async function authUsersFigures(browser, { signedInPage, base, runs }) {
  const { context, page, ref } = await signedInPage(browser)
  await page.goto(`${base}/project/${ref}/auth/users`)
  await page.waitForFunction(() => typeof window.__studioMock?.fillAuthUsers === 'function', null, { timeout: 60_000 })
  const fillStarted = Date.now()
  const held = await page.evaluate(({ ref, count }) => window.__studioMock.fillAuthUsers(ref, count), { ref, count: USERS })
  const fixtureMs = Date.now() - fillStarted

  await page.addInitScript((table) => {
    const check = () => {
      if (document.querySelectorAll(`${table} [role=row]`).length > 1) window.__firstUsersPaintedAt = performance.now()
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  }, TABLE)
  const firstRows = []
  const searches = []
  for (let i = 0; i < runs; i++) {
    await page.goto(`${base}/project/${ref}/auth/users`)
    await page.waitForFunction(() => window.__firstUsersPaintedAt !== undefined, null, { timeout: 60_000 })
    firstRows.push(await page.evaluate(() => window.__firstUsersPaintedAt))
    for (const needle of [`user-0${31 + i}42`, `user-09${i}9`, `user-0${55 + i}`]) {
      const answered = searchAnswer(page, needle)
      await page.getByRole('searchbox', { name: 'Search users' }).fill(needle)
      searches.push(await answered)
    }
  }
  // Scrolled top to bottom with every page asked for on the way (the list holds 200 a page).
  await page.goto(`${base}/project/${ref}/auth/users`)
  await page.waitForFunction(() => window.__firstUsersPaintedAt !== undefined, null, { timeout: 60_000 })
  const scroller = await page.evaluateHandle((table) => document.querySelector(table).parentElement, TABLE)
  await scroller.evaluate((element) => element.setAttribute('data-bench-scroller', ''))
  const scroll = await scriptedScroll(page, '[data-bench-scroller]', 0.25)
  await context.close()
  return {
    users: held,
    fixtureMs,
    navigationToFirstRowsMs: { median: round1(median(firstRows)), runs: firstRows.map(round1) },
    searchSentToRowsPaintedMs: { median: round1(median(searches)), p95: round1(percentile(searches, 95)), runs: searches.map(round1), goal: 150, met: median(searches) <= 150 },
    scroll,
  }
}
