import { defineConfig } from '@playwright/test'

const PORT = 4173
/** The self-hosted build (`npm run build:self-hosted`) is served beside the platform one. */
const SELF_HOSTED_PORT = 4174
// Playwright's own browser download cannot work here: use the system Chromium.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export default defineConfig({
  testDir: 'e2e',
  testIgnore: ['bench/**'],
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'platform', testIgnore: ['bench/**', 'self-hosted.spec.ts'] },
    { name: 'self-hosted', testMatch: 'self-hosted.spec.ts', use: { baseURL: `http://localhost:${SELF_HOSTED_PORT}` } },
  ],
  webServer: [
    {
      command: `npx vite preview --port ${PORT} --strictPort`,
      url: `http://localhost:${PORT}/sign-in`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `npx vite preview --port ${SELF_HOSTED_PORT} --strictPort --outDir dist-self-hosted`,
      url: `http://localhost:${SELF_HOSTED_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
})
