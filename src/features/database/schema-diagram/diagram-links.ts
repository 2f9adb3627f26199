import { columnOffset, edgeCurve, type Diagram } from './diagram-model'
import { drawInDiagramUnits, paintPane, type OverviewCard, type OverviewContext, type OverviewView } from './diagram-overview'

/**
 * A large schema at reading size: the pane's dots and every key's line drawn on one canvas under the
 * cards, which stay DOM (names to open, columns to read). As SVG, the 150–200 lines that cross the view
 * of a 500-table schema and the dotted pattern were repainted with the cards on every frame of a pan
 * (a software raster of the whole pane a frame: 30–40 fps, traced); on a canvas they are one layer,
 * drawn once a frame in 1–2 ms.
 */

/** React Flow's dotted background, as the smaller diagrams show it: a dot every 24 units. */
export const DOT_GAP = 24

export interface LinkColours {
  canvas: string
  dots: string
  line: string
  selected: string
}

export type LinksContext = OverviewContext & Pick<CanvasRenderingContext2D, 'lineTo' | 'closePath'>

/** An arrow's length and half width, in the diagram's units (as React Flow's closed arrow at a line's end). */
const ARROW = { length: 9, halfWidth: 4.5 }

export function drawLinks(context: LinksContext, diagram: Diagram, cards: ReadonlyMap<string, OverviewCard>, view: OverviewView, colours: LinkColours) {
  const [x, y, zoom] = view.transform
  const ratio = view.pixelRatio
  paintPane(context, view, colours.canvas)

  // The dots in the device's pixels, where the diagram's grid falls on the pane.
  const gap = DOT_GAP * zoom * ratio
  const dot = Math.max(1, zoom * ratio)
  context.beginPath()
  const left = (((x * ratio) % gap) + gap) % gap
  const top = (((y * ratio) % gap) + gap) % gap
  for (let dx = left; dx < view.width * ratio; dx += gap) for (let dy = top; dy < view.height * ratio; dy += gap) context.rect(dx - dot / 2, dy - dot / 2, dot, dot)
  context.fillStyle = colours.dots
  context.fill()

  drawInDiagramUnits(context, view)
  const pixel = 1 / zoom
  // The selected cards' lines are drawn over the others, in the accent colour.
  const paths = { line: [] as number[][], selected: [] as number[][] }
  for (const edge of diagram.edges) {
    const source = cards.get(edge.source)
    const target = cards.get(edge.target)
    if (!source || !target) continue
    const curve = edgeCurve(source.table, source.at, columnOffset(source.table, edge.sourceColumn), target.table, target.at, columnOffset(target.table, edge.targetColumn))
    paths[source.selected || target.selected ? 'selected' : 'line'].push([...curve])
  }
  const stroke = (curves: number[][], colour: string, width: number) => {
    if (curves.length === 0) return
    context.beginPath()
    for (const [x1, y1, c1x, c1y, c2x, c2y, x2, y2] of curves) {
      context.moveTo(x1!, y1!)
      context.bezierCurveTo(c1x!, c1y!, c2x!, c2y!, x2!, y2!)
    }
    context.strokeStyle = colour
    context.lineWidth = width
    context.stroke()
    // Each line ends in an arrow at the key it references, pointing the way the line arrives.
    context.beginPath()
    for (const [, , , , c2x, , x2, y2] of curves) {
      const way = x2! >= c2x! ? 1 : -1
      context.moveTo(x2!, y2!)
      context.lineTo(x2! - way * ARROW.length, y2! - ARROW.halfWidth)
      context.lineTo(x2! - way * ARROW.length, y2! + ARROW.halfWidth)
      context.closePath()
    }
    context.fillStyle = colour
    context.fill()
  }
  stroke(paths.line, colours.line, Math.max(1, pixel))
  stroke(paths.selected, colours.selected, Math.max(2, 2 * pixel))
}
