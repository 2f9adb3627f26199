import { describe, expect, it } from 'vitest'
import { largeSchemaGraph } from '../../../test/large-schema'
import { recordingCanvas } from '../../../test/recording-canvas'
import { layoutDiagram } from './diagram-layout'
import { DOT_GAP, drawLinks, type LinksContext } from './diagram-links'
import { columnOffset, diagramOf } from './diagram-model'
import type { OverviewCard, OverviewView } from './diagram-overview'

const COLOURS = { canvas: 'c-canvas', dots: 'c-dots', line: 'c-line', selected: 'c-selected' }

function scene(tables: number, keys: number, selected: (index: number) => boolean = () => false) {
  const diagram = diagramOf(largeSchemaGraph(tables, keys))
  const placed = layoutDiagram(diagram)
  const cards = new Map<string, OverviewCard>(diagram.tables.map((table, index) => [table.key, { table, at: placed.get(table.key)!, selected: selected(index) }]))
  return { diagram, cards }
}

const viewOf = (zoom: number, x = 0, y = 0, pixelRatio = 1): OverviewView => ({ width: 1440, height: 900, pixelRatio, transform: [x, y, zoom] })

describe('a large schema’s lines and dots on a canvas under its cards', () => {
  it('draws every key as a curve from its column’s row to the row it references, each ending in an arrow', () => {
    const { diagram, cards } = scene(120, 150)
    const { context, named } = recordingCanvas<LinksContext>()
    drawLinks(context, diagram, cards, viewOf(0.6), COLOURS)
    expect(named('bezierCurveTo')).toHaveLength(diagram.edges.length)
    const lines = named('stroke')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ strokeStyle: 'c-line', boxes: 0 })
    // The first moveTo after the dots is the first key's start: its column's row, not the header.
    const edge = diagram.edges.find((e) => columnOffset(cards.get(e.source)!.table, e.sourceColumn) > 40)!
    const index = diagram.edges.indexOf(edge)
    const [, y1] = named('moveTo')[index]!.args as number[]
    expect(y1).toBe(cards.get(edge.source)!.at.y + columnOffset(cards.get(edge.source)!.table, edge.sourceColumn))
    const [, , , , , y2] = named('bezierCurveTo')[index]!.args as number[]
    expect(y2).toBe(cards.get(edge.target)!.at.y + columnOffset(cards.get(edge.target)!.table, edge.targetColumn))
    // An arrow a key: three corners, closed, filled in the line's colour after the lines.
    expect(named('closePath')).toHaveLength(diagram.edges.length)
    expect(named('lineTo')).toHaveLength(2 * diagram.edges.length)
    expect(named('fill').at(-1)).toMatchObject({ fillStyle: 'c-line' })
  })

  it('points each arrow the way its line arrives', () => {
    const { diagram, cards } = scene(30, 40)
    const { context, named } = recordingCanvas<LinksContext>()
    drawLinks(context, diagram, cards, viewOf(1), COLOURS)
    const curves = named('bezierCurveTo').map((call) => call.args as number[])
    const tips = named('lineTo').map((call) => call.args as number[])
    curves.forEach(([, , c2x, , x2], index) => {
      const [backX] = tips[2 * index]!
      // The arrow's base lies behind its tip, on the side the curve comes from.
      expect(Math.sign(x2! - backX!)).toBe(x2! >= c2x! ? 1 : -1)
    })
  })

  it('draws a selected card’s lines last, in the accent colour and thicker', () => {
    const { diagram, cards } = scene(60, 80, (index) => index === 0)
    const selectedKey = diagram.tables[0]!.key
    const touching = diagram.edges.filter((e) => e.source === selectedKey || e.target === selectedKey).length
    expect(touching).toBeGreaterThan(0)
    const { context, named } = recordingCanvas<LinksContext>()
    drawLinks(context, diagram, cards, viewOf(0.5), COLOURS)
    const [others, selected] = named('stroke')
    expect(others).toMatchObject({ strokeStyle: 'c-line' })
    expect(selected).toMatchObject({ strokeStyle: 'c-selected', lineWidth: 2 * others!.lineWidth })
    expect(named('bezierCurveTo')).toHaveLength(diagram.edges.length)
    expect(named('fill').at(-1)).toMatchObject({ fillStyle: 'c-selected' })
  })

  it('paints the pane, then the dots on the diagram’s grid in the device’s pixels, as one path', () => {
    const { diagram, cards } = scene(3, 0)
    const { context, named } = recordingCanvas<LinksContext>()
    drawLinks(context, diagram, cards, viewOf(1, 12, 0, 2), COLOURS)
    expect(named('fillRect')[0]).toMatchObject({ fillStyle: 'c-canvas', args: [0, 0, 2880, 1800] })
    const dots = named('rect')
    const gap = DOT_GAP * 2
    // Panned 12 pixels right: the grid's first column is 24 device pixels in (half a gap at twice the pixels).
    expect(Math.min(...dots.map((call) => (call.args[0] as number) + 1))).toBe(24)
    expect(dots).toHaveLength(Math.ceil((2880 - 24) / gap) * Math.ceil(1800 / gap))
    expect(named('fill')[0]).toMatchObject({ fillStyle: 'c-dots', boxes: dots.length })
  })

  it('keeps a line a screen pixel wide when zoomed out', () => {
    const { diagram, cards } = scene(10, 8)
    const { context, named } = recordingCanvas<LinksContext>()
    drawLinks(context, diagram, cards, viewOf(0.5), COLOURS)
    expect(named('stroke')[0]!.lineWidth).toBe(2)
  })
})
