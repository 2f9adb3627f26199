import { MAX_GRID_SCROLL_HEIGHT } from '../../constants'
import type { GridColumn } from './grid-types'
/**
 * Chromium lays nothing out past 2^25 px (GRID-BENCH.md): 1,000,000 rows × 35 px already pass it,
 * and rows beyond can never be scrolled to. When rows × height would pass the cap, the scroll
 * space is shortened and the scroll position maps linearly onto the row range, so the first and
 * the last row are both reachable and every position in between shows the rows it stands for.
 */

export interface ScrollSpace {
  /** Height of the scrolled content, px. */
  height: number
  /** Rows × row height: the height the rows would take unscaled. */
  naturalHeight: number
  scaled: boolean
}

export function scrollSpace(rowCount: number, rowHeight: number, maxHeight = MAX_GRID_SCROLL_HEIGHT): ScrollSpace {
  const naturalHeight = rowCount * rowHeight
  return naturalHeight <= maxHeight ? { height: naturalHeight, naturalHeight, scaled: false } : { height: maxHeight, naturalHeight, scaled: true }
}

/**
 * Where the viewport's top stands in natural (unscaled) pixels for a scroll position: the scroll
 * range [0, height − viewport] maps onto [0, naturalHeight − viewport].
 */
export function naturalOffset(space: ScrollSpace, scrollTop: number, viewportHeight: number): number {
  if (!space.scaled) return scrollTop
  const scrollRange = Math.max(1, space.height - viewportHeight)
  const naturalRange = Math.max(0, space.naturalHeight - viewportHeight)
  return (Math.min(Math.max(scrollTop, 0), scrollRange) / scrollRange) * naturalRange
}

/** The scroll position that puts `row` at the viewport's top (as near as the scaled space allows). */
export function scrollTopForRow(space: ScrollSpace, row: number, rowHeight: number, viewportHeight: number): number {
  const naturalTop = Math.min(row * rowHeight, Math.max(0, space.naturalHeight - viewportHeight))
  if (!space.scaled) return naturalTop
  const naturalRange = Math.max(1, space.naturalHeight - viewportHeight)
  return (naturalTop / naturalRange) * Math.max(0, space.height - viewportHeight)
}

/** The rows in view for a scroll position, and where the first one is drawn relative to the viewport's top. */
export function visibleRows(space: ScrollSpace, scrollTop: number, viewportHeight: number, rowHeight: number, rowCount: number) {
  const offset = naturalOffset(space, scrollTop, viewportHeight)
  const first = Math.min(Math.floor(offset / rowHeight), Math.max(0, rowCount - 1))
  const last = Math.min(rowCount - 1, Math.floor((offset + viewportHeight - 1) / rowHeight))
  return { first, last, firstTop: first * rowHeight - offset }
}

/** Where each column begins, and (last) where the last one ends. */
export function columnOffsets(columns: readonly GridColumn[]): number[] {
  const offsets = [0]
  for (const column of columns) offsets.push(offsets[offsets.length - 1]! + column.width)
  return offsets
}

/** The first and last column in a view `width` wide from `left`. */
export function visibleColumns(offsets: readonly number[], left: number, width: number): [number, number] {
  const count = offsets.length - 1
  if (count === 0) return [0, -1]
  let first = 0
  while (first < count - 1 && offsets[first + 1]! <= left) first++
  let last = first
  while (last < count - 1 && offsets[last + 1]! < left + width) last++
  return [first, last]
}
