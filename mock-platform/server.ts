/**
 * The mock platform as a standalone HTTP server, for a built app (VITE_MOCK_PLATFORM=off,
 * VITE_API_URL=http://localhost:8787/api) or any other client. DATABASE_URL switches the
 * per-project databases from in-memory PGlite to a real PostgreSQL server.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { getResponse } from 'msw'
import { isMockScenario } from './scenarios'
import { createMockPlatform } from './platform'

const port = Number(process.env.PORT ?? 8787)
const databaseUrl = process.env.DATABASE_URL

const platform = await createMockPlatform({
  databases: databaseUrl
    ? async () => (await import('./postgres/server-postgres')).createServerDatabaseProvider(databaseUrl)
    : async () => (await import('./postgres/pglite-memory')).createMemoryDatabaseProvider(),
  latency: Number(process.env.MOCK_LATENCY ?? 0),
  scenario: isMockScenario(process.env.MOCK_SCENARIO) ? process.env.MOCK_SCENARIO : null,
})

const CORS_HEADERS = {
  'access-control-allow-credentials': 'true',
  'access-control-allow-headers':
    'authorization, content-type, accept, x-request-id, version, x-connection-encrypted, x-pg-application-name',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
  'access-control-expose-headers': 'retry-after, x-total-count',
}

async function toRequest(incoming: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = []
  for await (const chunk of incoming) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [key, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value)
  }
  const method = incoming.method ?? 'GET'
  return new Request(new URL(incoming.url ?? '/', `http://localhost:${port}`), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' || chunks.length === 0 ? undefined : Buffer.concat(chunks),
  })
}

async function handle(incoming: IncomingMessage, outgoing: ServerResponse) {
  const origin = incoming.headers.origin ?? '*'
  const cors = { ...CORS_HEADERS, 'access-control-allow-origin': origin, vary: 'origin' }
  if (incoming.method === 'OPTIONS') {
    outgoing.writeHead(204, cors).end()
    return
  }
  const response = await getResponse(platform.handlers(), await toRequest(incoming))
  if (!response || response.type === 'error') {
    outgoing.writeHead(response ? 502 : 404, { ...cors, 'content-type': 'application/json' })
    outgoing.end(JSON.stringify({ message: response ? 'Network error' : `No mock for ${incoming.method} ${incoming.url}` }))
    return
  }
  outgoing.writeHead(response.status, { ...cors, ...Object.fromEntries(response.headers) })
  outgoing.end(Buffer.from(await response.arrayBuffer()))
}

createServer((incoming, outgoing) => {
  handle(incoming, outgoing).catch((error: unknown) => {
    console.error(error)
    if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'application/json' })
    outgoing.end(JSON.stringify({ message: 'Mock platform failed to answer' }))
  })
}).listen(port, () => {
  console.log(`Mock platform on http://localhost:${port}/api (${databaseUrl ? 'PostgreSQL server' : 'in-memory PGlite'})`)
})
