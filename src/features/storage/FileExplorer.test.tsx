import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StorageBucket, StorageObject } from '../../api/queries/storage'
import { setSession } from '../../api/session'
import { stubElementSizes, stubResizeObserver } from '../../test/resize-observer'
import { FileExplorer } from './FileExplorer'
import { useFolderListing } from './use-folder-listing'
import { resetExplorerView, setExplorerView } from './view-mode'

const REF = 'abcdefghijklmnopqrst'
const BUCKET: StorageBucket = { id: 'docs', name: 'docs', owner: null, public: false, file_size_limit: null, allowed_mime_types: null, created_at: '2026-11-24T10:00:00Z', updated_at: '2026-11-24T10:00:00Z', type: 'STANDARD' }
const folder = (name: string): StorageObject => ({ id: null, name, bucket_id: 'docs', owner: null, created_at: null, updated_at: null, last_accessed_at: null, metadata: null })
const file = (name: string): StorageObject => ({ ...folder(name), id: `id-${name}`, created_at: '2026-11-24T10:00:00Z', updated_at: '2026-11-24T10:00:00Z', metadata: { size: 12, mimetype: 'text/plain' } })

/** The bucket's folders as the list endpoint serves them; a folder in `held` answers only when released. */
let folders: Map<string, StorageObject[]>
let held: Map<string, () => void>
let listCalls: { path: string; offset: number }[]

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

beforeAll(() => {
  stubResizeObserver()
})
let undoSizes: () => void
beforeEach(() => {
  undoSizes = stubElementSizes({ clientHeight: 30 * 20, clientWidth: 1200 })
  setSession({ accessToken: 'token', expiresAt: Date.now() / 1000 + 3600, user: { id: 'u1', email: 'demo@example.com' } })
  folders = new Map()
  held = new Map()
  listCalls = []
  resetExplorerView()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input)
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      if (url.endsWith('/objects/list')) {
        const { path, options } = body as { path: string; options: { limit: number; offset: number; recursive?: boolean } }
        listCalls.push({ path, offset: options.offset })
        if (held.has(path)) await new Promise<void>((resolve) => held.set(path, resolve))
        if (options.recursive) return answer((folders.get(path) ?? []).filter((o) => o.id !== null).map((o) => ({ ...o, name: `${path}/${o.name}` })))
        return answer((folders.get(path) ?? []).slice(options.offset, options.offset + options.limit))
      }
      return answer({ message: `not served: ${url}` }, 404)
    }),
  )
})
afterEach(() => {
  undoSizes()
  vi.unstubAllGlobals()
  stubResizeObserver()
  localStorage.clear()
})
afterAll(() => vi.unstubAllGlobals())

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}

/** The explorer with the folder in its own state, as the page keeps it in the address. */
function Explorer({ start = '', onNavigated }: { start?: string; onNavigated?: (path: string) => void }) {
  const [path, setPath] = useState(start)
  return (
    <>
      <button type="button" onClick={() => setPath('fast')}>
        go fast
      </button>
      <FileExplorer
        projectRef={REF}
        bucket={BUCKET}
        folderPath={path}
        onNavigate={(next) => {
          onNavigated?.(next)
          setPath(next)
        }}
      />
    </>
  )
}

describe('the files explorer', () => {
  it('switching folders quickly shows the last one chosen, never a late answer for another', async () => {
    setExplorerView('list')
    folders.set('', [folder('slow'), folder('fast')])
    folders.set('slow', [file('from-slow.txt')])
    folders.set('fast', [file('from-fast.txt')])
    held.set('slow', () => {})
    render(<Explorer />, { wrapper })
    fireEvent.click(await screen.findByRole('row', { name: 'slow' }))
    await waitFor(() => expect(listCalls.some((c) => c.path === 'slow')).toBe(true))
    // Before "slow" answers, the user goes on to "fast".
    fireEvent.click(screen.getByRole('button', { name: 'go fast' }))
    expect(await screen.findByRole('row', { name: 'from-fast.txt' })).toBeTruthy()
    await act(async () => {
      held.get('slow')!()
      await new Promise((resolve) => setTimeout(resolve, 20))
    })
    expect(screen.queryByRole('row', { name: 'from-slow.txt' })).toBeNull()
    expect(screen.getByRole('row', { name: 'from-fast.txt' })).toBeTruthy()
  })

  it('column view: the arrows move, Enter opens a folder, Delete asks with the count of files', async () => {
    folders.set('', [folder('invoices'), file('readme.txt')])
    folders.set('invoices', [file('a.pdf'), file('b.pdf'), file('.emptyFolderPlaceholder')])
    const navigated: string[] = []
    render(<Explorer onNavigated={(path) => navigated.push(path)} />, { wrapper })
    const grid = await screen.findByRole('grid', { name: 'Files in docs' })
    const first = await within(grid).findByRole('row', { name: 'invoices' })
    first.focus()
    fireEvent.keyDown(first, { key: 'ArrowDown' })
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('readme.txt'))
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' })
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('invoices'))
    fireEvent.keyDown(document.activeElement!, { key: 'Delete' })
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete folder invoices' })
    // The placeholder keeping the folder is not a file to the user.
    expect(await within(dialog).findByRole('button', { name: 'Delete 2 files' })).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    // The dialog gives the focus back to the entry it was asked from.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('invoices'))
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' })
    expect(navigated).toEqual(['invoices'])
    expect(await screen.findByRole('grid', { name: 'Files in invoices' })).toBeTruthy()
  })

  it('reads a folder page after page as the end comes near, until every entry is there', async () => {
    folders.set('big', Array.from({ length: 450 }, (_, i) => file(`f-${String(i).padStart(3, '0')}`)))
    const { result } = renderHook(() => useFolderListing(REF, 'docs', 'big'), { wrapper })
    await waitFor(() => expect(result.current.items).toHaveLength(200))
    result.current.reached(50)
    expect(listCalls).toHaveLength(1)
    act(() => result.current.reached(150))
    await waitFor(() => expect(result.current.items).toHaveLength(400))
    act(() => result.current.reached(399))
    await waitFor(() => expect(result.current.items).toHaveLength(450))
    expect(result.current.query.hasNextPage).toBe(false)
    expect(listCalls.map((c) => c.offset)).toEqual([0, 200, 400])
  })
})
