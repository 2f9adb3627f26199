import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// Builds the schema diagram's page into dist/bench-diagram, served beside the app by the bench's preview server.
// The app's stylesheet comes along (Panda's PostCSS plugin, from the repository's config), so the diagram looks as in the app.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/bench-diagram/',
  plugins: [react()],
  resolve: { alias: { 'styled-system': fileURLToPath(new URL('../../../styled-system', import.meta.url)) } },
  css: { postcss: fileURLToPath(new URL('../../..', import.meta.url)) },
  build: { outDir: fileURLToPath(new URL('../../../dist/bench-diagram', import.meta.url)), emptyOutDir: true },
})
