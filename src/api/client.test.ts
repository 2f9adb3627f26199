import { http, HttpResponse, delay } from 'msw'
import { setupServer } from 'msw/node'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { API_ERROR_MESSAGE, HEAD_REQUEST_TIMEOUT } from '../constants'
import { createApiClient, type ClientConfig } from './client'
import { ApiError, parseRetryAfter } from './errors'
import { apiFailure } from '../test/api-failure'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.useRealTimers()
})
afterAll(() => server.close())

const BASE = 'http://platform.test/api'
function client(overrides: Partial<ClientConfig> = {}) {
  return createApiClient({
    apiBase: BASE,
    authBase: 'http://platform.test/auth/v1',
    isPlatform: true,
    getAccessToken: () => 'token-123',
    ...overrides,
  })
}

describe('request headers', () => {
  it('sends a request id, the bearer token, JSON accept and credentials on every method', async () => {
    const seen: { method: string; headers: Headers; credentials: RequestCredentials }[] = []
    server.use(
      http.all(`${BASE}/platform/thing`, ({ request }) => {
        seen.push({ method: request.method, headers: request.headers, credentials: request.credentials })
        return request.method === 'HEAD' ? new HttpResponse(null, { headers: { 'X-Total-Count': '7' } }) : HttpResponse.json({ ok: true })
      }),
    )
    const api = client()
    await api.get('/platform/thing')
    await api.post('/platform/thing', { body: { a: 1 } })
    await api.put('/platform/thing', { body: { a: 1 } })
    await api.patch('/platform/thing', { body: { a: 1 } })
    await api.delete('/platform/thing')
    const headers = await api.head('/platform/thing')
    expect(headers.get('X-Total-Count')).toBe('7')
    expect(seen.map((s) => s.method)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'])
    const ids = new Set<string>()
    for (const { headers: h, credentials } of seen) {
      expect(h.get('authorization')).toBe('Bearer token-123')
      expect(h.get('accept')).toBe('application/json')
      expect(h.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
      expect(credentials).toBe('include')
      ids.add(h.get('x-request-id')!)
    }
    expect(ids.size).toBe(6)
  })

  it('sends JSON bodies and query strings (arrays form-style)', async () => {
    let url = ''
    let body: unknown
    server.use(
      http.post(`${BASE}/platform/thing`, async ({ request }) => {
        url = request.url
        body = await request.json()
        expect(request.headers.get('content-type')).toBe('application/json')
        return HttpResponse.json({})
      }),
    )
    await client().post('/platform/thing', { body: { name: 'x' }, query: { ids: ['a', 'b'], limit: 5, skip: undefined } })
    expect(new URL(url).search).toBe('?ids=a%2Cb&limit=5')
    expect(body).toEqual({ name: 'x' })
  })

  it('omits the bearer token when signed out', async () => {
    let auth: string | null = 'unset'
    server.use(http.get(`${BASE}/platform/thing`, ({ request }) => ((auth = request.headers.get('authorization')), HttpResponse.json({}))))
    await client({ getAccessToken: () => null }).get('/platform/thing')
    expect(auth).toBeNull()
  })
})

describe('pg-meta', () => {
  it('carries the encrypted-connection and application-name headers', async () => {
    let headers: Headers | undefined
    server.use(http.post(`${BASE}/platform/pg-meta/abc/query`, ({ request }) => ((headers = request.headers), HttpResponse.json([]))))
    await client().post('/platform/pg-meta/abc/query', { body: { query: 'select 1' }, pgMeta: { connectionString: 'enc:abc' } })
    expect(headers?.get('x-connection-encrypted')).toBe('enc:abc')
    expect(headers?.get('x-pg-application-name')).toBeTruthy()
  })

  it('refuses a pg-meta call without the encrypted-connection header, before sending it', async () => {
    const sent = vi.fn()
    server.use(http.post(`${BASE}/platform/pg-meta/abc/query`, () => (sent(), HttpResponse.json([]))))
    const error = await apiFailure(client().post('/platform/pg-meta/abc/query', { body: { query: 'select 1' }, pgMeta: { connectionString: null } }))
    expect(error.code).toBe(400)
    expect(error.message).toBe(API_ERROR_MESSAGE.pgMetaNoConnection)
    expect(error.message).toBe('API Error: happened while trying to acquire connection to the database')
    expect(sent).not.toHaveBeenCalled()
  })
})

describe('errors', () => {
  it('uses the message of the error body, with code, request id and Retry-After', async () => {
    let requestId: string | null = null
    server.use(
      http.get(`${BASE}/platform/thing`, ({ request }) => {
        requestId = request.headers.get('x-request-id')
        return HttpResponse.json({ message: 'Slow down' }, { status: 429, headers: { 'Retry-After': '7' } })
      }),
    )
    const error = await apiFailure(client().get('/platform/thing'))
    expect(error).toMatchObject({ message: 'Slow down', code: 429, retryAfter: 7 })
    expect(error.requestId).toBe(requestId)
  })

  it("says 'An error has occurred: {status}' when the body has no message", async () => {
    server.use(http.get(`${BASE}/platform/thing`, () => new HttpResponse('', { status: 502 })))
    const error = await apiFailure(client().get('/platform/thing'))
    expect(error.message).toBe('An error has occurred: 502')
    expect(error.code).toBe(502)
    expect(error.retryAfter).toBeUndefined()
  })

  it('reads msg and nested error messages too', async () => {
    server.use(
      http.get(`${BASE}/platform/a`, () => HttpResponse.json({ msg: 'from msg' }, { status: 400 })),
      http.get(`${BASE}/platform/b`, () => HttpResponse.json({ error: { message: 'nested' } }, { status: 500 })),
    )
    expect((await apiFailure(client().get('/platform/a'))).message).toBe('from msg')
    expect((await apiFailure(client().get('/platform/b'))).message).toBe('nested')
  })

  it('turns a network failure into the network message', async () => {
    server.use(http.get(`${BASE}/platform/thing`, () => HttpResponse.error()))
    const error = await apiFailure(client().get('/platform/thing'))
    expect(error.message).toBe('Unable to reach the server. Please check your network or try again later.')
    expect(error.code).toBeUndefined()
  })

  it('uses the default message when nothing better is known', () => {
    expect(new ApiError({}).message).toBe('API error happened while trying to communicate with the server.')
  })

  it('rejects an answer that does not match the schema with a clear message', async () => {
    server.use(http.get(`${BASE}/platform/thing`, () => HttpResponse.json({ id: 'not a number' })))
    const error = await apiFailure(client().get('/platform/thing', { schema: v.object({ id: v.number() }) }))
    expect(error.message).toMatch(/^Unexpected answer from the server for \/platform\/thing: /)
  })

  it('lets a cancelled request surface as an abort, not an ApiError', async () => {
    server.use(http.get(`${BASE}/platform/thing`, async () => (await delay(200), HttpResponse.json({}))))
    const controller = new AbortController()
    const pending = client().get('/platform/thing', { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('times out a HEAD request after 60 seconds', async () => {
    vi.useFakeTimers()
    const never = vi.fn<typeof fetch>((_input, init) => new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
    }))
    const pending = apiFailure(client({ fetch: never }).head('/platform/thing'))
    await vi.advanceTimersByTimeAsync(HEAD_REQUEST_TIMEOUT - 1)
    expect(never).toHaveBeenCalledOnce()
    await vi.advanceTimersByTimeAsync(1)
    expect((await pending).message).toBe('Request timed out after 60 seconds')
  })

  it('does not time out other methods', async () => {
    vi.useFakeTimers()
    let resolve: (r: Response) => void = () => {}
    const slow = vi.fn<typeof fetch>(() => new Promise((r) => (resolve = r)))
    const pending = client({ fetch: slow }).get('/platform/thing')
    await vi.advanceTimersByTimeAsync(HEAD_REQUEST_TIMEOUT * 2)
    resolve(Response.json({ late: true }))
    await expect(pending).resolves.toEqual({ late: true })
  })
})

describe('parseRetryAfter', () => {
  it.each([
    ['5', 5],
    [' 12 ', 12],
    ['', undefined],
    ['soon', undefined],
  ])('%j → %j', (value, expected) => expect(parseRetryAfter(value)).toBe(expected))

  it('reads an HTTP date relative to now', () => {
    const now = Date.UTC(2026, 0, 1, 0, 0, 0)
    expect(parseRetryAfter(new Date(now + 30_000).toUTCString(), now)).toBe(30)
  })
})

describe('bytes', () => {
  it('sends a raw body with its content type and headers, untouched by JSON', async () => {
    let seen: { type: string | null; offset: string | null; bytes: number[] } | undefined
    server.use(
      http.patch(`${BASE}/platform/upload/1`, async ({ request }) => {
        seen = {
          type: request.headers.get('content-type'),
          offset: request.headers.get('upload-offset'),
          bytes: [...new Uint8Array(await request.arrayBuffer())],
        }
        return HttpResponse.json({ offset: 7 })
      }),
    )
    const answer = await client().patch('/platform/upload/1', {
      rawBody: { data: new Uint8Array([0, 1, 2, 250, 251, 252, 255]), contentType: 'application/offset+octet-stream' },
      headers: { 'Upload-Offset': '0' },
      schema: v.object({ offset: v.number() }),
    })
    expect(answer).toEqual({ offset: 7 })
    expect(seen).toEqual({ type: 'application/offset+octet-stream', offset: '0', bytes: [0, 1, 2, 250, 251, 252, 255] })
  })

  it('reads an answer as a Blob typed by its Content-Type, and a failure still as an ApiError', async () => {
    server.use(
      http.post(`${BASE}/platform/download`, async ({ request }) => {
        const { path } = (await request.json()) as { path: string }
        if (path === 'missing') return HttpResponse.json({ message: 'Object not found' }, { status: 404 })
        return new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } })
      }),
    )
    const blob = await client().blob('/platform/download', { body: { path: 'a.png' } })
    expect(blob.type).toBe('image/png')
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([137, 80, 78, 71])
    const error = await apiFailure(client().blob('/platform/download', { body: { path: 'missing' } }))
    expect(error.message).toBe('Object not found')
    expect(error.code).toBe(404)
  })
})
