import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const fromRepository = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url))

/**
 * The Vite build of one of the bench's own pages (e2e/bench/<name>), into dist/bench-<name>, served beside
 * the app by the bench's preview server. `react`: the page is React; `appStyles`: the app's stylesheet
 * comes along (Panda's PostCSS plugin, from the repository's config), so what it draws looks as in the app.
 */
export function benchPageConfig(name, { react: isReact = true, appStyles = false } = {}) {
  return defineConfig({
    root: fromRepository(`e2e/bench/${name}`),
    base: `/bench-${name}/`,
    plugins: isReact ? [react()] : [],
    worker: { format: 'es' },
    ...(appStyles ? { resolve: { alias: { 'styled-system': fromRepository('styled-system') } }, css: { postcss: fromRepository('') } } : {}),
    build: { outDir: fromRepository(`dist/bench-${name}`), emptyOutDir: true },
  })
}
