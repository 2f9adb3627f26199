import { useEffect } from 'react'

/** How long after the first scroll a layout change above the target (a section finishing loading) re-aligns it. */
const SETTLE_MS = 2000
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const

/**
 * Scrolls to the element the URL's #hash names once the page's data has loaded (`ready`): the browser
 * tried before the sections existed. Sections still loading above it may push it down, so for a
 * moment it is re-aligned on every layout change, until the user scrolls themselves.
 */
export function useScrollToHash(ready: boolean) {
  useEffect(() => {
    if (!ready) return
    const id = decodeURIComponent(window.location.hash.slice(1))
    const target = id ? document.getElementById(id) : null
    if (!target) return
    target.scrollIntoView({ block: 'start' })
    let userScrolled = false
    const stop = () => {
      userScrolled = true
    }
    for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true })
    const observer = new ResizeObserver(() => {
      if (!userScrolled) target.scrollIntoView({ block: 'start' })
    })
    observer.observe(document.body)
    const timer = setTimeout(() => observer.disconnect(), SETTLE_MS)
    return () => {
      clearTimeout(timer)
      observer.disconnect()
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop)
    }
  }, [ready])
}
