// The logs explorer's figures: opening the logs page to its first events painted, the histogram of
// 24 hours holding about 100,000 events, and filtering them to the repainted list (p95).
//
// The events are the mock platform's own log store (PGlite in the page's worker, behind the real
// endpoint): its seeded history and the app's own traffic, topped up with API Gateway events over
// the last 23 hours (ctx.logs.record, in batches the store writes as it does its own) until the
// last 24 hours hold just under LOG_QUERY_ROW_LIMIT (100,000): all of them in one answer.
import { median, percentile } from './stats.mjs'

const TARGET_EVENTS = 100_000
// Room for the app's own requests during the run (each lands in the range too).
const MARGIN = 400
// Within the last 23 hours: still inside "Last 24 hours" minutes after they are made.
const SPAN_MS = 23 * 3600_000
const BATCH = 10_000
const FILTER_RUNS = 5

/** Counts the project's API Gateway events of the last 24 hours through the endpoint, as the page would. */
function countGatewayEvents(page, ref) {
  return page.evaluate(async (ref) => {
    const { accessToken } = JSON.parse(localStorage.getItem('studio.auth.session'))
    const end = new Date()
    const query = new URLSearchParams({ sql: 'select count(*)::int as n from edge_logs', iso_timestamp_start: new Date(end.getTime() - 24 * 3600_000).toISOString(), iso_timestamp_end: end.toISOString() })
    const answer = await fetch(`/api/platform/projects/${ref}/analytics/endpoints/logs.all?${query}`, { headers: { authorization: `Bearer ${accessToken}` } })
    return (await answer.json()).result[0].n
  }, ref)
}

/** Adds `count` API Gateway events over the last 23 hours to the page's log store, a batch at a time. */
async function topUp(page, ref, count) {
  for (let done = 0; done < count; done += BATCH) {
    await page.evaluate(
      ({ ref, from, size, span, total }) => {
        const logs = window.__studioMock.platform.ctx.logs
        const methods = ['GET', 'GET', 'GET', 'POST', 'PATCH', 'DELETE']
        const paths = ['/rest/v1/orders', '/rest/v1/customers?select=*', '/auth/v1/token', '/rest/v1/rpc/checkout', '/storage/v1/object/a.png']
        const statuses = [200, 200, 200, 201, 204, 304, 400, 404, 500, 200, 200, 503]
        const now = Date.now()
        for (let i = from; i < from + size; i++) {
          const method = methods[i % 6]
          const path = paths[i % 5]
          const status = statuses[(i * 7) % 12]
          logs.record({
            table: 'edge_logs',
            project: ref,
            timestamp: new Date(now - (i * span) / total),
            event_message: `${method} | ${status} | ${path}`,
            level: status >= 500 ? 'error' : status >= 400 ? 'warning' : 'info',
            request_id: crypto.randomUUID(),
            metadata: { request: { method, path }, response: { status_code: status } },
            method,
            path,
            status_code: status,
            duration_ms: (i * 7919) % 900,
            host: 'localhost',
            user_agent: 'bench',
            role: 'anon',
          })
        }
      },
      { ref, from: done, size: Math.min(BATCH, count - done), span: SPAN_MS, total: count },
    )
    // Each event waits in IndexedDB until the open store writes it, 200 ms after the last one.
    await page.waitForTimeout(1500)
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
  const { context, page, ref } = await signedInPage(browser)
  // The store is a worker's PGlite kept in IndexedDB: a new document of this context opens it again,
  // with its events and history. It opens, and writes the project's seeded history, at its first
  // read; everything below but the cold opening runs in this one document.
  await page.goto(`${base}/project/${ref}/logs`)
  await page.getByRole('grid', { name: 'API Gateway events' }).waitFor({ timeout: 60_000 })
  await topUp(page, ref, Math.max(0, TARGET_EVENTS - MARGIN - (await countGatewayEvents(page, ref))))
  const listRead = (pattern) => page.getByRole('status').filter({ hasText: pattern }).waitFor({ timeout: 120_000 })
  const rail = page.getByRole('navigation', { name: 'Project' })
  const firstRowPainted = () =>
    paintedWhen(page, () => document.querySelector('[role="grid"][aria-label="API Gateway events"] [role="row"][aria-rowindex="2"]') !== null)

  // Opening the logs page from another screen of the project (the store warm): the click to the first events painted.
  const opening = []
  for (let i = 0; i < runs; i++) {
    await rail.getByRole('link', { name: 'Project overview' }).click()
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.waitForLoadState('networkidle')
    const clickedAt = page.evaluate(() => new Promise((resolve) => document.addEventListener('click', () => resolve(performance.now()), { capture: true, once: true })))
    const painted = firstRowPainted()
    await rail.getByRole('link', { name: 'Logs' }).click()
    opening.push((await painted) - (await clickedAt))
    await listRead(/ · read in /)
  }

  // The histogram of 24 hours (about 100,000 events): from its read leaving to its bars painted.
  const histogram = []
  const range = page.getByRole('combobox', { name: 'Range' })
  const dayCount = () => {
    const text = document.querySelector('section[aria-label="Events over time"]')?.textContent ?? ''
    const n = Number(/^([\d,]+) events over time/.exec(text)?.[1]?.replaceAll(',', '') ?? 0)
    return n > 90_000
  }
  let total = null
  for (let i = 0; i < runs; i++) {
    await range.selectOption('3h')
    await listRead(/ · read in /)
    await page.evaluate(() => performance.clearResourceTimings())
    const painted = paintedWhen(page, dayCount)
    await range.selectOption('24h')
    const at = await painted
    const readStart = await page.evaluate(() => performance.getEntriesByType('resource').find((e) => e.name.includes('generate_series'))?.startTime ?? null)
    if (readStart !== null) histogram.push(at - readStart)
    await listRead(/^[\d,]{6,} events · read in/)
    total = await page.evaluate(() => /^([\d,]+) events/.exec(document.querySelector('main [role="status"]:not([aria-label])')?.textContent ?? '')?.[1] ?? null)
  }

  // Filtering: the 24 hours' events on screen (all of them), a filter picked, the list repainted.
  const filtering = []
  const picks = [
    ['Status', '5xx'],
    ['Method', 'POST'],
    ['Severity', 'warning'],
    ['Status', '4xx'],
  ]
  const all = new RegExp(`^${total} events · read in`)
  for (let i = 0; i < FILTER_RUNS; i++) {
    for (const [group, name] of picks) {
      const chip = page.getByRole('group', { name: group }).getByRole('button', { name, exact: true })
      const clickedAt = page.evaluate(() => new Promise((resolve) => document.addEventListener('click', () => resolve(performance.now()), { capture: true, once: true })))
      const repainted = paintedWhen(page, (text) => !(document.querySelector('main [role="status"]:not([aria-label])')?.textContent ?? '').startsWith(text), `${total} events`)
      await chip.click()
      filtering.push((await repainted) - (await clickedAt))
      // Its own answer read, then back to all the events (read again: the narrower answer is the one in hand now).
      await listRead(/ · read in /)
      await chip.click()
      await listRead(all)
    }
  }

  // Opening the page cold: a new document (the dashboard starting, the log store opening again from
  // IndexedDB with the 100,000 events above, its history kept) from navigation start to the first events painted.
  await page.addInitScript(() => {
    // The store's worker then marks its start's steps on this page's timeline (worker-marks.ts).
    window.__studioPathMarks = true
    const check = () => {
      if (document.querySelector('[role="grid"][aria-label="API Gateway events"] [role="row"][aria-rowindex="2"]')) window.__logsPaintedAt = performance.now()
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })
  const cold = []
  const coldReadLeft = []
  // Where a cold opening's time goes in the log store (its own performance measures), per run.
  const coldStore = []
  for (let i = 0; i < runs; i++) {
    await page.goto(`${base}/project/${ref}/logs`)
    await page.waitForFunction(() => window.__logsPaintedAt !== undefined, null, { timeout: 60_000 })
    const { painted, readStart, store } = await page.evaluate(() => ({
      painted: window.__logsPaintedAt,
      store: {
        ...Object.fromEntries(performance.getEntriesByType('measure').filter((m) => m.name.startsWith('log-store:') && m.startTime < window.__logsPaintedAt).map((m) => [m.name.slice(10), Math.round(m.duration)])),
        // The worker's steps, as ms from navigation start: init, storage, wasm-compiled, kept-files-reading, -read, -merged, -loaded, booted.
        workerStepsAtMs: Object.fromEntries(
          performance
            .getEntriesByType('mark')
            .filter((m) => m.name.startsWith('studio:path:database:worker:') && m.detail?.requestId === 'log-store')
            .map((m) => [m.name.slice('studio:path:database:worker:'.length), Math.round(m.startTime)]),
        ),
      },
      // The list's quick first read (its statement ends `limit 500`; a space is a + in the query string).
      readStart: performance.getEntriesByType('resource').find((e) => e.name.includes('logs.all') && /limit\+500(&|$)/.test(e.name))?.startTime ?? null,
    }))
    cold.push(painted)
    coldStore.push(store)
    if (readStart !== null) coldReadLeft.push(readStart)
  }
  // What the store keeps in IndexedDB after all that (kept-data-dir-fs.ts): its snapshot and the files changed since, by folder.
  const keptStore = await page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const opening = indexedDB.open('/studio-pgdata/studio-logs')
      opening.onsuccess = () => resolve(opening.result)
      opening.onerror = () => reject(opening.error)
    })
    const all = (store, what) =>
      new Promise((resolve, reject) => {
        const request = db.transaction(store).objectStore(store)[what]()
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    const [base, paths, files] = [await all('base', 'getAll'), await all('files', 'getAllKeys'), await all('files', 'getAll')]
    const blocks = db.objectStoreNames.contains('blocks') ? await all('blocks', 'getAll') : []
    db.close()
    const byFolder = {}
    paths.forEach((path, i) => {
      const folder = path.split('/').slice(0, 3).join('/')
      byFolder[folder] ??= { files: 0, bytes: 0 }
      byFolder[folder].files++
      // A file kept in blocks says its size; one kept whole (before blocks) holds its bytes.
      byFolder[folder].bytes += files[i].size ?? files[i].data?.byteLength ?? 0
    })
    const bytes = Object.values(byFolder).reduce((sum, folder) => sum + folder.bytes, 0)
    return { baseBytes: base[0]?.size ?? 0, files: paths.length, blocks: blocks.length, bytes, byFolder }
  })
  await context.close()
  return {
    keptStore,
    events: total === null ? null : Number(total.replaceAll(',', '')),
    endpoint: "the mock platform's log store (PGlite in the page's worker) behind the real endpoint",
    openLogsPageFromTheProjectToFirstEventsPainted: { medianMs: Math.round(median(opening)), runsMs: opening.map(Math.round), goalMs: 500 },
    openLogsPageColdToFirstEventsPainted: {
      medianMs: Math.round(median(cold)),
      runsMs: cold.map(Math.round),
      // Of that, the dashboard's start (mock platform, profile, project shell, the route's code) until the list's first read leaves.
      firstReadLeftMedianMs: coldReadLeft.length ? Math.round(median(coldReadLeft)) : null,
      // From the first read leaving to the first events painted: the logs' own part (goal 500 ms).
      firstReadLeftToPaintedMedianMs: coldReadLeft.length === cold.length ? Math.round(median(cold.map((at, i) => at - coldReadLeft[i]))) : null,
      goalMs: 500,
      // The log store's steps before the first events painted (ms): the worker's database and its schema (the history is kept).
      logStoreRuns: coldStore,
    },
    histogram24hOf100kEvents: { medianMs: Math.round(median(histogram)), runsMs: histogram.map(Math.round), goalMs: 200 },
    filter100kEventsToRepaintedList: { p95Ms: Math.round(percentile(filtering, 95)), medianMs: Math.round(median(filtering)), runs: filtering.length, goalMs: 100 },
  }
}
