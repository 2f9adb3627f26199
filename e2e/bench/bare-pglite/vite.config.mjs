import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// Builds the bare PGlite page into dist/bench-bare-pglite, served beside the app by the bench's preview server:
// the baseline a project database's start is measured against, in the same browser and run.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/bench-bare-pglite/',
  worker: { format: 'es' },
  build: { outDir: fileURLToPath(new URL('../../../dist/bench-bare-pglite', import.meta.url)), emptyOutDir: true },
})
