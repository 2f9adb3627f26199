import { afterEach, beforeEach } from 'vitest'
import { cleanup, configure } from '@testing-library/react'
import { toaster } from '../ui/toast-region'

// findBy…/waitFor wait up to 5 s (default 1 s) for what must appear: a busy 2-core machine renders
// a screen and answers its queries in more than a second. Nothing that must stay hidden waits.
configure({ asyncUtilTimeout: 5_000 })

// jsdom has no CSS.escape, which every browser has and Ark's dialog focus trap calls. Simplified:
// test ids and selectors here are plain words.
if (typeof globalThis.CSS?.escape !== 'function') {
  Object.defineProperty(globalThis, 'CSS', { value: { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) }, configurable: true })
}

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
  toaster.remove()
})
// The app's one toaster outlives a file where files share modules (vite.config.ts): toasts left
// queued, or raised late by a file's work still settling after it ended, would hide the next
// test's (three show at once).
beforeEach(() => toaster.remove())
