import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, type RefObject } from 'react'
import { css } from 'styled-system/css'

/**
 * The row virtualizer of our lists and grids. A sticky header of `headerHeight` sits above the rows
 * inside the scroller, so rows start below it and scrolling to one never hides it under the header.
 */
export function useRowVirtualizer({
  scroller,
  count,
  rowHeight,
  headerHeight = 0,
  overscan = 12,
}: {
  scroller: RefObject<HTMLElement | null>
  count: number
  rowHeight: number
  headerHeight?: number
  overscan?: number
}) {
  return useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan,
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
  })
}

/**
 * A virtualized list's row, a grid of its cells placed by its own translateY: muted under the pointer
 * and ringed when focused from the keyboard. A list adds its height and its marks with
 * `css(virtualRowStyle, { … })`.
 */
export const virtualRowStyle = css.raw({
  display: 'grid',
  position: 'absolute',
  top: '0',
  left: '0',
  w: 'full',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid token(colors.accent.default)', outlineOffset: '-2px' },
})

/**
 * Keyboard focus moved to a row the virtualizer has not rendered yet: set `.current` to its index
 * (and scroll to it); the row is focused after the render that brings it (`data-index` on the row).
 */
export function usePendingRowFocus(scroller: RefObject<HTMLElement | null>) {
  const pendingFocus = useRef<number | null>(null)
  useEffect(() => {
    if (pendingFocus.current === null) return
    const element = scroller.current?.querySelector<HTMLElement>(`[data-index="${pendingFocus.current}"]`)
    if (!element) return
    pendingFocus.current = null
    element.focus({ preventScroll: true })
  })
  return pendingFocus
}

/** Reads of the rows in view are asked for at most this often (first and last call kept). */
const RANGE_READ_INTERVAL_MS = 100
/** About a viewport of rows per frame at 60 Hz: faster than this, rows are gone before a read answers. */
const FAST_SCROLL_ROWS_PER_MS = 1

/**
 * Asks `read(first, last)` for the rows in view of a list whose rows are read as they come into
 * view: at most every RANGE_READ_INTERVAL_MS, and not at all while the rows fly past faster than
 * FAST_SCROLL_ROWS_PER_MS (a fling: the read waits until the scroll slows or stops, rather than
 * queueing reads for rows long gone). A move after a rest (a jump: a click in the scroll track, a
 * drag's first landing, Ctrl+End) reads at once: most often the view stays there.
 */
export function usePacedRangeReads(first: number, last: number, count: number, read: (first: number, last: number) => void) {
  const lastRead = useRef(0)
  const lastMove = useRef({ first: 0, at: 0 })
  useEffect(() => {
    if (count === 0) return
    const now = performance.now()
    const sinceLastMove = now - lastMove.current.at
    const speed = sinceLastMove >= RANGE_READ_INTERVAL_MS ? 0 : Math.abs(first - lastMove.current.first) / Math.max(1, sinceLastMove)
    lastMove.current = { first, at: now }
    const ask = () => {
      lastRead.current = performance.now()
      read(first, last)
    }
    const wait = speed > FAST_SCROLL_ROWS_PER_MS ? RANGE_READ_INTERVAL_MS : lastRead.current + RANGE_READ_INTERVAL_MS - now
    if (wait <= 0) return ask()
    const timer = setTimeout(ask, wait)
    return () => clearTimeout(timer)
  }, [read, first, last, count])
}
