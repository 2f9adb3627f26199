import { http, HttpHandler, HttpResponse, type RequestHandler } from 'msw'
import { afterAll, describe, expect, it } from 'vitest'
import { MOCK_SCENARIOS } from '../../src/constants'
import { createNodeMockPlatform } from '../node'
import { prefilterHandlers, requestMayMatch } from './handler-prefilter'

const ORIGIN = 'http://localhost:4173'
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']

/** A URL the pattern matches: parameters filled, wildcards given a path, a query added. */
function exampleUrl(path: string): string {
  const filled = path.replace(/^\*/, ORIGIN).replace(/\/:[A-Za-z_]+/g, '/x1').replace(/\*/g, 'a/b')
  return `${filled.startsWith('/') ? ORIGIN + filled : filled}?q=1`
}

/** msw's own decision: the handler's parse, then its predicate (method and URL). */
async function mswMatches(handler: HttpHandler, request: Request): Promise<boolean> {
  const parsedResult = await handler.parse({ request })
  return handler.predicate({ request, parsedResult })
}

const platform = await createNodeMockPlatform()
afterAll(() => platform.platform.close())

/** Every HTTP handler of the platform, under every scenario too. */
function allHandlers(): HttpHandler[] {
  const handlers = new Set<RequestHandler>(platform.platform.handlers())
  for (const scenario of MOCK_SCENARIOS) {
    platform.platform.ctx.scenario = scenario
    for (const handler of platform.platform.handlers()) handlers.add(handler)
  }
  platform.platform.ctx.scenario = null
  return [...handlers].filter((handler): handler is HttpHandler => handler instanceof HttpHandler)
}

describe('prefiltered handlers', () => {
  const handlers = allHandlers()
  const requests = [
    ...handlers.flatMap((handler) =>
      typeof handler.info.path === 'string' ? METHODS.map((method) => new Request(exampleUrl(handler.info.path as string), { method })) : [],
    ),
    // Case does not matter to msw's path match; a query or hash is not matched.
    ...handlers.flatMap((handler) => (typeof handler.info.path === 'string' ? [new Request(exampleUrl(handler.info.path).toUpperCase().replace('HTTP://LOCALHOST:4173', ORIGIN), { method: 'get' })] : [])),
    new Request(`${ORIGIN}/assets/index-abc.js`),
    new Request(`${ORIGIN}/pglite.wasm`),
  ]

  it('never turn away a request msw would match (every handler of the platform × a request for each)', async () => {
    expect(handlers.length).toBeGreaterThan(100)
    let matched = 0
    const turnedAway: string[] = []
    for (const handler of handlers) {
      const mayMatch = requestMayMatch(handler)
      if (!mayMatch) continue
      for (const request of requests) {
        if (!(await mswMatches(handler, request))) continue
        matched++
        if (!mayMatch(request)) turnedAway.push(`${handler.info.header} ← ${request.method} ${request.url}`)
      }
    }
    expect(turnedAway).toEqual([])
    expect(matched).toBeGreaterThan(handlers.length)
  })

  it('try a request on a few handlers, not on all', () => {
    const tried = (request: Request) => handlers.filter((handler) => requestMayMatch(handler)?.(request) ?? true).length
    expect(tried(new Request(`${ORIGIN}/assets/index-abc.js`))).toBeLessThanOrEqual(5)
    expect(tried(new Request(`${ORIGIN}/api/platform/projects/abc/restore`, { method: 'POST' }))).toBeLessThanOrEqual(6)
  })

  it('answer as before once prefiltered, and a handler is wrapped once however often it is passed', async () => {
    let runs = 0
    const handler = http.get('*/platform/things/:id', ({ params }) => {
      runs++
      return HttpResponse.json({ id: params['id'] })
    })
    prefilterHandlers([handler])
    prefilterHandlers([handler])
    const answer = await handler.run({ request: new Request(`${ORIGIN}/api/platform/things/7`), requestId: '1' })
    expect(await answer?.response?.json()).toEqual({ id: '7' })
    expect(await handler.run({ request: new Request(`${ORIGIN}/api/platform/other/7`), requestId: '2' })).toBeNull()
    expect(await handler.run({ request: new Request(`${ORIGIN}/api/platform/things/7`, { method: 'POST' }), requestId: '3' })).toBeNull()
    expect(runs).toBe(1)
  })
})
