import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { sampleSnippet } from '../../test/sample-records'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { queryKeys } from '../../api/queries/keys'
import { setSession } from '../../api/session'
import { stubResizeObserver } from '../../test/resize-observer'
import { clearRenameFailure } from './rename-failures'
import { SnippetSidebar } from './SnippetSidebar'

const REF = 'abcdefghijklmnopqrst'
const SNIPPET = sampleSnippet('00000000-0000-4000-8000-000000000001')

/** Saves answer 500 while `failing`, else echo the snippet back renamed. */
function stubContent(state: { failing: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
      if (init?.method === 'PUT' && new URL(String(input)).pathname.endsWith(`/projects/${REF}/content`)) {
        if (state.failing) return json({ message: 'Internal server error' }, 500)
        const body = JSON.parse(String(init.body)) as { name: string }
        return json({ ...SNIPPET, name: body.name })
      }
      return json({ message: 'unexpected' }, 404)
    }),
  )
}

function renderSidebar() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  client.setQueryData(queryKeys.snippetList(REF), [SNIPPET])
  client.setQueryData(queryKeys.snippetFolders(REF), [])
  render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: `/project/${REF}/sql/${SNIPPET.id}` }).hook}>
        <SnippetSidebar projectRef={REF} activeId={SNIPPET.id} draftsVersion={0} />
      </Router>
    </QueryClientProvider>,
  )
}

async function rename(user: ReturnType<typeof userEvent.setup>, from: string, to: string) {
  screen.getByRole('button', { name: `Actions for ${from}` }).focus()
  await user.keyboard('{ArrowDown}')
  await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menu'))
  await user.keyboard('{Enter}')
  const dialog = await screen.findByRole('dialog', { name: 'Rename snippet' })
  const field = within(dialog).getByLabelText('Snippet name')
  await user.clear(field)
  await user.type(field, to)
  await user.click(within(dialog).getByRole('button', { name: 'Rename' }))
}

beforeAll(stubResizeObserver)
afterAll(() => vi.unstubAllGlobals())
beforeEach(() => setSession({ accessToken: 'token', expiresAt: Date.now() / 1000 + 3600, user: { id: 'u1', email: 'demo@example.com' } }))
afterEach(() => clearRenameFailure(REF, SNIPPET.id))

describe('a snippet rename the server refuses', () => {
  it('says so beside the name, keeps the typed name, and Retry renames it', async () => {
    const state = { failing: true }
    stubContent(state)
    renderSidebar()
    const user = userEvent.setup()
    await rename(user, 'Monthly report', 'Quarterly report')
    const note = await screen.findByRole('alert', { name: 'Rename failed' })
    expect(note.textContent).toContain('Not renamed to “Quarterly report”: Internal server error.')
    // Beside the name it keeps: the server's.
    expect(note.closest('li')?.textContent).toContain('Monthly report')
    state.failing = false
    await user.click(within(note).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Rename failed' })).toBeNull())
    expect(screen.getByRole('link', { name: 'Quarterly report' })).toBeTruthy()
  })

  it('Discard keeps the name the server has', async () => {
    stubContent({ failing: true })
    renderSidebar()
    const user = userEvent.setup()
    await rename(user, 'Monthly report', 'Another name')
    const note = await screen.findByRole('alert', { name: 'Rename failed' })
    await user.click(within(note).getByRole('button', { name: 'Discard' }))
    expect(screen.queryByRole('alert', { name: 'Rename failed' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Monthly report' })).toBeTruthy()
  })
})
