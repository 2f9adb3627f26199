/**
 * `GET /api/health`, what a load balancer asks before sending a replica work. The server listens only
 * once its records are loaded (migrations run) and its stores are open, so an answer at all means
 * those are ready; the probe adds that PostgreSQL answers now, and says "stopping" once a stop began
 * (the replica still finishes what it holds, but takes nothing new).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import pg from 'pg'
import { writeJson } from './http-bridge'
import { HEALTH_DATABASE_TIMEOUT_MS, HEALTH_PATH } from './constants'

export type HealthStatus = 'ready' | 'stopping' | 'database unavailable'

export function createHealthCheck(databaseUrl: string) {
  // One connection, kept: a probe every second or two must not open one each time.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: HEALTH_DATABASE_TIMEOUT_MS, query_timeout: HEALTH_DATABASE_TIMEOUT_MS })
  // A restarted PostgreSQL ends the idle connection: the next probe opens another.
  pool.on('error', () => {})
  let asking: Promise<boolean> | null = null
  const databaseAnswers = () => {
    // Probes arriving together share one question.
    asking ??= pool.query('select 1').then(
      () => true,
      () => false,
    ).finally(() => {
      asking = null
    })
    return asking
  }
  return {
    isProbe: (incoming: IncomingMessage) => (incoming.method === 'GET' || incoming.method === 'HEAD') && (incoming.url ?? '').split('?')[0] === HEALTH_PATH,
    async answer(outgoing: ServerResponse, stopping: boolean) {
      const status: HealthStatus = stopping ? 'stopping' : (await databaseAnswers()) ? 'ready' : 'database unavailable'
      writeJson(outgoing, status === 'ready' ? 200 : 503, { status }, { 'cache-control': 'no-store' })
    },
    close: () => pool.end(),
  }
}
