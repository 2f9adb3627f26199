// A query's whole path in the SQL editor, from Ctrl+Enter to the rows painted, and where the time
// goes: the page's own marks (src/lib/path-marks.ts, on only here) and the mock handler's
// Server-Timing, all on one clock since the handler runs in the page. Postgres' own time comes from
// EXPLAIN ANALYZE of the same statement, run beside (never inside) the measured run. Also the
// cold figure: a new browser profile (empty HTTP cache, IndexedDB, service worker) to the first rows.

import { readdirSync } from 'node:fs'

const SELECT_ONE = 'select 1'
const HUNDRED_THOUSAND = 'select g, md5(g::text) from generate_series(1, 100000) g'
const median = (values) => {
  const present = values.filter((value) => value !== null && value !== undefined)
  if (present.length === 0) return null
  const sorted = [...present].sort((a, b) => a - b)
  return Math.round(sorted[Math.floor(sorted.length / 2)] * 10) / 10
}

/** Before any script of the app: path marks on, and the time of each Ctrl/⌘+Enter kept. */
async function instrument(page) {
  await page.addInitScript(() => {
    window.__studioPathMarks = true
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) window.__runKeyAt = event.timeStamp
      },
      { capture: true },
    )
  })
}

/** Focus in Monaco (it takes keystrokes from then on). */
async function editorReady(page) {
  await page.waitForFunction(
    () => {
      const editor = document.querySelector('[data-testid="sql-editor"] .monaco-editor')
      return editor !== null && editor.contains(document.activeElement)
    },
    null,
    { timeout: 120_000 },
  )
  return page.evaluate(() => performance.now())
}

/** Types `sql`, presses Ctrl+Enter and answers the page's times: the key, the rows painted, and the marks of that run's request. */
async function runAndTime(page, sql, expectedRows) {
  const editor = page.getByTestId('sql-editor')
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(sql)
  await page.evaluate(
    (text) => {
      // The request marks of earlier runs go; the database's start steps stay.
      for (const name of new Set(performance.getEntriesByType('mark').map((mark) => mark.name))) if (!name.startsWith('studio:path:database:')) performance.clearMarks(name)
      window.__runKeyAt = undefined
      window.__gridPaintedAt = undefined
      // The run's own answer, not the last one still shown: only once the status said 'Running…'.
      const statusText = () => document.querySelector('section[aria-label="Results"] [role="status"]')?.textContent ?? ''
      let running = false
      const observer = new MutationObserver(() => {
        if (statusText().includes('Running')) running = true
      })
      observer.observe(document.body, { subtree: true, childList: true, characterData: true })
      // A big result arrives in parts ('Running… 1,000 rows so far'): its first rows painted, then all of them.
      window.__firstRowsAt = undefined
      const check = () => {
        const status = statusText()
        if (status.includes('Running')) running = true
        const painted = running && document.querySelector('[role="gridcell"]')
        if (painted && window.__firstRowsAt === undefined && (status.includes('so far') || status.includes(text))) window.__firstRowsAt = performance.now()
        if (painted && !status.includes('Running') && status.includes(text)) {
          window.__gridPaintedAt = performance.now()
          observer.disconnect()
        } else requestAnimationFrame(check)
      }
      requestAnimationFrame(check)
    },
    `${expectedRows.toLocaleString('en-US')} ${expectedRows === 1 ? 'row' : 'rows'}`,
  )
  await page.keyboard.press('ControlOrMeta+Enter')
  await page.waitForFunction(() => window.__gridPaintedAt !== undefined, null, { timeout: 120_000 })
  return page.evaluate(() => {
    const marks = performance.getEntriesByType('mark').filter((mark) => mark.name.startsWith('studio:path:'))
    const sent = marks.find((mark) => mark.name === 'studio:path:client:sent' && /\/pg-meta\/[^/]+\/query$/.test(mark.detail?.path ?? '') && mark.startTime >= window.__runKeyAt)
    const requestId = sent?.detail?.requestId
    const at = {}
    for (const mark of marks) if (mark.detail?.requestId === requestId && !(mark.name in at)) at[mark.name.slice('studio:path:'.length)] = mark.startTime
    const endTiming = marks.find((mark) => mark.detail?.requestId === requestId && mark.detail?.serverTiming !== undefined)?.detail.serverTiming ?? null
    return { keyAt: window.__runKeyAt, paintedAt: window.__gridPaintedAt, firstRowsAt: window.__firstRowsAt, at, requestId, endTiming }
  })
}

/** The response's Server-Timing durations, by name. */
export function serverTiming(header) {
  const out = {}
  for (const entry of (header ?? '').split(',')) {
    const [name, ...params] = entry.split(';').map((part) => part.trim())
    const duration = params.map((param) => /^dur=([0-9.]+)$/.exec(param)).find(Boolean)
    if (name && duration) out[name] = Number(duration[1])
  }
  return out
}

/** One run: Ctrl+Enter → painted, and its parts (ms). */
async function timedRun(page, sql, expectedRows) {
  const answering = page.waitForResponse((response) => /\/pg-meta\/[^/]+\/query$/.test(new URL(response.url()).pathname) && response.request().postData()?.includes(sql.slice(0, 40)), {
    timeout: 120_000,
  })
  const { keyAt, paintedAt, firstRowsAt, at, endTiming } = await runAndTime(page, sql, expectedRows)
  const response = await answering
  // What travelled: the body's bytes (rows in columns for an answer in parts). Playwright keeps no
  // body of a streamed answer: then the page's resource timing tells its size.
  const answerBytes = await response.body().then(
    (body) => body.length,
    () =>
      page.evaluate(() => {
        const entry = performance.getEntriesByType('resource').findLast((resource) => /\/pg-meta\/[^/]+\/query$/.test(new URL(resource.name).pathname))
        return entry && entry.decodedBodySize > 0 ? entry.decodedBodySize : null
      }),
  )
  // An answer in parts gives its whole timing in its end line (the client marks it): the header left
  // before the statement had finished.
  const inParts = (await response.headerValue('content-type'))?.startsWith('application/jsonl')
  const timing = serverTiming(inParts ? endTiming : await response.headerValue('server-timing'))
  const between = (from, to) => (at[from] !== undefined && at[to] !== undefined ? at[to] - at[from] : null)
  // BENCH_PATH_RUNS=1: each run's marks on stderr (ms from Ctrl+Enter), for where a slow run lost its time.
  if (process.env.BENCH_PATH_RUNS) console.error(JSON.stringify({ firstRows: Math.round(firstRowsAt - keyAt), all: Math.round(paintedAt - keyAt), marks: Object.fromEntries(Object.entries(at).map(([k, t]) => [k, Math.round(t - keyAt)])) }))
  const statementOther = timing.exec !== undefined && timing.db !== undefined ? timing.exec - timing.db - (timing.decode ?? 0) : null
  return {
    totalMs: paintedAt - keyAt,
    firstRowsMs: firstRowsAt - keyAt,
    answerBytes,
    paintedAt,
    databaseStartMs: timing.startup ?? null,
    parts: {
      editorToRequest: at['client:sent'] !== undefined ? at['client:sent'] - keyAt : null,
      hopToHandler: between('client:sent', 'handler:start'),
      handlerBeforeDatabase: between('handler:start', 'handler:database'),
      databaseCalls: timing.db ?? null,
      decode: timing.decode ?? null,
      statementOther,
      serialize: timing.json ?? null,
      // For an answer in parts: its first part.
      hopBack: between('handler:end', 'client:answered'),
      // A plain JSON answer: read, parsed, validated at once.
      bodyRead: between('client:answered', 'client:read'),
      jsonParse: between('client:read', 'client:parsed'),
      validation: between('client:parsed', 'client:validated'),
      // An answer in parts (JSON lines), which starts while the statement runs: its first rows read from
      // the database, the whole statement read, the first part read, parsed and validated; then the rest.
      firstRowsFromDatabase: inParts ? between('handler:database', 'handler:end') : null,
      statementRead: inParts ? between('handler:database', 'handler:rows') : null,
      firstPart: between('client:answered', 'client:first-part'),
      otherParts: between('client:first-part', 'client:validated'),
      renderAndPaint: at['client:validated'] !== undefined ? paintedAt - at['client:validated'] : null,
    },
  }
}

/** Postgres' own time for `sql` (EXPLAIN ANALYZE's Execution Time), on the page's own project database. */
async function postgresExecutionMs(page, ref, sql) {
  const times = await page.evaluate(
    async ({ ref, sql }) => {
      const provider = await window.__studioMock.platform.ctx.databases()
      const database = await provider.open(ref)
      const out = []
      for (let i = 0; i < 3; i++) {
        const [result] = await database.exec(`explain (analyze, format json) ${sql}`)
        const plan = result.rows[0]['QUERY PLAN']
        out.push((Array.isArray(plan) ? plan : JSON.parse(plan))[0]['Execution Time'])
      }
      return out
    },
    { ref, sql },
  )
  return median(times)
}

function summarize(runs, postgresMs) {
  const keys = Object.keys(runs[0].parts)
  const parts = Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run.parts[key]))]))
  return {
    ctrlEnterToPaintedMedianMs: median(runs.map((run) => run.totalMs)),
    runsMs: runs.map((run) => Math.round(run.totalMs)),
    // The first rows on screen: before the last arrive when the answer comes in parts.
    ctrlEnterToFirstRowsMedianMs: median(runs.map((run) => run.firstRowsMs)),
    firstRowsRunsMs: runs.map((run) => Math.round(run.firstRowsMs)),
    answerBytes: median(runs.map((run) => run.answerBytes)),
    // Medians of each part (they need not add up to the median total exactly).
    breakdownMedianMs: { postgresExecution: postgresMs, ...parts },
  }
}

/** A new profile: sign in, open a new snippet, run `select 1` as soon as the editor takes keys. */
async function coldFirstQuery(browser, { signedInPage, base }) {
  const { context, page, ref } = await signedInPage(browser)
  await instrument(page)
  await page.goto(`${base}/project/${ref}/sql/new`)
  const readyAt = await editorReady(page)
  const run = await timedRun(page, SELECT_ONE, 1)
  // The database's start, from navigation: asked for, running with the platform layer (PGlite booted), seeded.
  const start = await page.evaluate(() => {
    const at = {}
    for (const mark of performance.getEntriesByType('mark')) if (mark.name.startsWith('studio:path:database:')) at[mark.name.slice('studio:path:database:'.length)] ??= Math.round(mark.startTime)
    return at
  })
  await context.close()
  return {
    databaseStartSteps: start,
    ctrlEnterToRowsMs: Math.round(run.totalMs),
    navigationToEditorReadyMs: Math.round(readyAt),
    navigationToRowsMs: Math.round(run.paintedAt),
    databaseStartMs: run.databaseStartMs === null ? null : Math.round(run.databaseStartMs),
  }
}

/**
 * The baseline of a project database's start, in the same browser and run: PGlite alone in a worker
 * of a new profile (e2e/bench/bare-pglite/), from the start-up snapshot (initdb's output, which the
 * app's seeded template is made from; the template itself needs the app's extensions to start).
 */
async function barePGliteStart(browser, base) {
  const snapshot = readdirSync('dist').find((file) => /^pglite-initial-data.*\.tar\.gz$/.test(file))
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${base}/bench-bare-pglite/?snapshot=${encodeURIComponent(`/${snapshot}`)}`)
  await page.waitForFunction(() => window.__barePGliteStartMs !== undefined, null, { timeout: 60_000 })
  const ms = await page.evaluate(() => window.__barePGliteStartMs)
  await context.close()
  return ms
}

export async function queryPathFigures(browser, { signedInPage, base, runs }) {
  const coldRuns = []
  const bareStarts = []
  // Taken in turns, so the machine's moods fall on both alike.
  for (let i = 0; i < Math.min(runs, 3); i++) {
    bareStarts.push(await barePGliteStart(browser, base))
    coldRuns.push(await coldFirstQuery(browser, { signedInPage, base }))
  }

  const { context, page, ref } = await signedInPage(browser)
  await instrument(page)
  await page.goto(`${base}/project/${ref}/sql/new`)
  await editorReady(page)
  await page.getByRole('combobox', { name: 'Row limit' }).selectOption('none')
  // Warm-up: the database started, the grid's code loaded.
  await timedRun(page, `${SELECT_ONE} -- warm-up`, 1)
  const selectOne = []
  for (let i = 0; i < runs; i++) selectOne.push(await timedRun(page, `${SELECT_ONE} -- run ${i}`, 1))
  const hundredThousand = []
  for (let i = 0; i < runs; i++) hundredThousand.push(await timedRun(page, `${HUNDRED_THOUSAND} -- run ${i}`, 100_000))
  const figures = {
    coldFirstQueryNewProfile: {
      ctrlEnterToRowsMedianMs: median(coldRuns.map((run) => run.ctrlEnterToRowsMs)),
      navigationToRowsMedianMs: median(coldRuns.map((run) => run.navigationToRowsMs)),
      runs: coldRuns,
      goalMs: 1500,
    },
    barePGliteStartMs: { medianMs: median(bareStarts), runsMs: bareStarts.map(Math.round) },
    warmSelectOne: { ...summarize(selectOne, await postgresExecutionMs(page, ref, SELECT_ONE)), goalMs: 50 },
    warmHundredThousandRows: { ...summarize(hundredThousand, await postgresExecutionMs(page, ref, HUNDRED_THOUSAND)), goalMs: 600 },
  }
  await context.close()
  return figures
}
