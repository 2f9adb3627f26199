import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { http, HttpResponse, type RequestHandler } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { DATABASE_UNAVAILABLE_MESSAGE, DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS, RECORD_NOT_STORED_MESSAGE } from '../../src/constants'
import { answerWithPlatform } from './http-bridge'
import type { MockPlatform } from '../platform'
import { refusedConnectionError } from '../postgres/refused-connection'
import { RecordNotStored } from '../records/refusals'

/** Just what the bridge uses of a platform: its handlers, and a record store whose commits end as `stored` says. */
function platformWith(handlers: RequestHandler[], stored: () => Promise<void>): MockPlatform {
  const recordPersistence = {
    // As the unit of work does (records/record-units.ts): a commit that failed is RecordNotStored, its cause kept.
    track: async <T>(handle: () => Promise<T>) => {
      const result = await handle()
      await stored().catch((error: unknown) => Promise.reject(new RecordNotStored(error)))
      return result
    },
  }
  return { handlers: () => handlers, ctx: { recordPersistence } } as unknown as MockPlatform
}

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

async function serve(platform: MockPlatform): Promise<string> {
  server = createServer((incoming, outgoing) => {
    answerWithPlatform(platform, incoming, outgoing, { origin: 'http://localhost', headers: {} }).catch((error: unknown) => {
      outgoing.writeHead(500).end(String(error))
    })
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const save = http.post('*/api/platform/things', () => HttpResponse.json({ saved: true }))

describe('the bridge when a database is down', () => {
  it('answers a change the record store could not reach with 503 and Retry-After, not 500', async () => {
    const refused = await refusedConnectionError()
    const url = await serve(platformWith([save], () => Promise.reject(refused)))
    const answer = await fetch(`${url}/api/platform/things`, { method: 'POST', body: '{}' })
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBe(String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS))
    expect(await answer.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE.changeNotSaved })
  })

  it('still answers 500 for a change the store refused for another reason', async () => {
    const url = await serve(platformWith([save], () => Promise.reject(Object.assign(new Error('value too long'), { code: '22001', severity: 'ERROR' }))))
    const answer = await fetch(`${url}/api/platform/things`, { method: 'POST', body: '{}' })
    expect(answer.status).toBe(500)
    expect(await answer.json()).toEqual({ message: RECORD_NOT_STORED_MESSAGE })
  })

  it('answers a handler that could not reach its database with 503 and Retry-After', async () => {
    const refused = await refusedConnectionError()
    const failing = http.get('*/api/platform/things', () => {
      throw refused
    })
    const url = await serve(platformWith([failing], () => Promise.resolve()))
    const answer = await fetch(`${url}/api/platform/things`)
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBe(String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS))
    expect(await answer.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE.database })
  })
})
