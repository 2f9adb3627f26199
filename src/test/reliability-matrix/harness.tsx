import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render } from '@testing-library/react'
import { getResponse, type RequestHandler } from 'msw'
import { Component, useState, type ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { vi } from 'vitest'
import type { PlatformContext } from '../../../mock-platform/context'
import { createMockDatabase } from '../../../mock-platform/records/db'
import { scenarioHandlers } from '../../../mock-platform/handlers/scenarios'
import type { MockScenario } from '../../constants'

/** The client a matrix screen reads from: what the row put in the cache is fresh, nothing retries. */
export function testClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity }, mutations: { retry: false } } })
}

export function Providers({ client, path = '/', children }: { client: QueryClient; path?: string; children: ReactNode }) {
  // Once per mount: a new memory location on every render would send each navigation back to `path`.
  const [location] = useState(() => memoryLocation({ path }))
  return (
    <QueryClientProvider client={client}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    </QueryClientProvider>
  )
}

class Catch extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error)
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}

/** Renders, lets effects and microtasks run, and says whether anything threw; the DOM stays for checks until cleanup(). */
export async function renderCaught(node: ReactNode): Promise<{ crash: unknown | null }> {
  let crash: unknown | null = null
  try {
    render(<Catch onError={(error) => (crash ??= error)}>{node}</Catch>)
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  } catch (error) {
    crash ??= error
  }
  return { crash }
}

export const unmountAll = () => cleanup()

/** A platform context for the mock platform's stores, kept in this page's local storage. */
export function storageContext(key: string): PlatformContext {
  return {
    db: createMockDatabase(),
    contentPersistence: { storage: localStorage, key, revision: null },
  } as unknown as PlatformContext
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
export { json as jsonResponse }

/**
 * The platform as fetch sees it: the fault's own handlers from mock-platform/handlers/scenarios.ts answer
 * first (as they do in front of the real handlers), then `answer`. Returns the requests made.
 */
export function stubPlatform(fault: MockScenario | null, answer: (request: Request, body: unknown) => Response | undefined) {
  const handlers = (fault ? scenarioHandlers(fault, storageContext('unused')) : []) as RequestHandler[]
  const requests: { method: string; path: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input))
      const method = init?.method ?? 'GET'
      const text = typeof init?.body === 'string' ? init.body : undefined
      const body = text === undefined ? undefined : JSON.parse(text)
      requests.push({ method, path: url.pathname, body })
      const request = new Request(url, { method, headers: init?.headers, body: text })
      const faulty = await getResponse(handlers, request.clone())
      if (faulty) {
        // HttpResponse.error(): what fetch does when no answer comes.
        if (faulty.type === 'error') throw new TypeError('Failed to fetch')
        return faulty
      }
      return answer(request, body) ?? json({ message: `not answered in the matrix: ${method} ${url.pathname}` }, 404)
    }),
  )
  return requests
}

// ---------------------------------------------------------------------------------------------
// Script and markup checks

/** Tags markup-rendering places may make of a payload's Markdown: harmless, and checked for links. */
const MARKDOWN_TAGS = new Set(['P', 'STRONG', 'EM', 'CODE', 'PRE', 'UL', 'OL', 'LI', 'SPAN', 'BR', 'BLOCKQUOTE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HR', 'DEL', 'A'])
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'poster', 'background']
// eslint-disable-next-line no-control-regex -- browsers skip leading control characters of a URL: a script URL may begin with them
const SCRIPT_URL = /^[\s\u0000-\u001f]*(?:javascript|vbscript|data)\s*:/i

export function installScriptSentinel(): { hits: () => number } {
  let hits = 0
  const sentinel = () => void (hits += 1)
  vi.stubGlobal('__xss', sentinel)
  vi.stubGlobal('alert', sentinel)
  return { hits: () => hits }
}

/** Tag names in the page now (the place rendered with harmless text): anything beyond them came from a payload. */
export function tagsInPage(): Set<string> {
  return new Set([...document.body.querySelectorAll('*')].map((element) => element.tagName))
}

/** What a payload managed to put in the page: elements of its own, event handlers, script URLs. */
export function injections(allowedTags: ReadonlySet<string>): string[] {
  const found: string[] = []
  for (const element of document.body.querySelectorAll('*')) {
    if (!allowedTags.has(element.tagName) && !MARKDOWN_TAGS.has(element.tagName)) found.push(`<${element.tagName.toLowerCase()}>`)
    for (const attribute of element.attributes) {
      if (attribute.name.startsWith('on')) found.push(`${attribute.name}= on <${element.tagName.toLowerCase()}>`)
      if (URL_ATTRIBUTES.includes(attribute.name) && SCRIPT_URL.test(attribute.value)) found.push(`${attribute.name}="${attribute.value.slice(0, 40)}"`)
      if (attribute.name === 'style' && /javascript:|expression\(|url\(/i.test(attribute.value)) found.push(`style="${attribute.value.slice(0, 40)}"`)
    }
  }
  return found
}

/** Whether the page shows `text`: as text, or as the value of a field. */
export function pageShows(text: string): boolean {
  if (document.body.textContent?.includes(text)) return true
  return [...document.body.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].some((field) => field.value.includes(text))
}

/** One write of the matrix: made with the user's input while the platform answers as `stub` says; true when the input is kept (saved, or still there to retry). */
export interface WriteRow {
  write: string
  run: (fault: MockScenario, stub: typeof stubPlatform) => Promise<boolean>
}

/** What the database saw of a write: the last SQL sent to pg-meta (answered `[]` unless the fault answers first). */
export function recordPgMeta(fault: MockScenario, stub: typeof stubPlatform) {
  const seen = { sql: '' }
  stub(fault, (request, body) => {
    if (!request.url.includes('/pg-meta/')) return undefined
    seen.sql = String((body as { query?: string }).query ?? '')
    return json([])
  })
  return seen
}
