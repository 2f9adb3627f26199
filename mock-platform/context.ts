import type { DatabaseProvider } from './postgres/types'
import type { MockDatabase } from './db'
import type { MockScenario } from '../src/constants'
import type { ChatCompletionsModel } from './assistant/chat-completions'
import type { DatabaseServerAddress } from './postgres/server-address'
import type { LogStore } from './logs/log-store'
import type { StorageByteStore } from './storage/byte-store'
import type { TokenSigning } from './handlers/util'

/** Where the browser keeps snippets and folders across reloads (content-persistence.ts reads and writes it). */
export interface ContentPersistence {
  storage: Storage
  key: string
  /** The revision these in-memory records came from; another tab's write changes the stored one. */
  revision: string | null
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
  /** Where snippets and folders outlive a reload (the browser's local storage); none in node. */
  contentPersistence: ContentPersistence | null
  /** Self-hosted: the OpenAI-compatible service the assistant forwards to; the mock model answers when null. */
  assistantModel: ChatCompletionsModel | null
  /** The real PostgreSQL server holding the project databases (DATABASE_URL), or null for PGlite. */
  databaseServer: DatabaseServerAddress | null
  /** Told once a project's database has opened in this process (node and the server start its cron scheduler). */
  databaseOpened: (ref: string) => void
  /** What the platform did, for the logs explorer (logs/log-store.ts). */
  logs: LogStore
  /** Storage objects' bytes beside the databases (storage/byte-store.ts): IndexedDB, memory or files. */
  storageBytes: StorageByteStore
  /** Signs and checks access tokens (the served platform's secret); null leaves them unsigned (embedded). */
  tokenSigning: TokenSigning | null
}
