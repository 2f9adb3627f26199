/** The served index.html: the build's, with the run-time config that tells it its platform is this server. */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runtimeConfigScript, type RuntimeConfig } from '../../src/lib/runtime-config'

/** The API answers under this path of the same origin (the dashboard's default API base too). */
export const SERVED_API_BASE = '/api'

/** The page with the config put before `</head>`; a page without a head is refused (not a dashboard build). */
export function withRuntimeConfig(html: string, config: RuntimeConfig): string {
  const at = html.search(/<\/head>/i)
  if (at === -1) throw new Error('index.html has no </head>: is this a build of the dashboard?')
  return `${html.slice(0, at)}${runtimeConfigScript(config)}\n${html.slice(at)}`
}

/** Reads dist/index.html once at start; without it there is nothing to serve. `selfHosted`: the page is told it serves a self-hosted instance. */
export async function readServedIndex(distDir: string, selfHosted?: RuntimeConfig['selfHosted']): Promise<string> {
  let html: string
  try {
    html = await readFile(join(distDir, 'index.html'), 'utf8')
  } catch {
    const build = selfHosted ? 'npm run build:self-hosted (or npm run build:all)' : 'npm run build'
    throw new Error(`No built dashboard at ${distDir} (index.html missing): run ${build} first.`)
  }
  return withRuntimeConfig(html, { platform: 'remote', apiBase: SERVED_API_BASE, ...(selfHosted ? { selfHosted } : {}) })
}
