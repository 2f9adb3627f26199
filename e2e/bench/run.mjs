// npm run bench: serves the production build and prints measured figures as JSON.
// Figures, not pass/fail. Run on an otherwise idle machine; runs vary by ±25 % on a busy one.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'

const PORT = 4174
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
  return { entryGzipBytes: entry, routeGzipBytes: routes }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/sign-in`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('preview server did not start')
}

async function organizationsPaint(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.goto(`${BASE}/sign-in`)
  await page.getByLabel('Email').fill('demo@example.com')
  await page.getByLabel('Password').fill('studio-demo-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('list', { name: 'Organizations' }).waitFor()
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

const server = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort'], { stdio: 'ignore', detached: true })
try {
  await waitForServer()
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
  const figures = {
    date: new Date().toISOString(),
    bundle: routeSizes(),
    navigationToOrganizationsPainted: await organizationsPaint(browser),
  }
  await browser.close()
  console.log(JSON.stringify(figures, null, 2))
} finally {
  process.kill(-server.pid)
}
