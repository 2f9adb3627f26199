import { afterAll, beforeAll, vi } from 'vitest'

/** jsdom has no ResizeObserver, and Ark's positioning (menus, tooltips) and the grids observe sizes: a silent one. Undone by vi.unstubAllGlobals(). */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
}

/** jsdom has no layout: every element reports these sizes, so a virtualized list renders the rows in view. Answers the undo. */
export function stubElementSizes(sizes: { clientHeight: number; clientWidth: number }): () => void {
  for (const [name, value] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value })
  return () => {
    for (const name of Object.keys(sizes)) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name]
  }
}

/** A test file's layout: the silent ResizeObserver and these element sizes from before its first test, the sizes undone after its last. */
export function stubLayoutInFile(sizes: { clientHeight: number; clientWidth: number }): void {
  let unstubSizes = () => {}
  beforeAll(() => {
    stubResizeObserver()
    unstubSizes = stubElementSizes(sizes)
  })
  afterAll(() => unstubSizes())
}
