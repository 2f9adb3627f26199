/**
 * `npm run serve` under load (issue 28): 50 people signed in at once, each running SQL on the team's
 * project and saving snippets for 60 s, against a server of its own on loopback (a fresh records
 * schema and database prefix on DATABASE_URL's server, dropped after). Prints errors, snippets lost
 * (saved with a 2xx but not in the store, or not listed after) and latency percentiles as JSON. The
 * people run in a worker thread (serve-load-people.mjs), the server alone in this thread's event loop.
 * Run by run.mjs (BENCH_ONLY=serve-load); alone, after `npm run build`: `DATABASE_URL=… npx tsx e2e/bench/serve-load.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import pg from 'pg'
import { createPlatformFixtures } from '../../fixtures/platform'
import { DEFAULT_DIST_DIR } from '../../mock-platform/serve/config'
import { startStudioServer } from '../../mock-platform/serve/server'
import { DEMO_CREDENTIALS, PG_META_HEADERS } from '../../src/constants'
import { call as callServer, type CallInit, type runPeople } from './serve-load-people.mjs'

const USERS = Number(process.env.LOAD_USERS ?? 50)
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60)
const databaseUrl = process.env.DATABASE_URL

function percentile(sorted: number[], p: number) {
  return sorted.length === 0 ? null : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10
}

async function main() {
  if (!databaseUrl) return { skipped: 'DATABASE_URL is not set: the load test needs a PostgreSQL server (bash .ci/run starts one)' }
  const schema = `studio_load_${process.pid}`
  const databasePrefix = `studio_load_${process.pid}_`
  const dataDir = await mkdtemp(join(tmpdir(), 'studio-load-'))
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  const server = await startStudioServer({
    config: { mode: 'platform', databaseUrl, host: '127.0.0.1', port: 0, dataDir, distDir: DEFAULT_DIST_DIR, secret: null, allowedOrigin: null, disabledFeatures: [] },
    platformSchema: schema,
    databasePrefix,
    // Fifty people sign in from one address here: the per-address flood limit is for the open internet.
    signInLimit: { attempts: USERS * 2, windowMs: 60_000 },
  })
  const ref = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!.ref
  try {
    const call = (path: string, init: CallInit = {}) => callServer(server.url, path, init)
    const signIn = await call('/auth/v1/token?grant_type=password', { method: 'POST', body: DEMO_CREDENTIALS })
    const project = await call(`/platform/projects/${ref}`, { token: (signIn.body as { access_token: string }).access_token })
    const connection = (project.body as { connectionString: string }).connectionString
    const until = Date.now() + SECONDS * 1000

    // The people in a thread of their own (serve-load-people.mjs), the server alone in this one's event loop.
    const started = Date.now()
    const people = new Worker(new URL('./serve-load-people.mjs', import.meta.url), {
      workerData: { people: { url: server.url, ref, connection, connectionHeader: PG_META_HEADERS.connection, credentials: DEMO_CREDENTIALS, users: USERS, until } },
    })
    const { latencies, errors, saved: savedIds } = await new Promise<Awaited<ReturnType<typeof runPeople>>>((resolve, reject) => {
      people.once('message', resolve)
      people.once('error', reject)
    })
    await people.terminate()
    const elapsedMs = Date.now() - started
    const saved = new Set(savedIds)

    // Lost: answered as saved but not in the store, or not read back through the API.
    const stored = await admin.query<{ key: string }>(`select key from "${schema}".snippets where key = any($1)`, [[...saved]])
    const inStore = new Set(stored.rows.map((row) => row.key))
    const missingInStore = [...saved].filter((id) => !inStore.has(id)).length
    let missingInApi = 0
    const sample = [...saved].filter((_, i) => i % 25 === 0)
    // A session of its own: the first one ended as the people signed in (50 sessions a user, SESSIONS_PER_USER_LIMIT).
    const reader = (await call('/auth/v1/token?grant_type=password', { method: 'POST', body: DEMO_CREDENTIALS })).body as { access_token: string }
    for (const id of sample) {
      const read = await call(`/platform/projects/${ref}/content/item/${id}`, { token: reader.access_token })
      if (read.status !== 200) missingInApi++
    }
    const sortedSql = [...latencies.sql].sort((a, b) => a - b)
    const sortedSave = [...latencies.save].sort((a, b) => a - b)
    return {
      users: USERS,
      seconds: Math.round(elapsedMs / 100) / 10,
      requests: latencies.sql.length + latencies.save.length,
      errors: errors.length,
      errorKinds: [...new Set(errors)],
      snippetsSaved: saved.size,
      snippetsLost: missingInStore,
      readBackSampled: sample.length,
      readBackMissing: missingInApi,
      sqlMs: { p50: percentile(sortedSql, 50), p95: percentile(sortedSql, 95), max: percentile(sortedSql, 100) },
      saveMs: { p50: percentile(sortedSave, 50), p95: percentile(sortedSave, 95), max: percentile(sortedSave, 100) },
      goal: { errors: 0, snippetsLost: 0 },
    }
  } finally {
    await server.close()
    await admin.query(`drop schema if exists "${schema}" cascade`)
    const databases = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${databasePrefix}%`])
    for (const { datname } of databases.rows) await admin.query(`drop database if exists "${datname}" with (force)`)
    await admin.end()
    await rm(dataDir, { recursive: true, force: true })
  }
}

console.log(JSON.stringify(await main()))
