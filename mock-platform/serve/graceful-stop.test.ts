/**
 * What a load balancer needs of a served Studio (issue 54): a health probe that tells ready from not,
 * and a stop that refuses new connections, finishes what is in flight (bounded), and follows a signal
 * sent to `npm run serve`.
 */
import { spawn } from 'node:child_process'
import { request as httpRequest, createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS } from '../../src/constants'
import { sqlIdent } from '../../src/lib/sql/quote'
import { closedPort } from '../postgres/refused-connection'
import { HEALTH_PATH } from './constants'
import { createHealthCheck } from './health'
import { standInBuild, startTestServer } from './testing'

const databaseUrl = process.env['DATABASE_URL']
const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url))

/** Sends a sign-in whose body arrives in two parts: the request stays in flight until `finish` is called. */
function slowSignIn(url: string) {
  const body = JSON.stringify({ ...DEMO_CREDENTIALS, password: 'not the password' })
  const { hostname, port } = new URL(url)
  const request = httpRequest({ hostname, port, path: '/api/auth/v1/token?grant_type=password', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } })
  const answered = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    request.once('error', reject)
    request.once('response', (response: IncomingMessage) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (part: string) => (text += part))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text }))
      response.once('error', reject)
    })
  })
  request.write(body.slice(0, 10))
  return { answered, finish: () => request.end(body.slice(10)) }
}

const refused = (url: string) =>
  fetch(`${url}${HEALTH_PATH}`).then(
    () => false,
    (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED',
  )

describe('the health probe', () => {
  it('says the database is unavailable (503, never cached) when PostgreSQL does not answer', async () => {
    const health = createHealthCheck(`postgresql://postgres@127.0.0.1:${await closedPort()}/postgres`)
    const server = createServer((incoming, outgoing) => void (health.isProbe(incoming) ? health.answer(outgoing, false) : outgoing.end()))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${HEALTH_PATH}`)
      expect(answer.status).toBe(503)
      expect(answer.headers.get('cache-control')).toBe('no-store')
      expect(await answer.json()).toEqual({ status: 'database unavailable' })
    } finally {
      server.close()
      await health.close()
    }
  })
})

describe.runIf(databaseUrl)('a served Studio stopping under a load balancer', () => {
  it('answers the health probe ready; on stop takes no new connection, answers the request in flight, then ends', async () => {
    const served = await startTestServer('studio_stop_test_', `studio_stop_test_platform_${process.pid}`)
    const { url } = served.running
    try {
      const probe = await fetch(`${url}${HEALTH_PATH}`)
      expect(probe.status).toBe(200)
      expect(probe.headers.get('cache-control')).toBe('no-store')
      expect(await probe.json()).toEqual({ status: 'ready' })

      const inFlight = slowSignIn(url)
      // The request has reached the server (its headers are read) before the stop begins.
      await new Promise((resolve) => setTimeout(resolve, 200))
      let ended = false
      const stopped = served.running.close().then(() => (ended = true))
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(await refused(url)).toBe(true)
      expect(ended).toBe(false)
      inFlight.finish()
      const answer = await inFlight.answered
      // Answered as any other time (a wrong password), and told the connection ends with it.
      expect(answer.status).toBe(400)
      expect(answer.body).toContain('Invalid login credentials')
      expect(answer.connection).toBe('close')
      await stopped
      expect(ended).toBe(true)
    } finally {
      await served.stop()
    }
  }, 60_000)

  it('cuts a request that has not finished within the grace, and ends', async () => {
    const served = await startTestServer('studio_stop2_test_', `studio_stop2_test_platform_${process.pid}`, { stopGraceMs: 500 })
    try {
      const inFlight = slowSignIn(served.running.url)
      const cut = inFlight.answered.then(
        () => 'answered',
        () => 'cut',
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
      const started = Date.now()
      await served.running.close()
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(await cut).toBe('cut')
    } finally {
      await served.stop()
    }
  }, 60_000)
})

describe.runIf(databaseUrl)('npm run serve', () => {
  it('passes SIGTERM to the server, which stops: the port closes and npm exits 0', async () => {
    // Its own database, so its records are apart from every other server's.
    const database = `studio_signal_test_${process.pid}`
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    await admin.query(`create database ${sqlIdent(database)}`)
    const build = await standInBuild()
    const dataDir = await mkdtemp(join(tmpdir(), 'studio-signal-'))
    const url = new URL(databaseUrl!)
    url.pathname = `/${database}`
    try {
      const npm = spawn('npm', ['run', 'serve'], {
        cwd: REPOSITORY,
        env: { ...process.env, DATABASE_URL: url.href, PORT: '0', HOST: '127.0.0.1', STUDIO_DATA_DIR: dataDir, STUDIO_DIST_DIR: join(build.root, 'dist') },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)))
      let output = ''
      const served = await new Promise<string>((resolve, reject) => {
        npm.stdout.on('data', (part: Buffer) => {
          output += part.toString()
          const address = /Studio on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
          if (address) resolve(address[1]!)
        })
        npm.stderr.on('data', (part: Buffer) => (output += part.toString()))
        void exited.then(() => reject(new Error(`npm run serve ended before serving:\n${output}`)))
      })
      expect((await fetch(`${served}${HEALTH_PATH}`)).status).toBe(200)
      npm.kill('SIGTERM')
      expect(await exited).toBe(0)
      expect(output).toContain('SIGTERM: taking no new request')
      // npm is gone and so is the server: nothing answers on its port.
      expect(await refused(served)).toBe(true)
    } finally {
      await build.remove()
      await rm(dataDir, { recursive: true, force: true })
      await admin.query(`drop database if exists ${sqlIdent(database)} with (force)`)
      await admin.end()
    }
  }, 90_000)
})
