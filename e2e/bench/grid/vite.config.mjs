import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// Builds the comparison page into dist/bench-grid, served beside the app by the bench's preview server.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/bench-grid/',
  plugins: [react()],
  build: { outDir: fileURLToPath(new URL('../../../dist/bench-grid', import.meta.url)), emptyOutDir: true },
})
