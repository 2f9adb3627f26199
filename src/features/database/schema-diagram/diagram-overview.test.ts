import { describe, expect, it } from 'vitest'
import { largeSchemaGraph } from '../../../test/large-schema'
import { recordingCanvas } from '../../../test/recording-canvas'
import { layoutDiagram } from './diagram-layout'
import { CARD_HEADER_HEIGHT, CARD_WIDTH, diagramOf } from './diagram-model'
import { drawOverview, fittedNames, type OverviewCard, type OverviewContext, type OverviewView } from './diagram-overview'

const COLOURS = { canvas: 'c-canvas', card: 'c-card', header: 'c-header', border: 'c-border', text: 'c-text', line: 'c-line', selected: 'c-selected' }

const recordingContext = () => recordingCanvas<OverviewContext>()

function scene(tables: number, keys: number) {
  const diagram = diagramOf(largeSchemaGraph(tables, keys))
  const placed = layoutDiagram(diagram)
  const cards = new Map<string, OverviewCard>(diagram.tables.map((table, index) => [table.key, { table, at: placed.get(table.key)!, selected: index === 0 }]))
  const names = new Map(diagram.tables.map((table) => [table.key, table.name]))
  return { diagram, cards, names }
}

/** The whole drawing in a 1440 × 900 pane at `zoom`, its top left corner at the pane's. */
const viewOf = (zoom: number, x = 0, y = 0): OverviewView => ({ width: 1440, height: 900, pixelRatio: 2, transform: [x, y, zoom] })

describe('the zoomed-out diagram on a canvas', () => {
  it('draws every key as one path of curves between headers, and every card in view as a box with its header', () => {
    const { diagram, cards, names } = scene(120, 150)
    const { context, named } = recordingContext()
    drawOverview(context, diagram, cards, names, viewOf(0.05), COLOURS)
    expect(named('bezierCurveTo')).toHaveLength(diagram.edges.length)
    expect(named('stroke')[0]).toMatchObject({ strokeStyle: 'c-line', boxes: 0 })
    // A line leaves and meets a header's middle.
    const first = diagram.edges[0]!
    const [, y1] = named('moveTo')[0]!.args as number[]
    expect(y1).toBe(cards.get(first.source)!.at.y + CARD_HEADER_HEIGHT / 2)
    // Every card's body, then every header, a path per colour; a border each, the selected one in the accent colour and thicker.
    expect(named('fill').map(({ fillStyle, boxes }) => [fillStyle, boxes])).toEqual([
      ['c-card', 120],
      ['c-header', 120],
    ])
    const [, borders, selected] = named('stroke')
    expect(borders).toMatchObject({ strokeStyle: 'c-border', boxes: 119 })
    expect(selected).toMatchObject({ strokeStyle: 'c-selected', boxes: 1, lineWidth: 2 * borders!.lineWidth })
  })

  it('keeps lines and borders a screen pixel wide at any zoom, in the device’s pixels', () => {
    const { diagram, cards, names } = scene(10, 8)
    const { context, named } = recordingContext()
    drawOverview(context, diagram, cards, names, viewOf(0.05, 30, 40), COLOURS)
    expect(named('setTransform').at(-1)!.args).toEqual([0.1, 0, 0, 0.1, 60, 80])
    expect(named('stroke')[0]!.lineWidth).toBeCloseTo(20)
    // The pane is painted whole in its own colour first (a canvas the size of the pane at twice the pixels).
    expect(named('fillRect')[0]).toMatchObject({ fillStyle: 'c-canvas', args: [0, 0, 2880, 1800] })
  })

  it('writes the names once they can be read, and not below (a name 14 units high under 4 pixels is a smudge)', () => {
    const { diagram, cards, names } = scene(10, 8)
    const small = recordingContext()
    drawOverview(small.context, diagram, cards, names, viewOf(0.2), COLOURS)
    expect(small.named('fillText')).toHaveLength(0)
    const readable = recordingContext()
    drawOverview(readable.context, diagram, cards, names, viewOf(0.4), COLOURS)
    const inView = [...cards.values()].filter(({ at, table }) => at.x * 0.4 < 1440 && at.y * 0.4 < 900 && (at.x + table.width) * 0.4 > 0 && (at.y + table.height) * 0.4 > 0)
    expect(readable.named('fillText').map((call) => call.args[0]).sort()).toEqual(inView.map(({ table }) => table.name).sort())
    expect(readable.named('fillText')[0]!.fillStyle).toBe('c-text')
  })

  it('draws no card that lies outside the pane', () => {
    const { diagram, cards, names } = scene(10, 8)
    const { context, named } = recordingContext()
    // Panned far to the right of everything.
    drawOverview(context, diagram, cards, names, viewOf(0.4, -100_000, 0), COLOURS)
    expect(named('rect')).toHaveLength(0)
    expect(named('fillText')).toHaveLength(0)
  })

  it('cuts a name its header cannot hold with an ellipsis, measured once, and leaves the others whole', () => {
    const { diagram } = scene(3, 0)
    const [short, long] = diagram.tables
    long!.name = 'a'.repeat(80)
    // Ten units a letter: a header 280 wide (256 inside its margins) holds 24 letters and the ellipsis.
    const names = fittedNames(diagram.tables, (text) => text.length * 10)
    expect(names.get(short!.key)).toBe(short!.name)
    expect(names.get(long!.key)).toBe(`${'a'.repeat(24)}…`)
    expect(CARD_WIDTH - 24).toBeGreaterThanOrEqual(names.get(long!.key)!.length * 10)
  })
})
