import type { DatabaseProvider } from './postgres/types'
import type { MockDatabase } from './records/db'
import type { MockScenario } from '../src/constants'
import type { ChatCompletionsModel } from './assistant/chat-completions'
import type { DatabaseServerAddress } from './postgres/server-address'
import type { LogStore } from './logs/log-store'
import type { StorageByteStore } from './storage/byte-store'
import type { UploadSessionStore } from './storage/uploads'
import type { TokenSigning } from './auth/access-tokens'

/** Served replicas agree which one runs a project's cron jobs (cron/cron-leadership.ts). */
export interface CronLeadership {
  /** Whether this replica runs the project's jobs now: it holds the project's lock, or just took it. */
  holds(ref: string): Promise<boolean>
  /** Lets the project's lock go and forgets it has jobs (the project is gone). */
  release(ref: string): Promise<void>
  /** Told by the leader at each tick: whether the project has active jobs (so a replica that never opened it adopts it). */
  noteJobs(ref: string, active: boolean): Promise<void>
  /** Projects with active jobs whose lock no replica holds now (their leader stopped or died): to adopt. */
  unled(): Promise<string[]>
  /** Lets every lock go. */
  close(): Promise<void>
}

/** Where the browser keeps snippets and folders across reloads (content-persistence.ts reads and writes it). */
export interface ContentPersistence {
  storage: Storage
  key: string
  /** The revision these in-memory records came from; another tab's write changes the stored one. */
  revision: string | null
}

/**
 * Where the platform's records outlive the process: PostgreSQL when served (records/); absent when
 * embedded, where they live in the page's memory and local storage as before. Served, a request is a
 * unit of work: its changes are stored in one transaction and reach memory only once that commits.
 */
export interface RecordPersistence {
  /** The collections as the running request sees them (its own changes over the committed records); the committed ones outside a request. */
  collections: MockDatabase
  /** A kept record (kept-record.ts) as the running request sees it, or undefined. */
  kept(key: string): unknown
  /** Changes a kept record whole, as part of the running request's changes (throws outside a request). */
  keep(key: string, record: unknown): void
  /**
   * Runs one request's handling as a unit of work and resolves once its changes are stored and
   * applied, or none were made. `commits` says from its result whether they are kept at all (a
   * server error's are not). Rejects with a RecordRefusal (records/refusals.ts) when they are not
   * kept; `handle` may run twice (a collision with another request's changes), so it must read its
   * request afresh each time.
   */
  track<T>(handle: () => Promise<T>, commits?: (result: T) => boolean): Promise<T>
  /** Waits for the writes under way, then lets the store go. */
  close(): Promise<void>
}

/** Turns passwords into what is kept and checks them against it (served: a salted slow hash). */
export interface PasswordHashing {
  hash(password: string): Promise<string>
  verify(password: string, kept: string): Promise<boolean>
}

/**
 * Keeps bearer tokens (refresh tokens, join-link tokens) as digests (served: records/token-digests.ts),
 * so the records database holds nothing that can be presented.
 */
export interface TokenKeeping {
  /** What is kept of a token. */
  digest(token: string): string
  /** `token` sealed so that only a holder of `key` (the token it replaces) can open it. */
  seal(token: string, key: string): string
  /** Opens what `seal` made with the same key. */
  open(sealed: string, key: string): string
}

/** Everything a handler may touch: the records, the per-project Postgres, and the knobs tests turn. */
export interface PlatformContext {
  db: MockDatabase
  /** The per-project Postgres, loaded on first use so PGlite stays out of screens that never query. */
  databases: () => Promise<DatabaseProvider>
  /** Extra latency per answer, ms. */
  latency: number
  /** Milliseconds the mock server's clock runs ahead of the real one (clock-skew tests move it). */
  clockOffset: number
  scenario: MockScenario | null
  /** Self-hosted: every request acts as the instance's one administrator (no platform sign-in). */
  selfHosted: boolean
  /** Why pg_net's stand-in does not call a URL, or null when it does (net-worker.ts: served, it calls none). */
  netBlocked: (url: string) => string | null
  /** Served: which replica runs a project's cron jobs (cron/cron-leadership.ts); null where one platform has the database. */
  cronLeadership: CronLeadership | null
  /** Where snippets and folders outlive a reload (the browser's local storage); none in node. */
  contentPersistence: ContentPersistence | null
  /** Self-hosted: the OpenAI-compatible service the assistant forwards to; the mock model answers when null. */
  assistantModel: ChatCompletionsModel | null
  /** The real PostgreSQL server holding the project databases (DATABASE_URL), or null for PGlite. */
  databaseServer: DatabaseServerAddress | null
  /**
   * The project's database is the user's own (served self-hosted: DATABASE_URL's database): the mock
   * installs no shim into it and plays no worker on it (pg_cron, pg_net); its own extensions, if any, run.
   */
  userDatabase: boolean
  /** Told once a project's database has opened in this process (node and the server start its cron scheduler). */
  databaseOpened: (ref: string) => void
  /** What the platform did, for the logs explorer (logs/log-store.ts). */
  logs: LogStore
  /** Storage objects' bytes beside the databases (storage/byte-store.ts): IndexedDB, memory or files. */
  storageBytes: StorageByteStore
  /** Chunked uploads not yet finished (storage/uploads.ts): shared by served replicas. */
  uploadSessions: UploadSessionStore
  /** Signs and checks access tokens (the served platform's secret); null leaves them unsigned (embedded). */
  tokenSigning: TokenSigning | null
  /** Where records persist beyond the process (served); null keeps them in memory and local storage. */
  recordPersistence: RecordPersistence | null
  /** Hashes passwords before they are kept (served); null keeps them as given (the embedded demo world). */
  passwordHashing: PasswordHashing | null
  /** Keeps bearer tokens as digests (served); null keeps them as given (embedded: the page's own storage). */
  tokenKeeping: TokenKeeping | null
}
