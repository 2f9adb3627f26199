// The storage explorer's figures (issue 25): a folder of 10,000 objects opened to its first rows
// painted (a click on it in the bucket's column, as the table editor's figure is a click in its list;
// and from a page load, which waits for the project's database to start in the page too), then read to its end while the user holds the scroll at the bottom (pages of
// STORAGE_LIST_PAGE_SIZE arriving as the end comes near), then scrolled top to bottom with every row in
// hand (the scripted scroll of table-grid.mjs). The folder is filled through the mock platform's
// fixture seam (window.__studioMock.fillStorageFolder: one insert into storage.objects).
import { scriptedScroll } from './table-grid.mjs'
import { median, percentile, round1 } from './stats.mjs'

const OBJECTS = 10_000
const BUCKET = 'bench'
const FOLDER = 'big'
const GRID = `[role=grid][aria-label="Files in ${FOLDER}"]`

/** Rows of the folder the grid holds: its row count less the header row the list view has (the column view has none). */
const ROWS_HELD = `(element) => Number(element.getAttribute('aria-rowcount') ?? 0) - (element.querySelector('[role=columnheader]') ? 1 : 0)`
const rowsInHand = (page) => page.evaluate(({ grid, held }) => new Function(`return ${held}`)()(document.querySelector(grid)), { grid: GRID, held: ROWS_HELD })

/** Holds the scroll at the bottom every frame until the grid holds every object; answers the frames and the time it took. */
function readToTheEnd(page) {
  return page.evaluate(
    ({ grid, total, held: heldSource }) =>
      new Promise((resolve, reject) => {
        const element = document.querySelector(grid)
        const rowsHeld = new Function(`return ${heldSource}`)()
        const frames = []
        const began = performance.now()
        let last = null
        const step = (time) => {
          if (last !== null) frames.push(time - last)
          last = time
          element.scrollTop = element.scrollHeight
          const held = rowsHeld(element)
          if (held >= total) resolve({ frames, ms: performance.now() - began })
          else if (performance.now() - began > 120_000) reject(new Error(`only ${held} of ${total} rows after 120 s`))
          else requestAnimationFrame(step)
        }
        requestAnimationFrame(step)
      }),
    { grid: GRID, total: OBJECTS, held: ROWS_HELD },
  )
}

export async function storageFigures(browser, { signedInPage, base, runs }) {
  const { context, page, ref } = await signedInPage(browser)
  const folderUrl = `${base}/project/${ref}/storage/buckets/${BUCKET}?path=${FOLDER}`
  await page.goto(`${base}/project/${ref}/storage/buckets`)
  await page.waitForFunction(() => typeof window.__studioMock?.fillStorageFolder === 'function', null, { timeout: 60_000 })
  const added = await page.evaluate(({ ref, bucket, folder, count }) => window.__studioMock.fillStorageFolder(ref, { bucket, folder, count }), { ref, bucket: BUCKET, folder: FOLDER, count: OBJECTS })

  // A click on the folder in the bucket's column → its first row painted, the page loaded anew before
  // each run so no answer is held from the one before (its database started, as a user's is).
  const bucketUrl = `${base}/project/${ref}/storage/buckets/${BUCKET}`
  const opened = []
  for (let i = 0; i < runs; i++) {
    await page.goto(bucketUrl)
    await page.getByRole('row', { name: FOLDER, exact: true }).waitFor({ timeout: 60_000 })
    await page.waitForTimeout(500)
    opened.push(
      await page.evaluate(
        ({ grid, folder }) =>
          new Promise((resolve) => {
            const row = [...document.querySelectorAll('[role=row]')].find((element) => element.getAttribute('aria-label') === folder)
            const began = performance.now()
            row.click()
            const check = () => {
              if ([...document.querySelectorAll(`${grid} [role=row]`)].some((element) => element.textContent?.includes('file-00001.txt'))) resolve(performance.now() - began)
              else requestAnimationFrame(check)
            }
            requestAnimationFrame(check)
          }),
        { grid: GRID, folder: FOLDER },
      ),
    )
  }

  // From navigation start (a page load, the database started in the page first) to the folder's first row painted.
  await page.addInitScript((grid) => {
    const check = () => {
      // The list view has a header row, the column view none: any row holding the first object.
      const rows = document.querySelectorAll(`${grid} [role=row]`)
      if ([...rows].some((row) => row.textContent?.includes('file-00001.txt'))) window.__firstRowsPaintedAt = performance.now()
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  }, GRID)
  const loaded = []
  for (let i = 0; i < runs; i++) {
    await page.goto(folderUrl)
    await page.waitForFunction(() => window.__firstRowsPaintedAt !== undefined, null, { timeout: 60_000 })
    loaded.push(await page.evaluate(() => window.__firstRowsPaintedAt))
  }
  const firstPage = await rowsInHand(page)

  // Read to the end with the scroll held at the bottom: every page fetched as the end comes near.
  const reading = await readToTheEnd(page)
  // Every row in hand: the scripted top-to-bottom scroll.
  await page.evaluate((grid) => (document.querySelector(grid).scrollTop = 0), GRID)
  await page.waitForTimeout(300)
  const scroll = await scriptedScroll(page, GRID)
  await context.close()
  return {
    objects: OBJECTS,
    filled: added,
    folderOpenToFirstRowsPainted: { medianMs: Math.round(median(opened)), runsMs: opened.map(Math.round), rowsInFirstAnswer: firstPage },
    pageLoadToFirstRowsPainted: { medianMs: Math.round(median(loaded)), runsMs: loaded.map(Math.round) },
    readToTheEndHoldingTheScroll: { ms: Math.round(reading.ms), frameMsP50: round1(median(reading.frames)), frameMsP95: round1(percentile(reading.frames, 95)) },
    scrollTopToBottomRowsInHand: { ...scroll, goalFrameMsP95: 16.7 },
  }
}
