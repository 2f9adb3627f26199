import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_GRID_SCROLL_HEIGHT } from '../../constants'
import { scrollSpace, scrollTopForRow, visibleRows } from './scroll-space'

const ROW = 35
const VIEW = 700

describe('scroll space', () => {
  it('is the natural height below the cap, and the cap above it', () => {
    expect(scrollSpace(1000, ROW)).toEqual({ height: 35_000, naturalHeight: 35_000, scaled: false })
    expect(scrollSpace(10_000_000, ROW)).toEqual({ height: MAX_GRID_SCROLL_HEIGHT, naturalHeight: 350_000_000, scaled: true })
    expect(MAX_GRID_SCROLL_HEIGHT).toBeLessThan(2 ** 25)
  })

  it('reaches the first and the last row of a 10,000,000-row table', () => {
    const space = scrollSpace(10_000_000, ROW)
    const top = visibleRows(space, 0, VIEW, ROW, 10_000_000)
    expect(top.first).toBe(0)
    expect(top.firstTop).toBe(0)
    const bottom = visibleRows(space, space.height - VIEW, VIEW, ROW, 10_000_000)
    expect(bottom.last).toBe(9_999_999)
    // The last row is drawn fully inside the viewport.
    expect(bottom.firstTop + (bottom.last - bottom.first + 1) * ROW).toBeLessThanOrEqual(VIEW + ROW)
  })

  it('scrolling to a row shows that row at the top, scaled or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (rowCount, fraction) => {
        const space = scrollSpace(rowCount, ROW)
        const lastTop = Math.max(0, rowCount - Math.floor(VIEW / ROW))
        const row = Math.floor(fraction * lastTop)
        // The browser keeps whole pixels: one scroll pixel is worth naturalHeight / height natural pixels.
        const scrollTop = Math.round(scrollTopForRow(space, row, ROW, VIEW))
        const { first } = visibleRows(space, scrollTop, VIEW, ROW, rowCount)
        const rowsPerScrollPixel = space.naturalHeight / space.height / ROW
        expect(Math.abs(first - row)).toBeLessThanOrEqual(space.scaled ? Math.ceil(rowsPerScrollPixel) : 0)
      }),
    )
  })

  it('moves monotonically: a lower scroll position never shows an earlier row', () => {
    const space = scrollSpace(5_000_000, ROW)
    let previous = -1
    for (let top = 0; top <= space.height - VIEW; top += 9973) {
      const { first } = visibleRows(space, top, VIEW, ROW, 5_000_000)
      expect(first).toBeGreaterThanOrEqual(previous)
      previous = first
    }
  })
})
