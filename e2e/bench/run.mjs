// npm run bench: serves the production build and prints measured figures as JSON.
// Figures, not pass/fail. Run on an otherwise idle machine; runs vary by ±25 % on a busy one.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { queryPerformanceFigures } from './statements.mjs'
import { schemaDiagramFigures } from './diagram.mjs'
import { logsFigures } from './logs.mjs'
import { queryPathFigures } from './query-path.mjs'
import { storageFigures } from './storage.mjs'
import { authUsersFigures } from './auth-users.mjs'
import { tableEditorFigures } from './table-grid.mjs'
import { goalRows, goalTable } from './goals.mjs'

// Another preview (the e2e self-hosted one) may hold the default port on a shared machine.
const PORT = Number(process.env.BENCH_PORT ?? 4174)
const BASE = `http://localhost:${PORT}`
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'))

/** Gzip bytes of a chunk and every chunk it imports statically (what loading it costs). */
function chunkCost(key, seen = new Set()) {
  if (seen.has(key)) return 0
  seen.add(key)
  const chunk = manifest[key]
  let bytes = gzipSync(readFileSync(`dist/${chunk.file}`)).length
  for (const child of chunk.imports ?? []) bytes += chunkCost(child, seen)
  return bytes
}

function routeSizes() {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
  const entrySeen = new Set()
  const entry = chunkCost(entryKey, entrySeen)
  const routes = {}
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!key.startsWith('src/features/') || !chunk.isDynamicEntry) continue
    // Bytes a route adds on top of the entry bundle.
    routes[key.replace(/^src\/features\//, '')] = chunkCost(key, new Set(entrySeen))
  }
  // The chrome around signed-in screens (top bar, banners, a project's rail and assistant) loads beside
  // the first dashboard screen, not with the sign-in page: entry + chrome is a dashboard screen's start.
  const chrome = chunkCost('src/app/DashboardChrome.tsx', new Set(entrySeen))
  // The embedded mock platform (msw, @msw/data, its handlers and the drawn demo world): its own chunk,
  // and with the shared chunks it imports that the entry does not hold (modules the screens use too).
  const mockKey = 'mock-platform/browser/index.ts'
  const mockSeen = new Set(entrySeen)
  const mockPlatform = manifest[mockKey]
    ? { chunkGzipBytes: gzipSync(readFileSync(`dist/${manifest[mockKey].file}`)).length, withSharedGzipBytes: chunkCost(mockKey, mockSeen) }
    : null
  // What a project's database adds in the page beyond those (its worker client, start-up data, demo rows'
  // drawer: 91.8 KB gzip while faker drew the demo rows, 24.9 KB since). The worker and its wasm are files of their own.
  const databaseKey = 'mock-platform/postgres/pglite-browser.ts'
  if (mockPlatform && manifest[databaseKey]) mockPlatform.projectDatabaseGzipBytes = chunkCost(databaseKey, mockSeen)
  return { entryGzipBytes: entry, dashboardChromeGzipBytes: chrome, mockPlatform, routeGzipBytes: routes }
}

/**
 * Raw and gzip bytes of the Monaco chunk (what the SQL editor route loads lazily) and of its worker.
 * The build splits Monaco over the chunk and shared chunks it imports: `loadedGzipBytes` is all the
 * editor loads beyond the entry bundle, the figure the goal (≤ 600 KB) is about.
 */
function monacoSizes() {
  const key = 'src/features/sql-editor/monaco.ts'
  const entrySeen = new Set()
  chunkCost(Object.keys(manifest).find((k) => manifest[k].isEntry), entrySeen)
  const files = readdirSync('dist/assets')
  const worker = files.find((f) => f.startsWith('editor.worker') && f.endsWith('.js'))
  const size = (file) => {
    const bytes = readFileSync(`dist/${file}`)
    return { file, rawBytes: bytes.length, gzipBytes: gzipSync(bytes).length }
  }
  const css = files.filter((f) => f.endsWith('.css') && /editor|monaco/i.test(f)).map((f) => size(`assets/${f}`))
  return {
    chunk: manifest[key] ? size(manifest[key].file) : null,
    loadedGzipBytes: manifest[key] ? chunkCost(key, entrySeen) : null,
    worker: worker ? size(`assets/${worker}`) : null,
    css,
  }
}

/** The files the Monaco chunk loads beyond the entry bundle (the chunk, its imports, their CSS), as the build names them. */
function monacoFiles() {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
  const loaded = new Set()
  const visit = (key, into) => {
    if (into.has(key)) return
    into.add(key)
    for (const child of manifest[key].imports ?? []) visit(child, into)
  }
  visit(entryKey, loaded)
  const files = []
  const reached = new Set()
  visit('src/features/sql-editor/monaco.ts', reached)
  for (const key of reached) if (!loaded.has(key)) files.push(manifest[key].file, ...(manifest[key].css ?? []))
  return files
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/sign-in`)).ok) return
    } catch {
      // Not listening yet: try again shortly.
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('preview server did not start')
}

async function signedInPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })
  const page = await context.newPage()
  await page.goto(`${BASE}/sign-in`)
  await page.getByLabel('Email').fill('demo@example.com')
  await page.getByLabel('Password').fill('studio-demo-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('list', { name: 'Organizations' }).waitFor()
  const ref = await page.evaluate(async () => {
    const { accessToken } = JSON.parse(localStorage.getItem('studio.auth.session'))
    const answer = await fetch('/api/platform/organizations/acme-corp/projects', { headers: { authorization: `Bearer ${accessToken}` } })
    const { projects } = await answer.json()
    return projects.find((p) => p.status === 'ACTIVE_HEALTHY').ref
  })
  return { context, page, ref }
}

async function organizationsPaint(browser) {
  const { context, page } = await signedInPage(browser)
  // Watches every frame from navigation start, so the figure is when the list first painted,
  // not when the test runner got round to looking.
  await page.addInitScript(() => {
    const check = () => {
      if (document.querySelector('ul[aria-label="Organizations"] li')) window.__organizationsPaintedAt = performance.now()
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })
  const times = []
  const mockReady = []
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${BASE}/organizations`)
    await page.getByRole('list', { name: 'Organizations' }).waitFor()
    const [painted, ready] = await page.evaluate(() => [
      window.__organizationsPaintedAt,
      performance.getEntriesByName('studio:mock-platform-ready')[0]?.startTime ?? null,
    ])
    times.push(painted)
    if (ready !== null) mockReady.push(ready)
  }
  await context.close()
  return {
    medianMs: Math.round(median(times)),
    runsMs: times.map(Math.round),
    // Of that, the embedded mock platform's start-up (service worker, seeded records) before the app renders.
    mockPlatformReadyMedianMs: mockReady.length ? Math.round(median(mockReady)) : null,
  }
}

/** From navigation start to an editor that takes keystrokes (focus inside Monaco). */
async function sqlEditorReady(browser) {
  const { context, page, ref } = await signedInPage(browser)
  await page.addInitScript(() => {
    const check = () => {
      // Monaco takes input through a textarea or, where Chromium has it, an EditContext element.
      const editor = document.querySelector('[data-testid="sql-editor"] .monaco-editor')
      if (editor && editor.contains(document.activeElement)) window.__editorReadyAt = performance.now()
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })
  // A person reads the organizations for a while before opening the editor (the same 10 s with or
  // without a prefetch, so the page's other idle work, the log store's warm-up, is as far along in
  // both); meanwhile the signed-in page asks for Monaco's files when it is idle.
  await page.waitForTimeout(10_000)
  const files = monacoFiles()
  const prefetchedMs = await page.evaluate((names) => {
    const done = performance.getEntriesByType('resource').filter((e) => names.some((name) => e.name.endsWith(`/${name}`)) && e.responseEnd > 0)
    return done.length >= names.length ? Math.max(...done.map((e) => e.responseEnd)) : null
  }, files)
  const times = []
  let firstOpen = null
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${BASE}/project/${ref}/sql/new`)
    await page.waitForFunction(() => window.__editorReadyAt !== undefined, null, { timeout: 60_000 })
    times.push(await page.evaluate(() => window.__editorReadyAt))
    // What this open of the editor took from the network for Monaco's files: bodies downloaded (a
    // response larger than its body came over the network whole), and answers only checked (a
    // cached file the browser asked about again: headers only, no body).
    if (i === 0) {
      firstOpen = await page.evaluate((names) => {
        const entries = performance.getEntriesByType('resource').filter((e) => names.some((name) => e.name.endsWith(`/${name}`)))
        const downloaded = entries.filter((e) => e.transferSize > e.encodedBodySize)
        return {
          downloadedBytes: downloaded.reduce((sum, e) => sum + e.encodedBodySize, 0),
          revalidated: entries.filter((e) => e.transferSize > 0 && e.transferSize <= e.encodedBodySize).length,
          fromCache: entries.filter((e) => e.transferSize === 0).length,
        }
      }, files)
    }
  }
  await context.close()
  // The first run is the editor's first open in this profile: Monaco from the prefetch's cache, if it came.
  return {
    firstRunMs: Math.round(times[0]),
    medianMs: Math.round(median(times)),
    runsMs: times.map(Math.round),
    monacoPrefetch: { files: files.length, fetchedAfterSignInMs: prefetchedMs === null ? null : Math.round(prefetchedMs), firstOpen },
  }
}

async function runQuery(page, sql, expectedRows) {
  const editor = page.getByTestId('sql-editor')
  await editor.locator('.monaco-editor').waitFor({ timeout: 60_000 })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(sql)
  await page.evaluate(
    (text) => {
      window.__gridPaintedAt = undefined
      // The run's own answer is then the one query request in the buffer (a full buffer of 250 entries
      // would drop it, and `.at(-1)` would read an older request).
      performance.clearResourceTimings()
      const statusText = () => document.querySelector('section[aria-label="Results"] [role="status"]')?.textContent ?? ''
      // The last run's status may read the same row count: this run's counts only once it has started.
      const before = statusText()
      let started = false
      const check = () => {
        const status = statusText()
        started ||= status.includes('Running') || status !== before
        // The whole result: a big one shows "Running… N rows so far" while its parts arrive.
        const done = started && status.includes(text) && !status.includes('Running')
        if (done && document.querySelector('[role="gridcell"]')) window.__gridPaintedAt = performance.now()
        else requestAnimationFrame(check)
      }
      requestAnimationFrame(check)
    },
    `${expectedRows.toLocaleString('en-US')} rows`,
  )
  await page.keyboard.press('ControlOrMeta+Enter')
  await page.waitForFunction(() => window.__gridPaintedAt !== undefined, null, { timeout: 120_000 })
  // A streamed answer's timing entry is queued a little after its body has been read: wait for it.
  const answerTiming = () => {
    // The largest query answer of the run: the statement's rows, not a small catalog read beside them.
    const answer = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/pg-meta/') && e.name.includes('/query'))
      .sort((a, b) => b.decodedBodySize - a.decodedBodySize)[0]
    return answer ? { paintedAt: window.__gridPaintedAt, responseEnd: answer.responseEnd } : null
  }
  const timing = await page.waitForFunction(answerTiming, null, { timeout: 5_000 }).catch(() => null)
  return (await timing?.jsonValue()) ?? { paintedAt: await page.evaluate(() => window.__gridPaintedAt), responseEnd: null }
}

/** A 100,000-row answer: from its last byte arriving to the grid painted (parse, check, render). */
async function hundredThousandRowsPainted(browser) {
  const { context, page, ref } = await signedInPage(browser)
  await page.goto(`${BASE}/project/${ref}/sql/new`)
  await page.getByRole('combobox', { name: 'Row limit' }).selectOption('none')
  const times = []
  for (let i = 0; i < RUNS; i++) {
    const { paintedAt, responseEnd } = await runQuery(
      page,
      `select g as id, md5(g::text) as hash, g % 7 = 0 as lucky, now() as at from generate_series(1, 100000) g -- run ${i}`,
      100000,
    )
    if (responseEnd !== null) times.push(paintedAt - responseEnd)
  }
  await context.close()
  return { medianMs: Math.round(median(times)), runsMs: times.map(Math.round), goalMs: 500 }
}

/** CSV export of a 300,000-row result: from the menu click to the browser's download. */
async function csvExportOf300k(browser) {
  const { context, page, ref } = await signedInPage(browser)
  await page.goto(`${BASE}/project/${ref}/sql/new`)
  await page.getByRole('combobox', { name: 'Row limit' }).selectOption('none')
  await runQuery(
    page,
    `select g as id, 'customer ' || g as name, md5(g::text) as hash, json_build_object('n', g) as doc from generate_series(1, 300000) g`,
    300000,
  )
  const times = []
  let bytes = 0
  for (let i = 0; i < Math.min(RUNS, 3); i++) {
    const downloading = page.waitForEvent('download', { timeout: 120_000 })
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const started = Date.now()
    await page.getByRole('menuitem', { name: 'Download CSV' }).click()
    const download = await downloading
    times.push(Date.now() - started)
    const { statSync } = await import('node:fs')
    bytes = statSync(await download.path()).size
    await page.getByRole('progressbar', { name: 'Export progress' }).waitFor({ state: 'detached' })
  }
  await context.close()
  return { medianMs: Math.round(median(times)), runsMs: times, fileBytes: bytes, goalMs: 10_000 }
}

/**
 * A node script's figures (its last line of output, JSON): serve-load.ts (`npm run serve` with 50 people
 * at once) and serve-chaos.ts (two replicas behind nginx, one killed and restarted under 100 people),
 * each on a schema and databases of its own on DATABASE_URL's PostgreSQL.
 */
function scriptFigures(script) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.on('close', (code) => {
      const last = out.trim().split('\n').at(-1) ?? ''
      try {
        resolve(JSON.parse(last))
      } catch {
        resolve({ failed: `exit ${code}: ${out.slice(-300)}` })
      }
    })
  })
}

// One area's figures only: BENCH_ONLY=table-editor npm run bench (or organizations, query-performance, schema-diagram, sql-editor, query-path, logs, storage, auth-users, serve-load, serve-chaos).
const only = process.env.BENCH_ONLY ?? null
const server = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort'], { stdio: 'ignore', detached: true })
try {
  await waitForServer()
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
  const figures = { date: new Date().toISOString() }
  if (only === null || only === 'table-editor') figures.tableEditor = await tableEditorFigures(browser, { signedInPage, base: BASE, runs: RUNS })
  if (only === null || only === 'query-performance') figures.queryPerformance = await queryPerformanceFigures(browser, { base: BASE, runs: RUNS })
  if (only === null || only === 'organizations') {
    Object.assign(figures, { bundle: routeSizes(), navigationToOrganizationsPainted: await organizationsPaint(browser) })
  }
  if (only === null || only === 'sql-editor') {
    figures.sqlEditor = {
      routeGzipBytes: routeSizes().routeGzipBytes['sql-editor/SqlEditorPage.tsx'] ?? null,
      monaco: monacoSizes(),
      navigationToEditableEditor: await sqlEditorReady(browser),
      hundredThousandRowsArrivedToPainted: await hundredThousandRowsPainted(browser),
      csvExport300kRows: await csvExportOf300k(browser),
    }
  }
  if (only === null || only === 'schema-diagram') figures.schemaDiagram = await schemaDiagramFigures(browser, { base: BASE, runs: RUNS })
  if (only === null || only === 'query-path') figures.queryPath = await queryPathFigures(browser, { signedInPage, base: BASE, runs: RUNS })
  if (only === null || only === 'logs') figures.logs = await logsFigures(browser, { signedInPage, base: BASE, runs: RUNS })
  if (only === null || only === 'storage') figures.storage = await storageFigures(browser, { signedInPage, base: BASE, runs: RUNS })
  if (only === null || only === 'auth-users') figures.authUsers = await authUsersFigures(browser, { signedInPage, base: BASE, runs: RUNS })
  if (only === null || only === 'serve-load') figures.serveLoad = await scriptFigures('e2e/bench/serve-load.ts')
  if (only === null || only === 'serve-chaos') figures.serveChaos = await scriptFigures('e2e/bench/serve-chaos.ts')
  await browser.close()
  figures.goals = goalRows(figures)
  // The table for the reader (stderr); the JSON stays the last thing on stdout.
  console.error(goalTable(figures.goals))
  console.log(JSON.stringify(figures, null, 2))
} finally {
  process.kill(-server.pid)
}
