/**
 * For the record store's tests: `npm run serve` started on a schema of DATABASE_URL's database of
 * the test's own, spoken to over HTTP, and its records database read or cut off as an attacker would.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type Server, type Socket, connect } from 'node:net'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import type { ServeConfig } from './config'
import { startStudioServer, type StudioServer } from './server'
import { dropServed, standInBuild } from './testing'
import { COLLECTION_NAMES } from '../records/record-tables'
import { sqlIdent } from '../../src/lib/sql/quote'

/** A platform server on `schema`, its data directory (secret, log store) the schema's unless one is named. */
export function startServed(options: { databaseUrl: string; root: string; schema: string; databasePrefix: string; dataDir?: string; secret?: string }) {
  const { databaseUrl, root, schema, databasePrefix } = options
  const config: ServeConfig = {
    mode: 'platform',
    databaseUrl,
    host: '127.0.0.1',
    port: 0,
    dataDir: join(root, options.dataDir ?? schema),
    distDir: join(root, 'dist'),
    secret: options.secret ?? null,
    allowedOrigin: null,
    disabledFeatures: [],
  }
  return startStudioServer({ config, platformSchema: schema, databasePrefix, signInLimit: { attempts: 1000, windowMs: 60_000 } })
}

/**
 * A records test file's set-up: a stand-in build, an admin connection, a new records schema per
 * test (`newSchema`) and servers started on one (`start`); everything named with the prefixes is
 * dropped after.
 */
export function useServedRecords(prefixes: { schemaPrefix: string; databasePrefix: string }) {
  const databaseUrl = process.env['DATABASE_URL']!
  let root: Awaited<ReturnType<typeof standInBuild>>
  let admin: pg.Client
  let schemas = 0
  beforeAll(async () => {
    root = await standInBuild()
    admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
  })
  afterAll(async () => {
    await admin.end()
    await root.remove()
    await dropServed(databaseUrl, prefixes)
  })
  const newSchema = () => `${prefixes.schemaPrefix}${++schemas}`
  const start = (schema: string, options: ServeOn = {}) =>
    startServed({ databaseUrl: options.url ?? databaseUrl, root: root.root, schema, databasePrefix: `${prefixes.databasePrefix}${options.databaseSuffix ?? ''}`, dataDir: options.dataDir, secret: options.secret })
  return {
    /** The admin's own connection (DATABASE_URL): what someone who can read the records database reads. */
    admin: () => admin,
    newSchema,
    /** Where a server on the schema keeps its files (its secret among them), unless it was given another. */
    dataDir: (schema: string) => join(root.root, schema),
    /** A server on the schema; its data directory (secret, log store) is the schema's unless one is named. */
    start,
    /**
     * A test's server on a new schema, closed however `work` ends. `restart` closes the one running and
     * starts another on the same schema (on DATABASE_URL unless it names a `url`): what the records
     * database kept is all that carries over.
     */
    onServer: async (work: (test: ServedTest) => Promise<void>, options: ServeOn = {}): Promise<void> => {
      const schema = newSchema()
      let server = await start(schema, options)
      const restart = async (again: ServeOn = {}) => {
        await server.close()
        server = await start(schema, again)
        return server
      }
      try {
        await work({ schema, server, restart })
      } finally {
        await server.close()
      }
    },
    /** Two replicas on a new schema, as two machines would run them: each its own data directory, one signing secret; both closed after. */
    onReplicas: async (work: (a: StudioServer, b: StudioServer, schema: string) => Promise<void>): Promise<void> => {
      const schema = newSchema()
      const secret = randomBytes(32).toString('hex')
      const a = await start(schema, { dataDir: `${schema}-a`, secret })
      const b = await start(schema, { dataDir: `${schema}-b`, secret })
      try {
        await work(a, b, schema)
      } finally {
        await Promise.all([a.close(), b.close()])
      }
    },
  }
}

/** Where a test's server keeps its records and files: DATABASE_URL and the schema's own directory unless named. */
interface ServeOn {
  url?: string
  dataDir?: string
  /** The signing secret (replicas share one); unset, the data directory's. */
  secret?: string
  /**
   * Project databases and the log store of this test's own (a suffix to the file's prefix, so the
   * clean-up takes them too); unset, the file's, which its other tests' servers share.
   */
  databaseSuffix?: string
}

/** What a test run by `onServer` is given. */
export interface ServedTest {
  schema: string
  server: StudioServer
  restart: (options?: ServeOn) => Promise<StudioServer>
}

/** The collections a server holds in memory, as plain data. */
export const collectionsOf = (server: StudioServer) =>
  JSON.parse(JSON.stringify(Object.fromEntries(COLLECTION_NAMES.map((name) => [name, server.platform.db[name].all()])))) as Record<string, unknown[]>

/** Every row of every table of the schema, as text: what someone who can read the records database reads. */
export async function storedText(client: pg.ClientBase, schema: string): Promise<string> {
  const { rows: tables } = await client.query<{ table_name: string }>('select table_name from information_schema.tables where table_schema = $1 order by 1', [schema])
  const parts: string[] = []
  for (const { table_name } of tables) {
    const { rows } = await client.query<{ row: string }>(`select t::text as row from ${sqlIdent(schema)}.${sqlIdent(table_name)} t`)
    parts.push(...rows.map((r) => r.row))
  }
  return parts.join('\n')
}

/** Which of the secrets appear in the stored text (none should): named, rather than the whole text printed. */
export const foundIn = (stored: string, secrets: readonly string[]) => secrets.filter((secret) => stored.includes(secret))

/**
 * A TCP relay in front of the PostgreSQL server: a server started on its address reaches the records
 * database only through it, so `cut` is an outage for that server alone (the shared server stays up)
 * and `restore` ends it.
 */
export async function databaseRelay(databaseUrl: string) {
  const target = new URL(databaseUrl)
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let port = 0

  async function listen(): Promise<void> {
    const relay = createServer((incoming) => {
      const outgoing = connect(Number(target.port || 5432), target.hostname)
      for (const socket of [incoming, outgoing]) {
        sockets.add(socket)
        socket.on('close', () => sockets.delete(socket))
        socket.on('error', () => undefined)
      }
      incoming.pipe(outgoing).pipe(incoming)
    })
    await new Promise<void>((resolve, reject) => {
      relay.once('error', reject)
      relay.listen(port, '127.0.0.1', () => resolve())
    })
    port = (relay.address() as { port: number }).port
    server = relay
  }

  async function cut(): Promise<void> {
    const relay = server
    server = null
    for (const socket of sockets) socket.destroy()
    if (relay) await new Promise<void>((resolve) => relay.close(() => resolve()))
  }

  await listen()
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String(port)
  return { url: url.toString(), cut, restore: listen, close: cut }
}
