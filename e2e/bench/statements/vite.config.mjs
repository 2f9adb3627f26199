import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// Builds the statements page into dist/bench-statements, served beside the app by the bench's preview server.
// The app's stylesheet comes along (Panda's PostCSS plugin, from the repository's config), so the list looks as in the app.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/bench-statements/',
  plugins: [react()],
  resolve: { alias: { 'styled-system': fileURLToPath(new URL('../../../styled-system', import.meta.url)) } },
  css: { postcss: fileURLToPath(new URL('../../..', import.meta.url)) },
  build: { outDir: fileURLToPath(new URL('../../../dist/bench-statements', import.meta.url)), emptyOutDir: true },
})
