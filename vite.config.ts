import { configDefaults, defineConfig } from 'vitest/config'
import type { Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { availableParallelism } from 'node:os'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CUSTOM_CONTENT_SETTING } from './src/constants/custom-content'
import { CUSTOM_CONTENT_ENV, parseCustomContent } from './src/lib/custom-content'
import { MONACO_LEFT_OUT } from './src/features/sql-editor/monaco-left-out/aliases'
import { monacoChunksPlugin } from './src/features/sql-editor/monaco-chunks-plugin'
import { FileTimesReporter } from './src/test/file-times-vitest-reporter'
import { isolatedComponentTests } from './src/test/isolated-component-tests'
import { IMMUTABLE_CACHE } from './mock-platform/serve/static-files'

/**
 * SPEC §3 custom content: the JSON file named by STUDIO_CUSTOM_CONTENT, checked now so a wrong key
 * stops the dev server or the build with a message naming it, rather than a screen at run time.
 */
function checkCustomContent(): void {
  const path = process.env[CUSTOM_CONTENT_SETTING]?.trim()
  if (!path) return
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(resolve(path), 'utf8'))
  } catch (error) {
    throw new Error(`${CUSTOM_CONTENT_SETTING}=${path}: not a readable JSON file (${error instanceof Error ? error.message : String(error)})`)
  }
  const result = parseCustomContent(raw)
  if (!result.ok) throw new Error(`${CUSTOM_CONTENT_SETTING}=${path}: ${result.message}`)
  // A VITE_ variable of the process reaches `import.meta.env` (src/lib/settings.ts reads it there).
  process.env[CUSTOM_CONTENT_ENV] = JSON.stringify(result.content)
}
checkCustomContent()

/**
 * Tests that assert what the whole PostgreSQL server (DATABASE_URL) holds, its databases and roles:
 * other files make theirs on the same server, so these run when nothing else does.
 */
const CLUSTER_WIDE_TESTS = ['mock-platform/serve/self-hosted-server.test.ts']
const ISOLATED_DOM_TESTS = isolatedComponentTests('src')

/**
 * `vite preview` asks the server again for every file on every load (no-cache): ~130 modules a page,
 * 304s six at a time. Files under assets/ are named by content hash, so the preview keeps them a year
 * as `npm run serve` does (static-files.ts), and a reload takes them from the browser's cache.
 */
const hashedAssetsKept: Plugin = {
  name: 'studio:hashed-assets-kept',
  configurePreviewServer(server) {
    const assets = `${server.config.base.replace(/\/$/, '')}/assets/`
    server.middlewares.use((request, response, next) => {
      if (request.url?.startsWith(assets)) response.setHeader('Cache-Control', IMMUTABLE_CACHE)
      next()
    })
  },
}

export default defineConfig({
  plugins: [react(), hashedAssetsKept, monacoChunksPlugin()],
  resolve: {
    alias: [
      { find: 'styled-system', replacement: fileURLToPath(new URL('./styled-system', import.meta.url)) },
      // msw's cookie jar asks tldts for registrable domains; the mock needs no public suffix list (~100 KB gzip).
      { find: /^tldts$/, replacement: fileURLToPath(new URL('./mock-platform/auth/registrable-domain.ts', import.meta.url)) },
      // Monaco's parts that no editor uses, each replaced by a stand-in (src/features/sql-editor/monaco-left-out).
      ...MONACO_LEFT_OUT.map(({ specifier, standIn }) => ({ find: specifier, replacement: fileURLToPath(new URL(`./src/features/sql-editor/monaco-left-out/${standIn}`, import.meta.url)) })),
    ],
  },
  // PGlite ships its own wasm and data files; pre-bundling would lose them. The database worker's
  // own dependencies are not found by the dev server's start-up scan (it enters through `new
  // Worker`): named here, or the first query in a fresh checkout makes Vite optimize them and
  // reload the page under the user.
  optimizeDeps: { exclude: ['@electric-sql/pglite'], include: ['nanotar'] },
  worker: { format: 'es' },
  server: { port: 5173 },
  preview: { port: 4173 },
  build: { target: 'es2022', manifest: true, sourcemap: false },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // The node files share each worker's modules: importing them anew for every file was most of
          // this project's time (vitest's import phase 70 → 9 s). Each file makes its own databases and
          // platforms, so nothing carries over: the files pass shuffled (--sequence.shuffle.files).
          // The dom files stay isolated: they share jsdom and React's globals, and fail shuffled.
          isolate: false,
          include: ['src/lib/**/*.test.ts', 'src/test/**/*.test.ts', 'src/api/**/*.test.ts', 'src/features/**/*.test.ts', 'machines/**/*.test.ts', 'mock-platform/**/*.test.ts', 'fixtures/**/*.test.ts'],
          exclude: [...CLUSTER_WIDE_TESTS, ...configDefaults.exclude],
        },
      },
      {
        extends: true,
        test: {
          name: 'node, alone',
          environment: 'node',
          include: CLUSTER_WIDE_TESTS,
          // After every other project: nothing else makes databases or roles on the server meanwhile.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          exclude: [...ISOLATED_DOM_TESTS, ...configDefaults.exclude],
          setupFiles: ['src/test/setup-dom.ts'],
          // Like the node files, the component files share each worker's modules (import and set-up
          // were most of their time); each renders and cleans up its own tree.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom, isolated',
          environment: 'jsdom',
          include: ISOLATED_DOM_TESTS,
          setupFiles: ['src/test/setup-dom.ts'],
        },
      },
    ],
    // The default report, then each file's time (slowest first) so a file that grows slow is seen.
    reporters: ['default', new FileTimesReporter()],
    testTimeout: 20_000,
    // A set-up that starts a database (PGlite.create) gets the time a test gets: on the busy 2-core
    // machine one took more than the default 10 s.
    hookTimeout: 20_000,
    // Worker threads start faster than forked processes (measured: 2 min 31 s → 2 min 21 s), and
    // one per core: vitest's default (cores − 1) ran one at a time on a 2-core machine (→ 1 min 16 s).
    pool: 'threads',
    maxWorkers: availableParallelism(),
  },
})
