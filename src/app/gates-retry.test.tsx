import { QueryClientProvider } from '@tanstack/react-query'
import { sampleOrganization } from '../test/sample-records'
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../api/query-client'
import { setSession } from '../api/session'
import { PERMISSION_MESSAGE } from '../constants'
import { AddressSection } from '../features/billing/AddressSection'
import ProjectHomePage from '../features/projects/ProjectHomePage'
import { ProfileGate } from './ProfileGate'

/**
 * SPEC §7 retries a failing call after 1, 2 and 4 s: about 7 s in front of a spinner. Each gate a
 * whole page waits behind says meanwhile that the server is failing and when the next try is, and
 * after the last try shows the error with Try again (which starts the tries over).
 */
const REF = 'abcdefghijklmnopqrst'
const PROFILE = { id: 1, gotrue_id: 'u1', username: 'demo', primary_email: 'demo@example.com', auth0_id: 'email|1', disabled_features: [], identities: [] }
const ORGANIZATION = sampleOrganization()

/** Every call answers; the ones ending in `failing` answer 500 Internal server error. */
function stubPlatform(failing: string) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (path.endsWith(failing)) return json({ message: 'Internal server error' }, 500)
    if (path.endsWith('/platform/profile')) return json(PROFILE)
    if (path.endsWith('/platform/organizations')) return json([ORGANIZATION])
    // A 5xx on the permission list is reported (SPEC §6).
    if (path.endsWith('/platform/error-reports')) return json({})
    return json({ message: `unexpected ${path}` }, 404)
  })
  vi.stubGlobal('fetch', fetchMock)
  return () => fetchMock.mock.calls.filter(([input]) => new URL(String(input)).pathname.endsWith(failing)).length
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
const notice = () => screen.queryByText(/Trying again/)?.textContent ?? null

const GATES: { gate: string; failing: string; title: string; render: () => ReactNode }[] = [
  {
    gate: 'profile',
    failing: '/platform/profile',
    title: 'Your profile could not be loaded',
    render: () => (
      <ProfileGate>
        <p>Signed in screen</p>
      </ProfileGate>
    ),
  },
  {
    gate: 'project',
    failing: `/platform/projects/${REF}`,
    title: 'Failed to load the project',
    render: () => (
      <Router hook={memoryLocation({ path: `/project/${REF}` }).hook}>
        <Route path="/project/:ref" component={ProjectHomePage} />
      </Router>
    ),
  },
  {
    gate: 'permissions',
    failing: '/platform/profile/permissions',
    title: PERMISSION_MESSAGE.loadFailed,
    render: () => <AddressSection organization={ORGANIZATION} />,
  },
]

beforeEach(() => {
  vi.useFakeTimers()
  setSession({ accessToken: 'token', expiresAt: Date.now() / 1000 + 3600, user: { id: 'u1', email: 'demo@example.com' } })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe.each(GATES)('the $gate gate under a failing server', ({ failing, title, render: screenUnderTest }) => {
  it('counts down to each next try, then shows the error with Try again', async () => {
    const tries = stubPlatform(failing)
    render(<QueryClientProvider client={createQueryClient()}>{screenUnderTest()}</QueryClientProvider>)
    await advance(0)
    expect(tries()).toBe(1)
    expect(notice()).toBe('The server is failing: Internal server error. Trying again in 1 s.')
    await advance(1000)
    expect(tries()).toBe(2)
    expect(notice()).toBe('The server is failing: Internal server error. Trying again in 2 s.')
    await advance(1000)
    expect(notice()).toBe('The server is failing: Internal server error. Trying again in 1 s.')
    await advance(1000)
    expect(tries()).toBe(3)
    expect(notice()).toBe('The server is failing: Internal server error. Trying again in 4 s.')
    await advance(3000)
    expect(notice()).toBe('The server is failing: Internal server error. Trying again in 1 s.')
    await advance(1000)
    expect(tries()).toBe(4)
    await advance(100)
    const failure = screen.getByRole('alert')
    expect(failure.textContent).toContain(title)
    expect(failure.textContent).toContain('Internal server error')
    expect(notice()).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await advance(0)
    expect(tries()).toBe(5)
    expect(notice()).toBe('The server is failing: Internal server error. Trying again in 1 s.')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
