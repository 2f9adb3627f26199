import { getResponse } from 'msw'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UNSTORABLE_TEXT_BODY_FIELD, UNSTORABLE_TEXT_MESSAGE } from '../../src/constants'
import { createMockPlatform, type MockPlatform } from '../platform'
import { TEST_API_BASE } from '../testing'

let platform: MockPlatform
beforeAll(async () => {
  platform = await createMockPlatform({ databases: () => Promise.reject(new Error('no database needed')) })
})
afterAll(() => platform.close())

const post = (path: string, body: string, type: string | null = 'application/json') =>
  getResponse(platform.handlers(), new Request(`${TEST_API_BASE}${path}`, { method: 'POST', headers: type ? { 'content-type': type } : {}, body }))

describe('a body holding text PostgreSQL cannot store', () => {
  it('is refused with 400 naming the field before the handler runs (before it even checks the session)', async () => {
    const answer = await post('/platform/organizations', JSON.stringify({ name: 'Evil\u0000Corp', tier: 'tier_free' }))
    expect(answer?.status).toBe(400)
    expect(await answer?.json()).toEqual({ message: UNSTORABLE_TEXT_MESSAGE('name', 'U+0000') })
    // Untyped bodies are read as JSON by the handlers, so they are looked at too; a bare string names the body.
    const bare = await post('/platform/organizations', JSON.stringify('\ud800'), null)
    expect(await bare?.json()).toEqual({ message: UNSTORABLE_TEXT_MESSAGE(UNSTORABLE_TEXT_BODY_FIELD, 'U+D800') })
  })

  it('is left to the handlers when it is not JSON, and unhandled where no platform handler answers', async () => {
    const bytes = await post('/platform/organizations', 'raw\u0000bytes', 'application/octet-stream')
    expect(bytes?.status).toBe(401)
    expect(await post('/platform/no-such-call', JSON.stringify({ name: 'Evil\u0000Corp' }))).toBeUndefined()
  })
})
