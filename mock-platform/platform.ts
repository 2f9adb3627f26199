import type { RequestHandler } from 'msw'
import { MOCK_CONTENT_STORAGE_KEY, MOCK_PROVIDERS, type MockProvider, type MockScenario } from '../src/constants'
import type { ChatCompletionsModel } from './assistant/chat-completions'
import { restoreAccounts } from './auth/account-store'
import { restoreAuditEvents } from './audit/audit-log'
import { restoreOrganizationChanges } from './auth/organization-store'
import type { CronLeadership, PasswordHashing, PlatformContext, RecordPersistence, TokenKeeping } from './context'
import { createPlatformFixtures } from '../fixtures/platform'
import { createSelfHostedFixtures } from '../fixtures/self-hosted'
import { startCronAdoption, startDatabaseCron, stopDatabaseCron, type CronHostingOptions } from './cron/cron-hosting'
import { createMockDatabase, seedMockDatabase, type MockDatabase } from './records/db'
import { createPlatformHandlers } from './handlers'
import type { PlatformRecords } from './handlers/system'
import type { TokenSigning } from './auth/access-tokens'
import { databaseServerAddress } from './postgres/server-address'
import type { ProviderOptions } from './postgres/provider-cache'
import type { DatabaseProvider } from './postgres/types'
import { blockedReason } from './net/net-worker'
import { prefilterHandlers } from './handlers/handler-prefilter'
import { scenarioHandlers } from './handlers/scenarios'
import { createLogStore, type LogDatabase, type WaitingLogEvents } from './logs/log-store'
import type { LogStoreLayout } from './logs/log-store-schema'
import { createMemoryByteStore, type StorageByteStore } from './storage/byte-store'
import { createMemoryUploadSessions, type UploadSessionStore } from './storage/uploads'

/** What the platform's records tell the database provider about how to fill a project's database. */
export type DatabaseSeeding = Required<Pick<ProviderOptions, 'largeTables'>>

export interface MockPlatformOptions {
  /** Loads the per-project Postgres provider (PGlite in a worker, in memory, or a real server). */
  databases: (seeding: DatabaseSeeding) => Promise<DatabaseProvider>
  latency?: number
  scenario?: MockScenario | null
  /** Serve the self-hosted world: one default project, no platform sign-in. */
  selfHosted?: boolean
  /**
   * Self-hosted on the user's own database (`STUDIO_MODE=self-hosted npm run serve`): nothing of the
   * demo is made (no snippets about its tables), no shim goes into the database, no mock worker runs on it.
   */
  userDatabase?: boolean
  /** Keeps snippets and folders across reloads and tabs (the browser passes local storage). */
  contentStorage?: Storage
  /** Self-hosted only: forward the assistant to this chat-completions service. */
  assistantModel?: ChatCompletionsModel | null
  /** The PostgreSQL server `databases` opens on (DATABASE_URL): the connection details name it. */
  databaseUrl?: string
  /** Where pg_cron's jobs run (cron-hosting.ts): by default a scheduler per opened database. */
  cron?: CronHostingOptions
  /** Opens the log store's own database (the page passes its worker's); an in-memory PGlite by default. */
  logDatabase?: () => Promise<LogDatabase>
  /** The log store's database outlives the process (the page's in IndexedDB, `npm run serve`'s on disk): its history is kept. */
  durableLogs?: boolean
  /** How the log store lays out its tables: 'by-day' on a PostgreSQL server replicas share (log-store-postgres.ts). */
  logLayout?: LogStoreLayout
  /**
   * Where events wait until the log store is first read (the page: IndexedDB, so a reload loses
   * none): the store opens then, as an in-memory one does. A durable store without it opens at start
   * and writes events as they come.
   */
  waitingLogEvents?: WaitingLogEvents
  /** Where storage objects' bytes live (IndexedDB in the page, files on the server); memory by default. */
  storageBytes?: StorageByteStore
  /** Where unfinished uploads wait (served: the records database, which every replica reads); memory by default. */
  uploadSessions?: UploadSessionStore
  /** Signs access tokens with the server's secret (`npm run serve`); unsigned when absent. */
  tokenSigning?: TokenSigning | null
  /**
   * Keeps every record beyond the process (`npm run serve`: records/postgres-records.ts): fills the
   * collections from the store, or runs `seed` when it holds nothing yet and stores what it made;
   * then each request's changes are stored in one transaction before memory changes. Absent: the
   * demo world is seeded in memory on every start.
   */
  recordStore?: (db: MockDatabase, seed: () => Promise<void>) => Promise<RecordPersistence>
  /** Hashes passwords before they are kept (`npm run serve`); kept as given when absent. */
  passwordHashing?: PasswordHashing | null
  /** Keeps bearer tokens (refresh, join links) as digests (`npm run serve`); kept as given when absent. */
  tokenKeeping?: TokenKeeping | null
  /** The stand-ins for other services that answer (MOCK_PROVIDERS): all when absent (embedded); served, only those named. */
  mockProviders?: readonly MockProvider[]
  /** Why pg_net's stand-in does not call a URL (net-worker.ts); the embedded mock's rule when absent. */
  netBlocked?: (url: string) => string | null
  /** Served replicas: which one runs a project's cron jobs (cron/cron-leadership.ts). */
  cronLeadership?: CronLeadership
}

async function memoryLogDatabase(): Promise<LogDatabase> {
  const [{ StudioPGlite }, { readLogStoreInitialData }] = await Promise.all([import('./postgres/studio-pglite'), import('./logs/log-store-initial-data-node')])
  const initial = await readLogStoreInitialData()
  const pg = new StudioPGlite(initial ? { loadDataDir: initial } : {})
  await pg.waitReady
  return pg
}

/** The demo world's passwords, kept hashed like every other (the fixtures hold them in the clear). */
async function hashSeededPasswords(db: MockDatabase, hashing: PasswordHashing): Promise<void> {
  for (const user of db.users.all()) {
    const password = await hashing.hash(user.password)
    await db.users.update(user, { data: (u) => void (u.password = password) })
  }
}

/** The demo world's join links, kept as digests like every other token (the fixtures hold them in the clear). */
async function digestSeededInvitationTokens(db: MockDatabase, keeping: TokenKeeping): Promise<void> {
  for (const invitation of db.invitations.all()) {
    const token = keeping.digest(invitation.token)
    await db.invitations.update(invitation, { data: (i) => void (i.token = token) })
  }
}

/** One mock platform: seeded records, handlers, and the knobs that tests and the dev toolbar turn. */
export async function createMockPlatform(options: MockPlatformOptions) {
  const db = createMockDatabase()
  const passwordHashing = options.passwordHashing ?? null
  const tokenKeeping = options.tokenKeeping ?? null
  const seed = async () => {
    await seedMockDatabase(db, options.selfHosted ? createSelfHostedFixtures({ demoContent: !options.userDatabase }) : createPlatformFixtures())
    if (passwordHashing) await hashSeededPasswords(db, passwordHashing)
    if (tokenKeeping) await digestSeededInvitationTokens(db, tokenKeeping)
  }
  const recordPersistence = options.recordStore ? await options.recordStore(db, seed) : null
  if (!recordPersistence) await seed()
  let provider: Promise<DatabaseProvider> | undefined
  const seeding: DatabaseSeeding = { largeTables: (ref) => db.projects.findFirst((q) => q.where({ ref }))?.largeTables === true }
  let closing = false
  const ctx: PlatformContext = {
    // Served, handlers see the records through the store: a request's own changes until they commit.
    db: recordPersistence?.collections ?? db,
    databases: () => (provider ??= options.databases(seeding)),
    latency: options.latency ?? 0,
    clockOffset: 0,
    scenario: options.scenario ?? null,
    selfHosted: options.selfHosted ?? false,
    netBlocked: options.netBlocked ?? blockedReason,
    cronLeadership: options.cronLeadership ?? null,
    contentPersistence: options.contentStorage
      ? { storage: options.contentStorage, key: MOCK_CONTENT_STORAGE_KEY(options.selfHosted ?? false), revision: null }
      : null,
    assistantModel: options.assistantModel ?? null,
    databaseServer: options.databaseUrl ? databaseServerAddress(options.databaseUrl) : null,
    userDatabase: options.userDatabase ?? false,
    logs: createLogStore({ open: options.logDatabase ?? memoryLogDatabase, durable: options.durableLogs ?? false, waiting: options.waitingLogEvents, layout: options.logLayout }),
    storageBytes: options.storageBytes ?? createMemoryByteStore(),
    uploadSessions: options.uploadSessions ?? createMemoryUploadSessions(),
    tokenSigning: options.tokenSigning ?? null,
    recordPersistence,
    passwordHashing,
    tokenKeeping,
    databaseOpened: (ref) => {
      // A real pg_cron in the user's database runs its own jobs; the mock's worker would run them twice.
      // Not once the platform is closing: a database whose open ends then would get a scheduler nothing stops.
      if (!closing && !ctx.userDatabase && (options.cron?.mode ?? 'per-database') === 'per-database') startDatabaseCron(ctx, ref, options.cron?.clock)
    },
  }
  // Accounts signed up and organizations created on earlier page loads (the browser keeps them).
  if (!ctx.selfHosted) await restoreAccounts(ctx)
  if (!ctx.selfHosted) await restoreOrganizationChanges(ctx)
  await restoreAuditEvents(ctx)
  // Events are written as they come rather than held until logs are first read, so a restart loses none.
  if (options.durableLogs && !options.waitingLogEvents) await ctx.logs.open()
  const records: PlatformRecords = { telemetry: [], errorReports: [] }
  // Served replicas: projects whose jobs nobody leads are taken over here (cron-hosting.ts).
  const adoption = !ctx.userDatabase && (options.cron?.mode ?? 'per-database') === 'per-database' ? startCronAdoption(ctx, options.cron?.adoptionMs) : null
  const baseHandlers = prefilterHandlers(createPlatformHandlers(ctx, records, new Set(options.mockProviders ?? MOCK_PROVIDERS)))

  return {
    ctx,
    db,
    records,
    /** The handlers in the order msw should try them: the active scenario's faults first. */
    handlers(): RequestHandler[] {
      return [...(ctx.scenario ? prefilterHandlers(scenarioHandlers(ctx.scenario, ctx)) : []), ...baseHandlers]
    },
    async close() {
      closing = true
      adoption?.stop()
      await stopDatabaseCron(ctx)
      await ctx.cronLeadership?.close()
      await ctx.logs.close()
      if (provider) await (await provider).closeAll()
      await recordPersistence?.close()
    },
  }
}
export type MockPlatform = Awaited<ReturnType<typeof createMockPlatform>>
