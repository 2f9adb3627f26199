// Query performance's figures: its statement list with 10,000 distinct statements (the history on
// which the best-known dashboard's page crashed), on the bench page e2e/bench/statements/, which
// renders the screen's own list component and sorts and searches with the screen's own functions.
import { scriptedScroll } from './table-grid.mjs'
import { median } from './stats.mjs'

const TABLE = '[role=table][aria-label=Statements]'
const FIRST_ROW = `${TABLE} [role=row][aria-rowindex="2"]`
/** What the list shows: its row count and the first rows' text. */
const SHOWN = `${TABLE} [role=row]:not([aria-rowindex="1"])`

/** Runs `act` in the page and answers the ms until a frame shows the list changed (after two settled frames). */
async function untilListChanges(page, act) {
  await page.evaluate(
    (selector) =>
      new Promise((settled) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const shown = () => [...document.querySelectorAll(selector)].slice(0, 3).map((row) => row.textContent).join('|') + document.querySelector('[role=table]').getAttribute('aria-rowcount')
            window.__listBefore = shown()
            window.__changedAt = undefined
            window.__actedAt = performance.now()
            const check = () => {
              if (shown() !== window.__listBefore) window.__changedAt = performance.now()
              else requestAnimationFrame(check)
            }
            requestAnimationFrame(check)
            settled()
          }),
        ),
      ),
    SHOWN,
  )
  await act()
  await page.waitForFunction(() => window.__changedAt !== undefined, null, { timeout: 30_000 })
  return page.evaluate(() => Math.round(window.__changedAt - window.__actedAt))
}

export async function queryPerformanceFigures(browser, { base, runs }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.addInitScript((selector) => {
    const check = () => {
      if (document.querySelector(selector)) window.__firstRowAt = performance.now()
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  }, FIRST_ROW)
  const painted = []
  for (let i = 0; i < runs; i++) {
    await page.goto(`${base}/bench-statements/?statements=10000`)
    await page.waitForFunction(() => window.__firstRowAt !== undefined, null, { timeout: 60_000 })
    painted.push(await page.evaluate(() => window.__firstRowAt))
  }
  const domRows = await page.locator(`${TABLE} [role=row]`).count()
  const scroll = await scriptedScroll(page, TABLE)
  await page.evaluate((selector) => (document.querySelector(selector).scrollTop = 0), TABLE)
  const sorted = []
  const searched = []
  for (let i = 0; i < runs; i++) {
    sorted.push(await untilListChanges(page, () => page.getByRole('columnheader', { name: /Calls/ }).getByRole('button').click()))
    searched.push(await untilListChanges(page, () => page.getByLabel('Search statements').fill(i % 2 ? '' : 'authenticated products')))
  }
  await context.close()
  return {
    statements: 10_000,
    navigationToFirstRowPainted: { medianMs: Math.round(median(painted)), runsMs: painted.map(Math.round) },
    rowsInTheDom: domRows,
    scrollTopToBottom: scroll,
    sortClickToRepaint: { medianMs: median(sorted), runsMs: sorted },
    searchToRepaint: { medianMs: median(searched), runsMs: searched },
  }
}
