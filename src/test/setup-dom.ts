import { afterEach } from 'vitest'
import { cleanup } from '@testing-library/react'

// jsdom has no CSS.escape, which every browser has and Ark's dialog focus trap calls. Simplified:
// test ids and selectors here are plain words.
if (typeof globalThis.CSS?.escape !== 'function') {
  Object.defineProperty(globalThis, 'CSS', { value: { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) }, configurable: true })
}

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
