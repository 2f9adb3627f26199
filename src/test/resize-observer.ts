import { vi } from 'vitest'

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
