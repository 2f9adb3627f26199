import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { setSession } from '../../api/session'
import { isSafeReturnPath, resolveReturnPath, signInPathFor } from '../../lib/return-path'
import { ALL_SCENARIOS_SORTED, CORRUPT_VALUES, RETURN_TO_VALUES, WRITE_FAULTS, XSS_PAYLOADS } from './corpora'
import { injections, installScriptSentinel, pageShows, renderCaught, stubPlatform, tagsInPage, unmountAll } from './harness'
import { STORAGE_ROWS, resetRows } from './rows'
import { WRITE_ROWS } from './write-rows'
import { stubElementSizes, stubResizeObserver } from '../resize-observer'
import { XSS_PLACES } from './xss-places'

/**
 * Nothing lost, nothing crashes, nothing runs: every row of ./rows.tsx against the corpora of
 * ./corpora.ts. Each part counts what it tried and what went wrong, and the summary prints them.
 */
const tally = {
  storage: { keys: 0, tried: 0, crashes: [] as string[], silent: [] as string[], trusted: [] as string[] },
  writes: { writes: 0, faults: 0, losses: [] as string[] },
  xss: { payloads: 0, places: 0, executions: [] as string[] },
  returnTo: { values: 0, escapes: [] as string[] },
}

let unstubSizes: () => void
beforeAll(() => {
  // jsdom has no layout: the grids measure a size, and Ark's positioning observes one.
  stubResizeObserver()
  unstubSizes = stubElementSizes({ clientHeight: 28 * 60, clientWidth: 1200 })
  // jsdom scrolls nothing.
  Element.prototype.scrollIntoView = () => {}
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'info').mockImplementation(() => {})
})
beforeEach(() => setSession({ accessToken: 'token', expiresAt: Date.now() / 1000 + 3600, user: { id: 'u1', email: 'demo@example.com' } }))
afterEach(() => {
  unmountAll()
  resetRows()
  localStorage.clear()
  sessionStorage.clear()
})
afterAll(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  unstubSizes()
  const { storage, writes, xss, returnTo } = tally
  console.log(
    [
      'Reliability matrix:',
      `storage ${storage.keys} keys × ${CORRUPT_VALUES.length} values (+ ${storage.tried - storage.keys * CORRUPT_VALUES.length} for single keys) = ${storage.tried} tried, crashes ${storage.crashes.length} (silent discards ${storage.silent.length}, unsafe values trusted ${storage.trusted.length});`,
      `writes ${writes.writes} × faults ${writes.faults} = ${writes.writes * writes.faults}, losses ${writes.losses.length};`,
      `XSS payloads ${xss.payloads} × places ${xss.places} = ${xss.payloads * xss.places}, executions ${xss.executions.length};`,
      `returnTo values ${returnTo.values}, escapes ${returnTo.escapes.length}`,
    ].join(' '),
  )
})

const warned = () => (console.warn as unknown as { mock: { calls: unknown[] } }).mock.calls.length

describe('every browser-storage key × corrupt values: read safely, with a warning, never a crash', () => {
  it.each(STORAGE_ROWS)('$key', async (row) => {
    tally.storage.keys += 1
    const storage = row.storage === 'local' ? localStorage : sessionStorage
    // A screen is rendered once per different value the read gave (most corrupt values read as nothing).
    const rendered = new Set<string>()
    for (const { label, raw } of [...CORRUPT_VALUES, ...(row.hostile ?? [])]) {
      tally.storage.tried += 1
      const what = `${row.key} ← ${label}`
      localStorage.clear()
      sessionStorage.clear()
      storage.setItem(row.key, raw)
      const warningsBefore = warned()
      let value: unknown
      try {
        value = await row.read()
      } catch (error) {
        tally.storage.crashes.push(`${what}: read threw ${String(error)}`)
        continue
      }
      // Changed or removed by the read: it must have said so.
      const moved = row.movesTo !== undefined && storage.getItem(row.movesTo) !== null
      if (storage.getItem(row.key) !== raw && warned() === warningsBefore && !moved) tally.storage.silent.push(what)
      if (!row.safe(value)) tally.storage.trusted.push(`${what}: ${JSON.stringify(value)?.slice(0, 80)}`)
      try {
        row.use?.(value)
      } catch (error) {
        tally.storage.crashes.push(`${what}: using it threw ${String(error)}`)
      }
      const seen = JSON.stringify(value) ?? 'undefined'
      if (row.render && !rendered.has(seen)) {
        rendered.add(seen)
        storage.setItem(row.key, raw)
        const { crash } = await renderCaught(row.render())
        if (crash) tally.storage.crashes.push(`${what}: the screen crashed: ${String(crash)}`)
        unmountAll()
        resetRows()
      }
    }
    expect(tally.storage.crashes.filter((c) => c.startsWith(row.key))).toEqual([])
    expect(tally.storage.silent.filter((c) => c.startsWith(row.key))).toEqual([])
    expect(tally.storage.trusted.filter((c) => c.startsWith(row.key))).toEqual([])
  })
})

describe('every write × each fault: the user’s input is kept', () => {
  it('every scenario of mock-platform/handlers/scenarios.ts is sorted into write faults or not', () => {
    expect(ALL_SCENARIOS_SORTED).toBe(true)
  })

  it.each(WRITE_ROWS)('$write', async (row) => {
    tally.writes.writes += 1
    tally.writes.faults = WRITE_FAULTS.length
    for (const fault of WRITE_FAULTS) {
      const kept = await row.run(fault, stubPlatform).catch((error: unknown) => {
        tally.writes.losses.push(`${row.write} under ${fault}: threw ${String(error)}`)
        return true
      })
      if (!kept) tally.writes.losses.push(`${row.write} under ${fault}`)
      unmountAll()
      resetRows()
      localStorage.clear()
    }
    expect(tally.writes.losses.filter((loss) => loss.startsWith(row.write))).toEqual([])
  })
})

describe('XSS payloads × every place that shows what users and servers wrote: nothing runs, nothing is injected', () => {
  it.each(XSS_PLACES)('$place', async (place) => {
    tally.xss.places += 1
    tally.xss.payloads = XSS_PAYLOADS.length
    const sentinel = installScriptSentinel()
    // With harmless text first: what the place itself is made of, and that it shows the text at all.
    const marker = 'plain words 7391'
    const { crash: baseCrash } = await renderCaught(place.render([marker]))
    expect(baseCrash).toBeNull()
    expect(pageShows(marker)).toBe(true)
    const allowed = tagsInPage()
    unmountAll()
    resetRows()
    localStorage.clear()

    const batch = place.batch ?? XSS_PAYLOADS.length
    for (let start = 0; start < XSS_PAYLOADS.length; start += batch) {
      const payloads = XSS_PAYLOADS.slice(start, start + batch)
      const { crash } = await renderCaught(place.render(payloads))
      if (crash) tally.xss.executions.push(`${place.place}: crashed on ${JSON.stringify(payloads[0])}: ${String(crash)}`)
      for (const found of injections(allowed)) tally.xss.executions.push(`${place.place}: ${found} from ${batch === 1 ? JSON.stringify(payloads[0]) : 'a payload'}`)
      unmountAll()
      resetRows()
      localStorage.clear()
    }
    if (sentinel.hits() > 0) tally.xss.executions.push(`${place.place}: script ran ${sentinel.hits()} times`)
    expect(tally.xss.executions.filter((e) => e.startsWith(place.place))).toEqual([])
  })
})

describe('the matrix’s own checks', () => {
  it('find markup a place would inject', async () => {
    await renderCaught(<div dangerouslySetInnerHTML={{ __html: XSS_PAYLOADS.slice(0, 3).join('') }} />)
    expect(injections(new Set(['DIV'])).length).toBeGreaterThan(0)
  })
})

describe('returnTo values: never off the site, never back to signing in or out', () => {
  it(`${RETURN_TO_VALUES.length} values`, () => {
    expect(RETURN_TO_VALUES.length).toBeGreaterThanOrEqual(200)
    const origin = 'https://studio.example'
    for (const value of RETURN_TO_VALUES) {
      tally.returnTo.values += 1
      for (const options of [undefined, { basePath: '/dashboard' }, { otherParams: new URLSearchParams({ next: value, a: '1' }) }]) {
        const result = resolveReturnPath(value, options)
        const target = new URL(result, origin)
        const escaped =
          !isSafeReturnPath(result) || target.origin !== origin || /^\/(?:logout|sign-in|sign-up)\/?$/i.test(target.pathname)
        if (escaped) tally.returnTo.escapes.push(`${JSON.stringify(value)} → ${result}`)
      }
      const signIn = new URL(signInPathFor(value), origin)
      const back = resolveReturnPath(signIn.searchParams.get('returnTo'), { otherParams: signIn.searchParams })
      if (new URL(back, origin).origin !== origin || /^\/(?:logout|sign-in|sign-up)\/?$/i.test(new URL(back, origin).pathname)) {
        tally.returnTo.escapes.push(`${JSON.stringify(value)} via the sign-in URL → ${back}`)
      }
    }
    expect(tally.returnTo.escapes).toEqual([])
  })
})
