import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { API_ERROR_MESSAGE } from '../constants'
import { createApiClient } from './client'
import type { RenewalOutcome } from './session'
import { apiFailure } from '../test/api-failure'

/** The client's half of session renewal: which requests renew, how often, and what a failed renewal makes of them. */
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const BASE = 'http://platform.test/api'

/** A platform that accepts only the current token, and a session whose renewal swaps it (or answers `outcome`). */
function setUp(options: { outcome?: RenewalOutcome; expired?: boolean } = {}) {
  const state = { token: 'token-1', accepted: 'no token (every token refused)', expired: options.expired ?? false }
  const seen: (string | null)[] = []
  server.use(
    http.all(`${BASE}/*`, ({ request }) => {
      seen.push(request.headers.get('authorization'))
      if (request.headers.get('authorization') !== `Bearer ${state.accepted}`) return HttpResponse.json({ message: 'Unauthorized: sign in to continue' }, { status: 401 })
      return HttpResponse.json({ ok: true })
    }),
  )
  const renew = vi.fn(async (): Promise<RenewalOutcome> => {
    const outcome = options.outcome ?? 'renewed'
    if (outcome === 'renewed') {
      state.token = `token-${Number(state.token.split('-')[1]) + 1}`
      state.expired = false
    }
    return outcome
  })
  const client = createApiClient({
    apiBase: BASE,
    authBase: 'http://platform.test/auth/v1',
    isPlatform: true,
    getAccessToken: () => state.token,
    session: { expired: () => state.expired, renew },
  })
  return { client, state, seen, renew }
}

describe('requests with a session that renews', () => {
  it('a 401 with the session token renews it and sends the request once more, body and all', async () => {
    const { client, state, seen, renew } = setUp()
    state.accepted = 'token-2'
    const bodies: unknown[] = []
    server.use(
      http.post(`${BASE}/platform/things`, async ({ request }) => {
        bodies.push(await request.json())
        return request.headers.get('authorization') === 'Bearer token-2' ? HttpResponse.json({ id: 1 }) : HttpResponse.json({}, { status: 401 })
      }),
    )
    expect(await client.post('/platform/things', { body: { name: 'kept' } })).toEqual({ id: 1 })
    expect(renew).toHaveBeenCalledOnce()
    expect(bodies).toEqual([{ name: 'kept' }, { name: 'kept' }])
    expect(seen).toEqual([])
  })

  it('renews before sending when the stored token has expired, so no 401 is spent', async () => {
    const { client, state, seen, renew } = setUp({ expired: true })
    state.accepted = 'token-2'
    expect(await client.get('/platform/profile')).toEqual({ ok: true })
    expect(renew).toHaveBeenCalledOnce()
    expect(seen).toEqual(['Bearer token-2'])
  })

  it('sends again at most once: a 401 after the renewal goes to the caller', async () => {
    const { client, seen, renew } = setUp()
    const error = await apiFailure(client.get('/platform/profile'))
    expect(error.code).toBe(401)
    expect(error.message).toBe('Unauthorized: sign in to continue')
    expect(renew).toHaveBeenCalledOnce()
    expect(seen).toEqual(['Bearer token-1', 'Bearer token-2'])
  })

  it('a refused renewal leaves the 401 as it came (the session has ended)', async () => {
    const { client, renew } = setUp({ outcome: 'refused' })
    const error = await apiFailure(client.get('/platform/profile'))
    expect(error).toMatchObject({ code: 401, message: 'Unauthorized: sign in to continue' })
    expect(renew).toHaveBeenCalledOnce()
  })

  it('an unreachable auth service is a network failure (retried by the query policy), not a sign-out', async () => {
    const { client } = setUp({ outcome: 'unavailable' })
    const error = await apiFailure(client.get('/platform/profile'))
    expect(error.message).toBe(API_ERROR_MESSAGE.network)
    expect(error.code).toBeUndefined()
    const expired = setUp({ outcome: 'unavailable', expired: true })
    expect((await apiFailure(expired.client.get('/platform/profile'))).message).toBe(API_ERROR_MESSAGE.network)
  })

  it('a token renewed meanwhile (another request, another tab) is used without renewing again', async () => {
    const { client, state, seen, renew } = setUp()
    server.use(
      http.get(`${BASE}/platform/profile`, ({ request }) => {
        const authorization = request.headers.get('authorization')
        seen.push(authorization)
        // The other tab's renewal lands while this request is on its way.
        state.token = 'token-7'
        state.accepted = 'token-7'
        return authorization === 'Bearer token-7' ? HttpResponse.json({ ok: true }) : HttpResponse.json({}, { status: 401 })
      }),
    )
    expect(await client.get('/platform/profile')).toEqual({ ok: true })
    expect(renew).not.toHaveBeenCalled()
    expect(seen).toEqual(['Bearer token-1', 'Bearer token-7'])
  })

  it('never renews for a call bringing its own Authorization, or for the renewal call itself', async () => {
    const { client, renew } = setUp()
    await apiFailure(client.get('/platform/profile', { headers: { Authorization: 'Bearer provider-token' } }))
    await apiFailure(client.post('/platform/token', { noRenewal: true }))
    expect(renew).not.toHaveBeenCalled()
  })

  it('a 401 to a request sent without a token is not a renewal matter', async () => {
    const { client, state, renew } = setUp()
    state.token = ''
    expect((await apiFailure(client.get('/platform/profile'))).code).toBe(401)
    expect(renew).not.toHaveBeenCalled()
  })
})
