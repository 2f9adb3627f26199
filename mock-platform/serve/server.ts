/**
 * `npm run serve`: one process, one port — the built dashboard and, under /api, the platform API
 * with the embedded mock's own handlers, its project databases and its records (records/) on
 * DATABASE_URL's server. Self-hosted (STUDIO_MODE), the one default project's database is
 * DATABASE_URL's own, used as it is and as its user (server-postgres.ts, createUserDatabaseProvider).
 */
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { answerWithPlatform, writeJson } from './http-bridge'
import { authorizationClaims } from '../handlers/util'
import { createMockPlatform, type MockPlatform } from '../platform'
import { blockedOnServer } from '../net/net-worker'
import { postgresCronLeadership } from '../cron/cron-leadership'
import { PLATFORM_RECORDS_SCHEMA, SELF_HOSTED } from '../../src/constants'
import type { ServeConfig, StudioMode } from './config'
import { readServedIndex, SERVED_API_BASE } from './index-html'
import {
  API_CONTENT_SECURITY_POLICY,
  DEFAULT_BODY_LIMIT_BYTES,
  DEFAULT_SIGN_IN_LIMIT,
  DEFAULT_SIGN_UP_LIMIT,
  DEFAULT_STOP_GRACE_MS,
  PAGE_CONTENT_SECURITY_POLICY,
  PUBLIC_BODY_LIMIT_BYTES,
  PUBLIC_CALL_LIMITS,
  SECURITY_HEADERS,
  SIGN_IN_AND_UP_CALLS,
} from './constants'
import { answerPreflight, corsHeadersFor, createPublicCallLimits, isCall, refuseSignUpFlood } from './limits'
import { createSignInLimit } from './sign-in-limit'
import { hmacTokenSigning, loadOrCreateSecret } from './secret'
import { moveObjectFilesIn, sharedStores } from './shared-stores'
import { postgresRecords } from '../records/postgres-records'
import { scryptPasswordHashing } from '../records/scrypt-passwords'
import { sha256TokenKeeping } from '../records/token-digests'
import type { LogDatabase } from '../logs/log-store'
import { logStoreDatabaseName, openPostgresLogDatabase } from '../logs/log-store-postgres'
import { createStaticFiles } from './static-files'
import { createHealthCheck } from './health'
import { clientAddress } from './client-address'

export interface StudioServerOptions {
  config: ServeConfig
  bodyLimitBytes?: number
  /** Failed password sign-ins per account and per client address in a window (sign-in-limit.ts). */
  signInLimit?: { attempts: number; windowMs: number }
  /** Sign-ups per client address in a window. */
  signUpLimit?: { attempts: number; windowMs: number }
  /** Project databases are named `{prefix}{ref}` (tests keep theirs apart from a running server's `studio_`). */
  databasePrefix?: string
  /** The schema of DATABASE_URL's database the platform's records live in (default `studio_platform`). */
  platformSchema?: string
  /** How long `close()` lets the requests in flight finish before cutting them (DEFAULT_STOP_GRACE_MS). */
  stopGraceMs?: number
}

const isApiPath = (url: string | undefined) => {
  const path = (url ?? '/').split('?')[0]!
  return path === SERVED_API_BASE || path.startsWith(`${SERVED_API_BASE}/`)
}

async function openDiskLogDatabase(dataDir: string): Promise<LogDatabase> {
  const [{ StudioPGlite }, { readLogStoreInitialData }] = await Promise.all([import('../postgres/studio-pglite'), import('../logs/log-store-initial-data-node')])
  // A first start unpacks the prepared snapshot (about 1 s) rather than running initdb (about 3 s).
  const initial = existsSync(dataDir) ? null : await readLogStoreInitialData()
  // The store's Postgres as the page's (StudioPGlite: small shared memory, no recycled WAL).
  const pg = new StudioPGlite({ dataDir, loadDataDir: initial ?? undefined })
  await pg.waitReady
  return pg
}

/**
 * The stored records must be of the world this mode serves: a platform world loaded self-hosted (or
 * the other way round) would offer projects this server has no database for. Told, not mixed.
 */
function assertRecordsOfMode(platform: MockPlatform, mode: StudioMode, schema: string) {
  const organizations = platform.db.organizations.all()
  const selfHostedWorld = organizations.length === 1 && organizations[0]!.slug === SELF_HOSTED.organizationSlug
  if (selfHostedWorld === (mode === 'self-hosted')) return
  const other = mode === 'self-hosted' ? 'platform' : 'self-hosted'
  throw new Error(
    `The schema ${schema} of DATABASE_URL's database holds the records of a ${other} Studio (STUDIO_MODE=${other}); this one is ${mode}. ` +
      `Start it with STUDIO_MODE=${other}, or give it another database.`,
  )
}

/** Starts the server (port 0 picks a free one); the secret comes from the config or the data directory. */
export async function startStudioServer(options: StudioServerOptions) {
  const { config } = options
  const selfHosted = config.mode === 'self-hosted'
  const indexHtml = await readServedIndex(config.distDir, selfHosted ? { disabledFeatures: config.disabledFeatures } : undefined)
  // The data directory (secret, log store) is made if missing, as for a first start.
  await mkdir(config.dataDir, { recursive: true })
  const kept = config.secret === null ? await loadOrCreateSecret(config.dataDir) : null
  const secret = config.secret ?? kept!.secret
  const { databaseUrl } = config
  // Told at start, not at the first project: DATABASE_URL's user must be able to do the platform's work.
  if (!selfHosted) await (await import('../postgres/server-tenancy')).checkPlatformAdmin(databaseUrl, 10_000)
  const schema = options.platformSchema ?? PLATFORM_RECORDS_SCHEMA
  const shared = sharedStores(databaseUrl, schema)
  const platform = await createMockPlatform({
    databases: async (seeding) => {
      const { createServerDatabaseProvider, createUserDatabaseProvider } = await import('../postgres/server-postgres')
      return selfHosted ? createUserDatabaseProvider(databaseUrl, SELF_HOSTED.projectRef) : createServerDatabaseProvider(databaseUrl, { ...seeding, databasePrefix: options.databasePrefix })
    },
    selfHosted,
    userDatabase: selfHosted,
    databaseUrl,
    tokenSigning: hmacTokenSigning(secret),
    // Objects' bytes and unfinished uploads with the records: every replica serves every object.
    storageBytes: shared.storageBytes,
    uploadSessions: shared.uploadSessions,
    // Every record on the server too, so a restart loses nothing and every browser sees the same.
    recordStore: postgresRecords({ databaseUrl, schema: options.platformSchema }),
    // The logs explorer's store: on the server every replica shares, partitioned by day; self-hosted
    // (one server, on the user's own database), a Postgres of its own (PGlite) on disk beside the secret.
    logDatabase: selfHosted
      ? () => openDiskLogDatabase(join(config.dataDir, 'log-store'))
      : () => openPostgresLogDatabase(databaseUrl, logStoreDatabaseName(options.databasePrefix)),
    logLayout: selfHosted ? 'single' : 'by-day',
    durableLogs: true,
    passwordHashing: scryptPasswordHashing,
    // Refresh and join-link tokens as SHA-256 digests: the records database holds none that works.
    tokenKeeping: sha256TokenKeeping,
    // The stand-ins that let anyone in without a password answer only when named (STUDIO_MOCK_PROVIDERS).
    mockProviders: config.mockProviders ?? [],
    // pg_net's stand-in would call out from the server's own network: it calls nothing.
    netBlocked: blockedOnServer,
    // Replicas on one records schema run each project's cron jobs once, on the one holding its lock.
    cronLeadership: postgresCronLeadership(databaseUrl, schema),
  })
  try {
    assertRecordsOfMode(platform, config.mode, schema)
    // Object files an older server kept in its data directory: into the records database, once.
    const moved = await moveObjectFilesIn(join(config.dataDir, 'storage'), shared.storageBytes)
    if (moved > 0) console.log(`Moved the bytes of ${moved} storage objects from ${join(config.dataDir, 'storage')} into the records database (the folder is now storage.moved)`)
  } catch (error) {
    await platform.close()
    await shared.close()
    throw error
  }
  const serveStatic = createStaticFiles(config.distDir, indexHtml)
  // Counted in the records database: replicas count one caller's attempts together.
  const signInLimit = createSignInLimit(options.signInLimit ?? DEFAULT_SIGN_IN_LIMIT, shared.rateCounters)
  const signUpCounter = shared.rateCounters('sign-up address', options.signUpLimit ?? DEFAULT_SIGN_UP_LIMIT)
  const refusePublicFlood = createPublicCallLimits(undefined, shared.rateCounters)
  const bodyLimit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES
  // Self-hosted has no sessions: whoever reaches the port acts as the instance's user (README).
  const isSignedIn = (incoming: IncomingMessage) => selfHosted || authorizationClaims(platform.ctx, incoming.headers.authorization) !== null
  // The calls that need no session take small bodies from anyone; a caller without a session may send no more anywhere.
  const publicCalls = [...SIGN_IN_AND_UP_CALLS, ...PUBLIC_CALL_LIMITS.map((limit) => limit.call)]
  const bodyLimitOf = (incoming: IncomingMessage, signedIn: boolean) =>
    signedIn && !publicCalls.some((call) => isCall(incoming.url, call)) ? bodyLimit : Math.min(bodyLimit, PUBLIC_BODY_LIMIT_BYTES)
  let port = config.port
  const trustedProxies = config.trustedProxies ?? new Set<string>()
  let stopping = false
  let stopped: Promise<void> | null = null
  const health = createHealthCheck(databaseUrl)

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse) {
    const api = isApiPath(incoming.url)
    // Set before any answer is written, so every one carries them (refusals and failures too).
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) outgoing.setHeader(name, value)
    outgoing.setHeader('content-security-policy', api ? API_CONTENT_SECURITY_POLICY : PAGE_CONTENT_SECURITY_POLICY)
    // Stopping: each connection ends with its answer, so none is left idle to hold the stop.
    if (stopping) outgoing.shouldKeepAlive = false
    if (health.isProbe(incoming)) return health.answer(outgoing, stopping)
    if (!api) return serveStatic(incoming, outgoing)
    if (incoming.method === 'OPTIONS') return answerPreflight(incoming, outgoing, config.allowedOrigin)
    const cors = corsHeadersFor(incoming.headers.origin, config.allowedOrigin)
    const signedIn = isSignedIn(incoming)
    const address = clientAddress(incoming, trustedProxies)
    if (await refuseSignUpFlood(signUpCounter, incoming, outgoing, cors, address)) return
    if (await refusePublicFlood(incoming, outgoing, cors, signedIn, address)) return
    await answerWithPlatform(platform, incoming, outgoing, {
      // The links the platform writes (a mailed invitation) name where people reach Studio, never a caller's Host header.
      origin: config.publicUrl ?? `http://localhost:${port}`,
      headers: cors,
      bodyLimitBytes: bodyLimitOf(incoming, signedIn),
      screen: signInLimit.screen(address),
      clientAddress: address,
    })
  }

  // The answers being written, so a stop can end their connections with them.
  const inFlight = new Set<ServerResponse>()
  const server = createServer((incoming, outgoing) => {
    inFlight.add(outgoing)
    outgoing.once('close', () => inFlight.delete(outgoing))
    handle(incoming, outgoing).catch((error: unknown) => {
      console.error(error)
      if (outgoing.headersSent) return void outgoing.destroy()
      writeJson(outgoing, 500, { message: 'The server failed to answer' })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, config.host, () => resolve())
  })
  port = (server.address() as AddressInfo).port
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host

  /**
   * Stops as a load balancer needs: no new connection from now (the port closes), the requests in
   * flight answered (for `stopGraceMs` at most, then cut), then the platform's work and pools end.
   */
  async function stop() {
    stopping = true
    for (const outgoing of inFlight) outgoing.shouldKeepAlive = false
    const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    server.closeIdleConnections()
    const cut = setTimeout(() => server.closeAllConnections(), options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS)
    try {
      await closed
    } finally {
      clearTimeout(cut)
      await health.close()
      await platform.close()
      await shared.close()
    }
  }

  return {
    platform,
    port,
    url: `http://${shownHost}:${port}`,
    /** True when this start generated the secret (and wrote it to the data directory). */
    secretCreated: kept?.created ?? false,
    close() {
      // Once: a second call (a second signal, a test's own clean-up) waits for the same stop.
      stopped ??= stop()
      return stopped
    },
  }
}
export type StudioServer = Awaited<ReturnType<typeof startStudioServer>>
