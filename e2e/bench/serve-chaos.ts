/**
 * Two replicas of `npm run serve` behind Debian's nginx (issue 54): deploy/nginx.conf with only its
 * ports moved, the replicas on one records schema and one secret, 100 people for 60 s, each from an
 * address of their own (X-Forwarded-For, believed from nginx only: STUDIO_TRUSTED_PROXIES) running SQL
 * and saving snippets. One replica is killed (SIGKILL) at 20 s and started again at 35 s.
 *
 * Prints: acknowledged saves lost (answered 2xx, not in PostgreSQL, or not read back on both
 * replicas), requests failed and when, the longest gap (the longest any person waited between two
 * answers; the longest nobody was answered), p50/p95 before, during and after the switch.
 * Run by run.mjs (BENCH_ONLY=serve-chaos); alone, after `npm run build`:
 * `DATABASE_URL=… npx tsx e2e/bench/serve-chaos.ts`. Needs nginx: installed with apt-get when missing
 * and this is root; otherwise skipped, saying why.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createPlatformFixtures } from '../../fixtures/platform'
import { closedPort } from '../../mock-platform/postgres/refused-connection'
import { DEMO_CREDENTIALS, ORGANIZATION_ROLE, PG_META_HEADERS } from '../../src/constants'

const USERS = Number(process.env.CHAOS_USERS ?? 100)
const SECONDS = Number(process.env.CHAOS_SECONDS ?? 60)
const KILL_AT_MS = Number(process.env.CHAOS_KILL_AT_S ?? 20) * 1000
const RESTART_AT_MS = Number(process.env.CHAOS_RESTART_AT_S ?? 35) * 1000
/** A person's pause between two rounds (a person reads what came back). */
const THINK_MS = Number(process.env.CHAOS_THINK_MS ?? 200)
const databaseUrl = process.env.DATABASE_URL

function percentile(sorted: number[], p: number) {
  return sorted.length === 0 ? null : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10
}

function nginxPath(): string | null {
  for (const path of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(path)) return path
  // The bench's own set-up: Debian's nginx, when this may install it.
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    try {
      execFileSync('/usr/bin/apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    } catch {
      execFileSync('/usr/bin/apt-get', ['update', '-qq'], { stdio: 'ignore' })
      execFileSync('/usr/bin/apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    }
    if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx'
  }
  return null
}

async function waitUntilHealthy(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the replica at ${url} exited (${child.exitCode}) before it was ready`)
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the replica at ${url} was not ready in ${timeoutMs} ms`)
}

interface Sample {
  person: number
  kind: 'sql' | 'save' | 'sign-in'
  startedAt: number
  ms: number
  ok: boolean
  failure?: string
}

async function main() {
  if (!databaseUrl) return { skipped: 'DATABASE_URL is not set: the chaos run needs a PostgreSQL server (bash .ci/run starts one)' }
  const nginx = nginxPath()
  if (!nginx) return { skipped: 'nginx is not installed (apt-get install nginx) and this is not root to install it' }

  const schema = `studio_chaos_${process.pid}`
  const databasePrefix = `studio_chaos_${process.pid}_`
  const work = await mkdtemp(join(tmpdir(), 'studio-chaos-'))
  const secret = crypto.randomUUID() + crypto.randomUUID()
  const [balancerPort, portA, portB] = [await closedPort(), await closedPort(), await closedPort()]
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  const children = new Set<ChildProcess>()
  const logs = new Map<string, string>()

  const startReplica = (name: string, port: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/bench/serve-replica.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        STUDIO_DATA_DIR: join(work, `data-${name}`),
        STUDIO_SECRET: secret,
        STUDIO_TRUSTED_PROXIES: '127.0.0.1',
        CHAOS_PLATFORM_SCHEMA: schema,
        CHAOS_DATABASE_PREFIX: databasePrefix,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const keep = (chunk: Buffer) => logs.set(name, ((logs.get(name) ?? '') + chunk.toString()).slice(-4000))
    child.stdout!.on('data', keep)
    child.stderr!.on('data', keep)
    children.add(child)
    child.on('exit', () => children.delete(child))
    return child
  }

  try {
    // One after the other the first time: the second finds the schema migrated.
    let replicaA = startReplica('a', portA)
    await waitUntilHealthy(`http://127.0.0.1:${portA}`, replicaA)
    const replicaB = startReplica('b', portB)
    await waitUntilHealthy(`http://127.0.0.1:${portB}`, replicaB)

    // The documented configuration, its ports moved to free ones.
    const documented = await readFile('deploy/nginx.conf', 'utf8')
    const config = documented.replace('127.0.0.1:8080', `127.0.0.1:${balancerPort}`).replace('127.0.0.1:8081', `127.0.0.1:${portA}`).replace('127.0.0.1:8082', `127.0.0.1:${portB}`)
    await writeFile(join(work, 'nginx.conf'), config)
    const balancer = spawn(nginx, ['-e', 'stderr', '-p', `${work}/`, '-c', join(work, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] })
    let balancerLog = ''
    balancer.stderr!.on('data', (chunk: Buffer) => (balancerLog += chunk.toString()))
    children.add(balancer)
    const base = `http://127.0.0.1:${balancerPort}`
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(`${base}/api/health`)).status === 200) break
      } catch {
        // nginx is starting.
      }
      if (tries > 100) throw new Error(`nginx did not answer: ${balancerLog}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }

    const ref = createPlatformFixtures().projects.find((p) => p.organization_slug === 'acme-corp' && p.status === 'ACTIVE_HEALTHY')!.ref
    const call = async (origin: string, path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers }
      if (init.token) headers.authorization = `Bearer ${init.token}`
      const answer = await fetch(`${origin}/api${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) })
      const text = await answer.text()
      let body: unknown = null
      try {
        body = text ? JSON.parse(text) : null
      } catch {
        body = text
      }
      return { status: answer.status, body }
    }
    const first = await call(base, '/auth/v1/token?grant_type=password', { method: 'POST', body: DEMO_CREDENTIALS })
    const firstToken = (first.body as { access_token: string }).access_token
    const connection = ((await call(base, `/platform/projects/${ref}`, { token: firstToken })).body as { connectionString: string }).connectionString

    // The team: one account each, joined to the project's organization by invitation (a person's
    // sessions are capped per account, SESSIONS_PER_USER_LIMIT: 100 people on one account would end
    // each other's). Made before the clock starts, a few at a time.
    const slug = 'acme-corp'
    const password = 'amber-Kettle-52-orchard!violin'
    const addressOf = (n: number) => ({ 'x-forwarded-for': `10.54.${n >> 8}.${(n & 255) + 1}` })
    const emailOf = (n: number) => `chaos-${process.pid}-${n}@example.com`
    const tokens: string[] = []
    const joinTeam = async (n: number) => {
      const from = addressOf(n)
      const signedUp = await call(base, '/auth/v1/signup', { method: 'POST', body: { email: emailOf(n), password }, headers: from })
      if (signedUp.status !== 200) throw new Error(`signing up person ${n} answered ${signedUp.status}: ${JSON.stringify(signedUp.body)}`)
      const token = (signedUp.body as { access_token: string }).access_token
      await call(base, '/platform/profile', { method: 'POST', token, headers: from })
      const invited = await call(base, `/platform/organizations/${slug}/members/invitations`, { method: 'POST', token: firstToken, body: { email: emailOf(n), role_id: ORGANIZATION_ROLE.developer } })
      const invitation = new URL((invited.body as { join_link: string }).join_link).searchParams.get('token')!
      const joined = await call(base, `/platform/organizations/${slug}/members/invitations/${invitation}`, { method: 'POST', token, headers: from })
      if (joined.status >= 300) throw new Error(`person ${n} joining answered ${joined.status}: ${JSON.stringify(joined.body)}`)
      tokens[n] = token
    }
    for (let n = 0; n < USERS; n += 10) await Promise.all(Array.from({ length: Math.min(10, USERS - n) }, (_, i) => joinTeam(n + i)))

    const samples: Sample[] = []
    /** Each acknowledged save's id and who saved it (a snippet is its author's until shared). */
    const saved = new Map<string, number>()
    const started = Date.now()
    const until = started + SECONDS * 1000
    const events: Record<string, number> = {}
    /** What the first failure of each kind said, to tell a refused request from a broken one. */
    const firstFailures = new Map<string, string>()
    const timed = async (person: number, kind: Sample['kind'], run: () => Promise<{ status: number; body: unknown }>) => {
      const at = Date.now()
      try {
        const answer = await run()
        const ok = answer.status >= 200 && answer.status < 300
        samples.push({ person, kind, startedAt: at - started, ms: Date.now() - at, ok, failure: ok ? undefined : `${kind} ${answer.status}` })
        if (!ok && !firstFailures.has(`${kind} ${answer.status}`)) firstFailures.set(`${kind} ${answer.status}`, JSON.stringify(answer.body).slice(0, 200))
        return answer
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message
        samples.push({ person, kind, startedAt: at - started, ms: Date.now() - at, ok: false, failure: `${kind} ${code}` })
        return null
      }
    }

    async function person(n: number) {
      const from = addressOf(n)
      let token: string | null = tokens[n]!
      for (let round = 0; Date.now() < until; round++) {
        if (!token) {
          const session = await timed(n, 'sign-in', () => call(base, '/auth/v1/token?grant_type=password', { method: 'POST', body: { email: emailOf(n), password }, headers: from }))
          token = (session?.body as { access_token?: string } | null)?.access_token ?? null
          if (!token) {
            await new Promise((resolve) => setTimeout(resolve, 500))
            continue
          }
        }
        const query = `select count(*)::int as n, ${n} as person, ${round} as round from public.customers`
        const sql = await timed(n, 'sql', () => call(base, `/platform/pg-meta/${ref}/query`, { method: 'POST', token: token!, headers: { ...from, [PG_META_HEADERS.connection]: connection }, body: { query } }))
        const id = crypto.randomUUID()
        const save = await timed(n, 'save', () => call(base, `/platform/projects/${ref}/content`, { method: 'PUT', token: token!, headers: from, body: { id, name: `Chaos ${n}.${round}`, type: 'sql', content: { sql: `select ${n}, ${round}` } } }))
        if (save && save.status >= 200 && save.status < 300) saved.set(id, n)
        // Signed out (a session the server no longer knows): sign in again, as the page would.
        if (sql?.status === 401 || save?.status === 401) token = null
        tokens[n] = token ?? tokens[n]!
        await new Promise((resolve) => setTimeout(resolve, THINK_MS))
      }
    }

    const chaos = (async () => {
      await new Promise((resolve) => setTimeout(resolve, KILL_AT_MS))
      replicaA.kill('SIGKILL')
      events.killedAtMs = Date.now() - started
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + RESTART_AT_MS - Date.now())))
      events.restartedAtMs = Date.now() - started
      replicaA = startReplica('a', portA)
      await waitUntilHealthy(`http://127.0.0.1:${portA}`, replicaA)
      events.readyAgainAtMs = Date.now() - started
    })()
    await Promise.all([...Array.from({ length: USERS }, (_, n) => person(n)), chaos])
    const elapsedMs = Date.now() - started

    // Lost: answered as saved, but not in PostgreSQL, or not read back from either replica.
    const stored = await admin.query<{ key: string }>(`select key from "${schema}".snippets where key = any($1)`, [[...saved.keys()]])
    const inStore = new Set(stored.rows.map((row) => row.key))
    const missingInStore = [...saved.keys()].filter((id) => !inStore.has(id)).length
    const sample = [...saved].filter((_, i) => i % 50 === 0)
    let readBackMissing = 0
    for (const origin of [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`]) {
      for (const [id, n] of sample) if ((await call(origin, `/platform/projects/${ref}/content/item/${id}`, { token: tokens[n]! })).status !== 200) readBackMissing++
    }

    const phase = (from: number, to: number) => {
      // By when a request ended: one in flight on the replica killed fails at the kill.
      const inPhase = samples.filter((s) => s.startedAt + s.ms >= from && s.startedAt + s.ms < to && s.kind !== 'sign-in')
      const answeredMs = (kind: Sample['kind']) => inPhase.filter((s) => s.ok && s.kind === kind).map((s) => s.ms).sort((a, b) => a - b)
      const [sql, save] = [answeredMs('sql'), answeredMs('save')]
      return {
        requests: inPhase.length,
        failed: inPhase.filter((s) => !s.ok).length,
        sqlMs: { p50: percentile(sql, 50), p95: percentile(sql, 95) },
        saveMs: { p50: percentile(save, 50), p95: percentile(save, 95) },
      }
    }
    // The switch: from the kill until the restarted replica has answered for 5 s.
    const switchEnd = (events.readyAgainAtMs ?? RESTART_AT_MS) + 5000
    const failures = samples.filter((s) => !s.ok)
    const failureKinds = new Map<string, number>()
    for (const failure of failures) failureKinds.set(failure.failure!, (failureKinds.get(failure.failure!) ?? 0) + 1)
    // Longest a person waited between two answers (a failed request is not an answer).
    let longestPersonGapMs = 0
    for (let n = 0; n < USERS; n++) {
      let last = 0
      for (const s of samples.filter((x) => x.person === n && x.ok).sort((a, b) => a.startedAt + a.ms - (b.startedAt + b.ms))) {
        longestPersonGapMs = Math.max(longestPersonGapMs, s.startedAt + s.ms - last)
        last = s.startedAt + s.ms
      }
    }
    const answeredAt = samples.filter((s) => s.ok).map((s) => s.startedAt + s.ms).sort((a, b) => a - b)
    let longestSilenceMs = 0
    for (let i = 1; i < answeredAt.length; i++) longestSilenceMs = Math.max(longestSilenceMs, answeredAt[i]! - answeredAt[i - 1]!)
    return {
      users: USERS,
      seconds: Math.round(elapsedMs / 100) / 10,
      ...events,
      requests: samples.length,
      acknowledgedSaves: saved.size,
      acknowledgedLost: missingInStore,
      readBackSampled: sample.length * 2,
      readBackMissing,
      failed: failures.length,
      failedDuringSwitch: failures.filter((s) => s.startedAt + s.ms >= KILL_AT_MS && s.startedAt + s.ms < switchEnd).length,
      failureKinds: Object.fromEntries(failureKinds),
      firstFailures: Object.fromEntries(firstFailures),
      longestPersonGapMs,
      longestSilenceMs,
      before: phase(0, KILL_AT_MS),
      during: phase(KILL_AT_MS, switchEnd),
      after: phase(switchEnd, Infinity),
      goal: { acknowledgedLost: 0, readBackMissing: 0 },
    }
  } catch (error) {
    return { failed: (error as Error).message, replicaLogs: Object.fromEntries(logs) }
  } finally {
    for (const child of children) child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 1000))
    for (const child of children) child.kill('SIGKILL')
    await admin.query(`drop schema if exists "${schema}" cascade`)
    const databases = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${databasePrefix}%`])
    for (const { datname } of databases.rows) await admin.query(`drop database if exists "${datname}" with (force)`)
    await admin.end()
    await rm(work, { recursive: true, force: true })
  }
}

console.log(JSON.stringify(await main()))
