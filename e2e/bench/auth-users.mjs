// The auth users screen's figures (issue 51): 100,000 users (added through the mock platform's
// fixture seam, window.__studioMock.fillAuthUsers: one insert) — from navigation to the first rows
// painted, a search from the moment it is sent (the address takes it once typing pauses) to its
// rows painted (goal ≤ 150 ms), and the list scrolled top to bottom (the scripted scroll of
// table-grid.mjs, its frames).
import { scriptedScroll } from './table-grid.mjs'
import { serverTiming } from './query-path.mjs'
import { median, percentile, round1 } from './stats.mjs'

const USERS = 100_000
const READING_ROWS = 3_000
const TABLE = '[role=table][aria-label="Users"]'

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
  // At a reading pace (3,000 rows in 5 s, deep in the list: pages read at an offset while the user
  // scrolls), as table-grid.mjs's "arriving" scroll: the fling above outruns any read by design.
  const reading = await scriptedScroll(page, '[data-bench-scroller]', READING_ROWS / USERS, 0.4)
  const effect = await policyEffectFigures(page, base, ref, runs)
  await context.close()
  return {
    users: held,
    fixtureMs,
    navigationToFirstRowsMs: { median: round1(median(firstRows)), runs: firstRows.map(round1) },
    searchSentToRowsPaintedMs: { median: round1(median(searches)), p95: round1(percentile(searches, 95)), runs: searches.map(round1), goal: 150, met: median(searches) <= 150 },
    scroll,
    readingScroll: reading,
    policyEffect: effect,
  }
}

const EFFECT_ROWS = 100_000

/** Runs SQL on the project through the platform's pg-meta, as the dashboard does. */
function runSql(page, ref, query) {
  return page.evaluate(
    async ({ ref, query }) => {
      const { accessToken } = JSON.parse(localStorage.getItem('studio.auth.session'))
      const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' }
      const project = await (await fetch(`/api/platform/projects/${ref}`, { headers })).json()
      const answer = await fetch(`/api/platform/pg-meta/${ref}/query`, { method: 'POST', headers: { ...headers, 'x-connection-encrypted': project.connectionString }, body: JSON.stringify({ query }) })
      if (!answer.ok) throw new Error(`${answer.status} ${await answer.text()}`)
      return answer.json()
    },
    { ref, query },
  )
}

/**
 * A policy's effect on a table of 100,000 rows for 3 viewers (two users and anon), as the policy
 * dialog measures it: the effect query's round trip (sent → answered, the browser's own timing of the
 * request), goal ≤ 300 ms, and from choosing the template to the effect's rows painted (the dialog
 * waits STORAGE_SEARCH_DEBOUNCE first: typing is not a transaction per key).
 */
async function policyEffectFigures(page, base, ref, runs) {
  await runSql(page, ref, `create table if not exists public.bench_notes (id bigint generated always as identity primary key, owner uuid not null, body text);
    insert into public.bench_notes (owner, body)
    select u.id, 'note ' || g from generate_series(1, ${EFFECT_ROWS}) g
      join lateral (select id from auth.users order by email offset (g % 50) limit 1) u on true
     where not exists (select 1 from public.bench_notes limit 1);
    analyze public.bench_notes;`)
  let roundTrips = []
  let executions = []
  page.on('requestfinished', async (request) => {
    if (!request.url().includes('/pg-meta/') || !(request.postData() ?? '').includes('studio.effect_')) return
    roundTrips.push(request.timing().responseEnd)
    // The statement's own time in the database, from the answer's Server-Timing: what is Postgres's and what is the trip's.
    const timing = serverTiming(await (await request.response())?.headerValue('server-timing'))
    if (timing.exec !== undefined) executions.push(timing.exec)
  })
  // Reading own rows (the effect's read measure), then inserting own rows (each of the first rows written again per viewer).
  const measure = async (template) => {
    roundTrips = []
    executions = []
    const painted = []
    for (let i = 0; i < runs; i++) {
      await page.goto(`${base}/project/${ref}/auth/policies`)
      const table = page.getByRole('region', { name: 'Policies of bench_notes' })
      await table.getByRole('button', { name: 'Create policy' }).click({ timeout: 60_000 })
      const dialog = page.getByRole('dialog', { name: 'Create a policy on bench_notes' })
      const chosen = await page.evaluate(() => performance.now())
      await dialog.getByLabel('Start from').selectOption({ label: template })
      await dialog.getByRole('region', { name: 'Effect before saving' }).getByRole('row').filter({ hasText: 'anon (no session)' }).filter({ hasText: /→\s*0 rows/ }).waitFor({ timeout: 60_000 })
      painted.push((await page.evaluate(() => performance.now())) - chosen)
    }
    return {
      queryRoundTripMs: { median: round1(median(roundTrips)), runs: roundTrips.map(round1), goal: 300, met: median(roundTrips) <= 300 },
      statementExecutionMs: { median: round1(median(executions)), runs: executions.map(round1) },
      templateChosenToEffectPaintedMs: { median: round1(median(painted)), runs: painted.map(round1) },
    }
  }
  const read = await measure('Users read their own rows')
  const insert = await measure('Users insert rows they own')
  return { tableRows: EFFECT_ROWS, viewers: 3, ...read, insertOwnRows: insert }
}
