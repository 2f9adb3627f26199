import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { StrictMode, type ReactNode } from 'react'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../api/query-client'
import { setSession } from '../api/session'
import { useFeatureEnabled } from '../features/permissions/use-feature'
import ProjectHomePage from '../features/projects/ProjectHomePage'
import { ProjectShell } from '../features/project-shell'
import { ProfileGate } from './ProfileGate'

/**
 * `npm run dev` renders under StrictMode: every effect mounts, unmounts and mounts again. A fetch
 * the first mount started is cancelled (its observers left) or aborted (its actor stopped), and
 * that must never reach a screen as a failure.
 */
const PROFILE = { id: 1, gotrue_id: 'u1', username: 'demo', primary_email: 'demo@example.com', auth0_id: 'email|1', disabled_features: [], identities: [] }
const PROJECT = {
  id: 11,
  ref: 'abcdefghijklmnopqrst',
  name: 'Main app',
  organization_id: 7,
  cloud_provider: 'AWS',
  region: 'us-east-1',
  status: 'ACTIVE_HEALTHY',
  connectionString: 'encrypted:abc',
  inserted_at: '2026-11-01T00:00:00Z',
  dbVersion: 'supabase-postgres-17.4.1.001',
  infra_compute_size: 'micro',
}

function stubPlatform() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname
    // Answer a little later, as a network would, so the first mount's fetch is still in flight.
    await new Promise((resolve) => setTimeout(resolve, 20))
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError')
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    if (path.endsWith('/platform/profile')) return json(PROFILE)
    if (path.endsWith(`/platform/projects/${PROJECT.ref}`)) return json(PROJECT)
    if (path.endsWith('/platform/organizations')) return json([])
    return new Response(JSON.stringify({ message: `unexpected ${path}` }), { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function strict(children: ReactNode) {
  return (
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
    </StrictMode>
  )
}

/** Observes the profile the way the top bar does (a disabled observer reading the cache). */
function ProfileReader() {
  useFeatureEnabled('theme:switch')
  return null
}

beforeEach(() => {
  setSession({ accessToken: 'token', expiresAt: Date.now() / 1000 + 3600, user: { id: 'u1', email: 'demo@example.com' } })
})
afterEach(() => vi.unstubAllGlobals())

describe('StrictMode (the development build)', () => {
  it('the profile gate loads the profile while the top bar observes it', async () => {
    stubPlatform()
    render(
      strict(
        <>
          <ProfileReader />
          <ProfileGate>
            <p>Signed in screen</p>
          </ProfileGate>
        </>,
      ),
    )
    expect(await screen.findByText('Signed in screen')).toBeTruthy()
    expect(screen.queryByText('Your profile could not be loaded')).toBeNull()
  })

  it('a healthy project home does not fall back to polling', async () => {
    const fetchMock = stubPlatform()
    const { hook } = memoryLocation({ path: `/project/${PROJECT.ref}` })
    render(
      strict(
        <Router hook={hook}>
          <Route path="/project/:ref">
            {(params) => (
              <ProjectShell projectRef={params.ref}>
                <ProjectHomePage />
              </ProjectShell>
            )}
          </Route>
        </Router>,
      ),
    )
    expect(await screen.findByRole('heading', { name: 'Main app' })).toBeTruthy()
    // Let every fetch of both mounts settle before judging.
    await waitFor(() => expect(fetchMock.mock.results.every((r) => r.type !== 'incomplete')).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(screen.queryByText(/Checking status every/)).toBeNull()
  })
})
