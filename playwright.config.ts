import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'

// Each port can be moved (E2E_PORT_OFFSET, e.g. 100) so two checkouts can run their browser tests side by side.
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0)
const PORT = 4173 + OFFSET
/** The self-hosted build (`npm run build:self-hosted`) is served beside the platform one. */
const SELF_HOSTED_PORT = 4174 + OFFSET
/** The development servers (`npm run dev`, `npm run dev:self-hosted`): the README's first command is tested too. */
const DEV_PORT = 5183 + OFFSET
const DEV_SELF_HOSTED_PORT = 5184 + OFFSET
/** `npm run serve` (the build and its own platform on DATABASE_URL's server): only with a PostgreSQL server. */
const SERVE_PORT = 8080 + OFFSET
const serveDatabaseUrl = process.env.DATABASE_URL
/**
 * `E2E_TARGET=dev` runs every spec against the development servers instead of the production
 * builds (no build needed: quick while working on a screen). `npm test` runs the builds, plus the
 * dev ring (`e2e/dev/`) on the development servers.
 */
const onDevServers = process.env.E2E_TARGET === 'dev'
const platformURL = `http://localhost:${onDevServers ? DEV_PORT : PORT}`
const selfHostedURL = `http://localhost:${onDevServers ? DEV_SELF_HOSTED_PORT : SELF_HOSTED_PORT}`
/**
 * Playwright's own browser download cannot work here: the system's Chromium. Debian's
 * `chromium-headless-shell` first (what Playwright itself runs headless): the same engine without
 * the browser's shell, measured on 24 of these tests: 259 → 213 s of browser time (−18 %).
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell'
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : '/usr/bin/chromium')

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * Tests only (the bench keeps V8's defaults): PGlite's wasm runs on V8's baseline compiler alone.
 * Every page load starts a new database worker, and V8 would tier its wasm up again each time
 * (TurboFan: ≈ 0.5 s of CPU a start, a browser context has no code cache). The same semantics, less
 * work: measured over the whole suite, Chromium's renderer CPU 566 → 477 s and 8.7 → 7.9 min.
 */
const TEST_ONLY_ARGS = ['--js-flags=--liftoff-only']

const server = (command: string, url: string) => ({ command, url, reuseExistingServer: !process.env.CI, timeout: 60_000 })

export default defineConfig({
  testDir: 'e2e',
  testIgnore: ['bench/**'],
  // Every test has a world of its own (a new browser context, or the worker's kept one reset for it:
  // e2e/kept-world.ts), so any can run side by side. Measured in CI on the machines of November: one browser 12.0 min, two 8.3 min
  // (9.3 min once wave 2 landed), three 8.5 min. On 2026-11-27 the machine was ≈ 2.5× slower (node's
  // PGlite writes the million-row fixture's rows in 7.5 s, not 3.0) and with three browsers its two
  // cores were busy all the time (vmstat: no idle, 10–24 runnable): every test that starts a database
  // failed its 20 s wait. Two browsers gave each test more of the CPU for the same total.
  // Since each worker keeps its browser context and databases (kept-world.ts) and the mock no longer
  // reads the cookies once per handler per request, the two cores idle 13–20 % of a run with two
  // browsers (vmstat, 2026-11-28); with three, 5 %: 505 → 457 s, same machine, same hour.
  fullyParallel: true,
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // Budgets for a slow machine: a passing test takes no longer for them, and what the product must
  // do fast is measured by the bench (npm run bench), not bounded here. A project's first read in a
  // new browser profile waits for its database to start: 5.5–6 s alone on November's machines, twice
  // that with the other browser busy beside it; on 2026-11-27's, more than 20 s with the project
  // home's linter and the assistant's first answer waiting behind it.
  timeout: 150_000,
  expect: { timeout: 45_000 },
  // The list, then each spec file's time (slowest first) so a file that grows slow is seen.
  reporter: [['list'], ['./e2e/file-times-reporter.ts']],
  use: {
    baseURL: platformURL,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath, args: [...CHROMIUM_ARGS, ...TEST_ONLY_ARGS] },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    // The development servers' rings first: their first transforms (the longest tests, mostly
    // waiting) then overlap the other tests instead of running alone at the end.
    { name: 'dev', testMatch: 'dev/platform.spec.ts', use: { baseURL: `http://localhost:${DEV_PORT}` } },
    { name: 'dev-self-hosted', testMatch: 'dev/self-hosted.spec.ts', use: { baseURL: `http://localhost:${DEV_SELF_HOSTED_PORT}` } },
    { name: 'platform', testIgnore: ['bench/**', 'dev/**', 'self-hosted.spec.ts', 'serve.spec.ts', 'serve-self-hosted.spec.ts'] },
    // Without DATABASE_URL its server is not started and the spec skips, saying why.
    { name: 'serve', testMatch: /e2e\/serve\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${SERVE_PORT}` } },
    // STUDIO_MODE=self-hosted: the spec starts its own server on a database of its own (skips without DATABASE_URL).
    { name: 'serve-self-hosted', testMatch: /e2e\/serve-self-hosted\.spec\.ts$/ },
    // A pattern without a slash would match e2e/dev/self-hosted.spec.ts too.
    { name: 'self-hosted', testMatch: /e2e\/self-hosted\.spec\.ts$/, use: { baseURL: selfHostedURL } },
  ],
  webServer: [
    ...(onDevServers
      ? []
      : [
          server(`npx vite preview --port ${PORT} --strictPort`, `http://localhost:${PORT}/sign-in`),
          server(`npx vite preview --port ${SELF_HOSTED_PORT} --strictPort --outDir dist-self-hosted`, `http://localhost:${SELF_HOSTED_PORT}/`),
          ...(serveDatabaseUrl
            ? [server(`PORT=${SERVE_PORT} STUDIO_DATA_DIR=${join(tmpdir(), `studio-serve-e2e-${SERVE_PORT}`)} npm run serve`, `http://127.0.0.1:${SERVE_PORT}/sign-in`)]
            : []),
        ]),
    server(`npx vite --port ${DEV_PORT} --strictPort`, `http://localhost:${DEV_PORT}/sign-in`),
    // With an operator's custom content (README, settings): the self-hosted ring checks it is read.
    server(`STUDIO_CUSTOM_CONTENT=e2e/dev/custom-content.json npx vite --mode self-hosted --port ${DEV_SELF_HOSTED_PORT} --strictPort`, `http://localhost:${DEV_SELF_HOSTED_PORT}/`),
  ],
})
