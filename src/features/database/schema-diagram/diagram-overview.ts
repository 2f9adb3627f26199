import { CARD_HEADER_HEIGHT, edgeCurve, type Diagram, type DiagramTable } from './diagram-model'
import type { Point } from './diagram-positions'

/**
 * The diagram zoomed out, drawn on one canvas: each card a box with its name, each key a line between
 * headers. Below the names-only zoom a large schema's cards and lines as DOM and SVG cost the browser a
 * hit test of every line and a new compositing of every element on each pointer move of a pan (500
 * tables fitted: 21 fps, a move 20–100 ms, traced); the canvas is one element, redrawn per frame.
 */

/** From this many relations the names-only zoom is drawn on a canvas; fewer stay cards a screen reader and a pointer reach. */
export const OVERVIEW_FROM_TABLES = 100

/** A card's name is drawn this large (in the diagram's units), as the card's header shows it. */
const NAME_FONT_SIZE = 14
export const NAME_FONT = `600 ${NAME_FONT_SIZE}px system-ui, sans-serif`
/** Below this many pixels on screen a name would be a smudge: the boxes alone are drawn. */
const SMALLEST_READABLE_PX = 4

export interface OverviewColours {
  canvas: string
  card: string
  header: string
  border: string
  text: string
  line: string
  selected: string
}

export interface OverviewCard {
  table: DiagramTable
  at: Point
  selected: boolean
}

/** What the canvas draws besides the cards: the pane's size and the viewport's [x, y, zoom] (React Flow's transform). */
export interface OverviewView {
  width: number
  height: number
  pixelRatio: number
  transform: readonly [number, number, number]
}

/** The part of CanvasRenderingContext2D the drawing uses (a test records it). */
export type OverviewContext = Pick<
  CanvasRenderingContext2D,
  'setTransform' | 'fillRect' | 'beginPath' | 'rect' | 'moveTo' | 'bezierCurveTo' | 'fill' | 'stroke' | 'fillText' | 'fillStyle' | 'strokeStyle' | 'lineWidth' | 'font' | 'textBaseline'
>

/** A name cut with an ellipsis to what its card's header holds, measured once per diagram (the width does not change with the zoom). */
export function fittedNames(tables: readonly DiagramTable[], measure: (text: string) => number): Map<string, string> {
  const names = new Map<string, string>()
  for (const table of tables) {
    const room = table.width - 24
    let name = table.name
    if (measure(name) > room) {
      let length = name.length
      while (length > 1 && measure(`${name.slice(0, length)}…`) > room) length--
      name = `${name.slice(0, length)}…`
    }
    names.set(table.key, name)
  }
  return names
}

/** Whether a card lies in the pane's view at all (a zoomed pan skips the rest). */
function inView(card: OverviewCard, view: OverviewView): boolean {
  const [x, y, zoom] = view.transform
  const left = card.at.x * zoom + x
  const top = card.at.y * zoom + y
  return left < view.width && top < view.height && left + card.table.width * zoom > 0 && top + card.table.height * zoom > 0
}

/** The whole pane in one colour, in the device's pixels (a canvas's drawing starts so). */
export function paintPane(context: OverviewContext, view: OverviewView, colour: string) {
  context.setTransform(1, 0, 0, 1, 0, 0)
  context.fillStyle = colour
  context.fillRect(0, 0, view.width * view.pixelRatio, view.height * view.pixelRatio)
}

/** From here on, the diagram's own units: React Flow's pan and zoom, at the device's pixel ratio. */
export function drawInDiagramUnits(context: OverviewContext, view: OverviewView) {
  const [x, y, zoom] = view.transform
  const ratio = view.pixelRatio
  context.setTransform(zoom * ratio, 0, 0, zoom * ratio, x * ratio, y * ratio)
}

export function drawOverview(context: OverviewContext, diagram: Diagram, cards: ReadonlyMap<string, OverviewCard>, names: ReadonlyMap<string, string>, view: OverviewView, colours: OverviewColours) {
  const zoom = view.transform[2]
  paintPane(context, view, colours.canvas)
  drawInDiagramUnits(context, view)
  // One screen pixel at least, whatever the zoom.
  const pixel = 1 / zoom

  context.beginPath()
  for (const edge of diagram.edges) {
    const source = cards.get(edge.source)
    const target = cards.get(edge.target)
    if (!source || !target) continue
    const [x1, y1, c1x, c1y, c2x, c2y, x2, y2] = edgeCurve(source.table, source.at, CARD_HEADER_HEIGHT / 2, target.table, target.at, CARD_HEADER_HEIGHT / 2)
    context.moveTo(x1, y1)
    context.bezierCurveTo(c1x, c1y, c2x, c2y, x2, y2)
  }
  context.strokeStyle = colours.line
  context.lineWidth = Math.max(1.5, pixel)
  context.stroke()

  // Each colour's boxes as one path: a fill or stroke per colour, not one call per card.
  const shown = [...cards.values()].filter((card) => inView(card, view))
  const paint = (style: 'fill' | 'stroke', colour: string, which: readonly OverviewCard[], box: (card: OverviewCard) => [number, number, number, number]) => {
    if (which.length === 0) return
    context.beginPath()
    for (const card of which) context.rect(...box(card))
    if (style === 'fill') {
      context.fillStyle = colour
      context.fill()
    } else {
      context.strokeStyle = colour
      context.stroke()
    }
  }
  paint('fill', colours.card, shown, ({ table, at }) => [at.x, at.y, table.width, table.height])
  paint('fill', colours.header, shown, ({ table, at }) => [at.x, at.y, table.width, Math.min(CARD_HEADER_HEIGHT, table.height)])
  context.lineWidth = pixel
  paint('stroke', colours.border, shown.filter((card) => !card.selected), ({ table, at }) => [at.x, at.y, table.width, table.height])
  context.lineWidth = 2 * pixel
  paint('stroke', colours.selected, shown.filter((card) => card.selected), ({ table, at }) => [at.x, at.y, table.width, table.height])
  if (NAME_FONT_SIZE * zoom < SMALLEST_READABLE_PX) return
  context.fillStyle = colours.text
  context.font = NAME_FONT
  context.textBaseline = 'middle'
  for (const { table, at } of shown) context.fillText(names.get(table.key) ?? table.name, at.x + 12, at.y + CARD_HEADER_HEIGHT / 2)
}
