/**
 * The mock platform as a standalone HTTP server, for a built app (VITE_MOCK_PLATFORM=off,
 * VITE_API_URL=http://localhost:8787/api) or any other client. DATABASE_URL switches the
 * per-project databases from in-memory PGlite to a real PostgreSQL server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { answerWithPlatform } from './serve/http-bridge'
import { isMockScenario, type MockScenario } from '../src/constants'
import { createMockPlatform, type MockPlatform } from './platform'
import { createFileByteStore } from './storage/byte-store-files'
import type { TokenSigning } from './auth/access-tokens'

const CORS_HEADERS = {
  'access-control-allow-credentials': 'true',
  'access-control-allow-headers': 'authorization, content-type, accept, x-request-id, version, x-connection-encrypted, x-pg-application-name, x-storage-role, x-storage-user, upload-offset',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
  'access-control-expose-headers': 'retry-after, x-total-count, server-timing, x-studio-sample-rows, content-length, etag',
}

async function handle(platform: MockPlatform, port: number, incoming: IncomingMessage, outgoing: ServerResponse) {
  const origin = incoming.headers.origin ?? '*'
  const cors = { ...CORS_HEADERS, 'access-control-allow-origin': origin, vary: 'origin' }
  if (incoming.method === 'OPTIONS') {
    outgoing.writeHead(204, cors).end()
    return
  }
  await answerWithPlatform(platform, incoming, outgoing, { origin: `http://localhost:${port}`, headers: cors })
}

export interface MockPlatformServerOptions {
  port?: number
  databaseUrl?: string
  latency?: number
  scenario?: MockScenario | null
  /** Where storage objects' bytes are written; a fresh temporary directory by default. */
  storageDataDir?: string
  /** Signs access tokens as `npm run serve` does (tests of the served auth); unsigned by default. */
  tokenSigning?: TokenSigning | null
}

/** Starts the server; port 0 picks a free one. */
export async function startMockPlatformServer(options: MockPlatformServerOptions = {}) {
  const { databaseUrl } = options
  const platform = await createMockPlatform({
    databases: databaseUrl
      ? async (seeding) => (await import('./postgres/server-postgres')).createServerDatabaseProvider(databaseUrl, seeding)
      : async (seeding) => (await import('./postgres/pglite-memory')).createMemoryDatabaseProvider(seeding),
    latency: options.latency ?? 0,
    scenario: options.scenario ?? null,
    databaseUrl,
    storageBytes: await createFileByteStore(options.storageDataDir),
    tokenSigning: options.tokenSigning ?? null,
  })
  let port = options.port ?? 8787
  const server: Server = createServer((incoming, outgoing) => {
    handle(platform, port, incoming, outgoing).catch((error: unknown) => {
      console.error(error)
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'application/json' })
      outgoing.end(JSON.stringify({ message: 'Mock platform failed to answer' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(port, resolve))
  port = (server.address() as AddressInfo).port
  return {
    platform,
    url: `http://localhost:${port}/api`,
    async close() {
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
      await platform.close()
    },
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))
if (isMain) {
  const running = await startMockPlatformServer({
    port: Number(process.env.PORT ?? 8787),
    databaseUrl: process.env.DATABASE_URL,
    latency: Number(process.env.MOCK_LATENCY ?? 0),
    scenario: isMockScenario(process.env.MOCK_SCENARIO) ? process.env.MOCK_SCENARIO : null,
    storageDataDir: process.env.STORAGE_DATA_DIR,
  })
  console.log(`Mock platform on ${running.url} (${process.env.DATABASE_URL ? 'PostgreSQL server' : 'in-memory PGlite'})`)
}
