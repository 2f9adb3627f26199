import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS } from '../src/constants'
import { startMockPlatformServer } from './server'

let running: Awaited<ReturnType<typeof startMockPlatformServer>>
beforeAll(async () => {
  running = await startMockPlatformServer({ port: 0 })
})
afterAll(() => running.close())

describe('the standalone mock platform server', () => {
  it('answers over real HTTP, with CORS for a built app on another origin', async () => {
    const preflight = await fetch(`${running.url}/platform/organizations`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:4173', 'access-control-request-method': 'GET' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:4173')

    const signIn = await fetch(`${running.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_CREDENTIALS),
    })
    expect(signIn.status).toBe(200)
    const { access_token } = (await signIn.json()) as { access_token: string }
    const organizations = await fetch(`${running.url}/platform/organizations`, { headers: { authorization: `Bearer ${access_token}` } })
    expect(organizations.status).toBe(200)
    expect(((await organizations.json()) as unknown[]).length).toBeGreaterThan(3)
  })

  it('answers 404 with a message for an unknown path', async () => {
    const answer = await fetch(`${running.url}/platform/nowhere`)
    expect(answer.status).toBe(404)
    expect(await answer.json()).toMatchObject({ message: expect.stringContaining('No mock for GET') })
  })
})
