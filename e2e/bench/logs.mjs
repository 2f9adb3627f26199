// The logs explorer's figures: opening the logs page to its first events painted, the histogram of
// 24 hours holding 100,000 events, and filtering 100,000 events to the repainted list (p95).
//
// The events come from a stand-in of the logs endpoint: a node PGlite holding the thirteen tables
// as src/constants/logs.ts describes them and 100,000 API Gateway events over the last 24 hours,
// answering every statement of the page through Playwright's routing (the page's mock platform
// hands the request on). So the figures are the screen's (read, parse, draw) over a database doing
// the same SQL, not the mock platform's own log store.
import { PGlite } from '@electric-sql/pglite'

const EVENTS = 100_000
// Within the last 23 hours: all of them still inside "Last 24 hours" minutes after they are made.
const SPAN_MS = 23 * 3600_000
const FILTER_RUNS = 5

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}
const median = (values) => percentile(values, 50)

// edge_logs as src/constants/logs.ts describes it (LOG_COMMON_COLUMNS, then API Gateway's columns):
// the bench is plain node and reads no TypeScript. The explorer on API Gateway reads no other table.
const EDGE_LOGS = `id text, timestamp timestamptz, event_message text, level text, request_id text, metadata jsonb,
  method text, path text, status_code integer, duration_ms integer, host text, user_agent text, role text`

/** The stand-in: the table, the events, and an answer per request (the range applied as the endpoint does). */
async function standInEndpoint() {
  const db = await PGlite.create()
  await db.exec(`create table _edge_logs (${EDGE_LOGS}); create index on _edge_logs (timestamp)`)
  await db.exec(`insert into _edge_logs
    select 'g' || i, now() - (i * ${SPAN_MS / EVENTS} * interval '1 millisecond'), m || ' | ' || st || ' | ' || p,
      case when st >= 500 then 'error' when st >= 400 then 'warning' else 'info' end, 'req-' || i,
      jsonb_build_object('request', jsonb_build_object('method', m, 'path', p), 'response', jsonb_build_object('status_code', st)),
      m, p, st, (i * 7919) % 900, 'abcdefghijklmnopqrst.example.co', 'Mozilla/5.0', 'anon'
    from (select i, (array['GET','GET','GET','POST','PATCH','DELETE'])[1 + i % 6] m,
      (array['/rest/v1/orders','/rest/v1/customers?select=*','/auth/v1/token','/rest/v1/rpc/checkout','/storage/v1/object/a.png'])[1 + i % 5] p,
      (array[200,200,200,201,204,304,400,404,500,200,200,503])[1 + (i * 7) % 12] st
      from generate_series(1, ${EVENTS}) i) x`)
  let queue = Promise.resolve()
  return (url) => {
    const answer = async () => {
      const end = url.searchParams.get('iso_timestamp_end')
      const start = url.searchParams.get('iso_timestamp_start')
      await db.exec(`create or replace temp view edge_logs as select * from _edge_logs where timestamp >= '${start}' and timestamp < '${end}'`)
      try {
        return { status: 200, body: JSON.stringify({ result: (await db.query(url.searchParams.get('sql'))).rows }) }
      } catch (error) {
        return { status: 400, body: JSON.stringify({ message: error.message }) }
      }
    }
    const next = queue.then(answer)
    queue = next.then(() => undefined)
    return next
  }
}

/** Resolves in the page when `check` first holds in an animation frame after now; answers that frame's time. */
function paintedWhen(page, check, arg) {
  return page.evaluate(
    ({ check, arg }) =>
      new Promise((resolve) => {
        const holds = new Function('arg', `return (${check})(arg)`)
        const frame = () => (holds(arg) ? resolve(performance.now()) : requestAnimationFrame(frame))
        requestAnimationFrame(frame)
      }),
    { check: check.toString(), arg },
  )
}

export async function logsFigures(browser, { signedInPage, base, runs }) {
  const answer = await standInEndpoint()
  const { context, page, ref } = await signedInPage(browser)
  await context.route('**/analytics/endpoints/logs.all**', async (route) => {
    const { status, body } = await answer(new URL(route.request().url()))
    await route.fulfill({ status, contentType: 'application/json', body })
  })

  // Opening the page: navigation start to the first event row painted; and from the list's first read leaving to it.
  await page.addInitScript(() => {
    const check = () => {
      if (document.querySelector('[role="grid"][aria-label="API Gateway events"] [role="row"][aria-rowindex="2"]')) window.__logsPaintedAt = performance.now()
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })
  const open = []
  const openFromRead = []
  const readStarted = []
  const mockReady = []
  for (let i = 0; i < runs; i++) {
    await page.goto(`${base}/project/${ref}/logs`)
    await page.waitForFunction(() => window.__logsPaintedAt !== undefined, null, { timeout: 60_000 })
    const { painted, readStart, ready } = await page.evaluate(() => ({
      painted: window.__logsPaintedAt,
      ready: performance.getEntriesByName('studio:mock-platform-ready')[0]?.startTime ?? null,
      // The list's quick first read (its statement ends `limit 500`; a space is a + in the query string).
      readStart: performance.getEntriesByType('resource').find((e) => e.name.includes('logs.all') && /limit\+500(&|$)/.test(e.name))?.startTime ?? null,
    }))
    open.push(painted)
    if (readStart !== null) openFromRead.push(painted - readStart)
    if (readStart !== null) readStarted.push(readStart)
    if (ready !== null) mockReady.push(ready)
  }

  // The histogram of 24 hours (100,000 events): from its read leaving to its bars painted.
  const histogram = []
  const range = page.getByRole('combobox', { name: 'Range' })
  const listRead = (pattern) => page.getByRole('status').filter({ hasText: pattern }).waitFor({ timeout: 120_000 })
  for (let i = 0; i < runs; i++) {
    await range.selectOption('3h')
    await listRead(/ · read in /)
    await page.evaluate(() => performance.clearResourceTimings())
    const painted = paintedWhen(page, () => /^100,000 events over time/.test(document.querySelector('section[aria-label="Events over time"]')?.textContent ?? ''))
    await range.selectOption('24h')
    const at = await painted
    const readStart = await page.evaluate(() => performance.getEntriesByType('resource').find((e) => e.name.includes('date_bin'))?.startTime ?? null)
    if (readStart !== null) histogram.push(at - readStart)
    await listRead(/^100,000 events · read in/)
  }

  // Filtering: the 24 hours' 100,000 events on screen (all of them), a filter picked, the list repainted.
  const filtering = []
  const picks = [
    ['Status', '5xx'],
    ['Method', 'POST'],
    ['Severity', 'warning'],
    ['Status', '4xx'],
  ]
  for (let i = 0; i < FILTER_RUNS; i++) {
    for (const [group, name] of picks) {
      const chip = page.getByRole('group', { name: group }).getByRole('button', { name, exact: true })
      const clickedAt = page.evaluate(() => new Promise((resolve) => document.addEventListener('click', () => resolve(performance.now()), { capture: true, once: true })))
      const repainted = paintedWhen(page, (text) => !(document.querySelector('main [role="status"]:not([aria-label])')?.textContent ?? '').startsWith(text), '100,000 events')
      await chip.click()
      filtering.push((await repainted) - (await clickedAt))
      // Its own answer read, then back to all the events (read again: the narrower answer is the one in hand now).
      await listRead(/ · read in /)
      await chip.click()
      await listRead(/^100,000 events · read in/)
    }
  }
  await context.close()
  return {
    events: EVENTS,
    endpoint: 'stand-in (node PGlite behind Playwright routing), not the mock platform store',
    openLogsPageToFirstEventsPainted: {
      medianMs: Math.round(median(open)),
      runsMs: open.map(Math.round),
      goalMs: 500,
      // Of that: the dashboard's start (the embedded mock platform ready, the profile, the project shell, the route's code) until the list's first read leaves…
      firstReadLeftMedianMs: readStarted.length ? Math.round(median(readStarted)) : null,
      mockPlatformReadyMedianMs: mockReady.length ? Math.round(median(mockReady)) : null,
      // …and from that read leaving to its events painted.
      firstReadToPaintedMedianMs: openFromRead.length ? Math.round(median(openFromRead)) : null,
    },
    histogram24hOf100kEvents: { medianMs: Math.round(median(histogram)), runsMs: histogram.map(Math.round), goalMs: 200 },
    filter100kEventsToRepaintedList: { p95Ms: Math.round(percentile(filtering, 95)), medianMs: Math.round(median(filtering)), runs: filtering.length, goalMs: 100 },
  }
}
