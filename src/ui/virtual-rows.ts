import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, type RefObject } from 'react'

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
