import { CARD_HEADER_HEIGHT, CARD_ROW_HEIGHT, columnOffset, edgeCurve, type Diagram, type DiagramTable } from './diagram-model'
import type { Point } from './diagram-positions'

/**
 * The diagram as a standalone SVG file, drawn from the same model and positions as the screen (not
 * copied from the page, whose cards are HTML): light colours whatever the theme, fonts a viewer has,
 * every name escaped. PNG is this SVG painted on a canvas.
 */

const MARGIN = 32
const COLOURS = { canvas: '#f8f9fa', card: '#ffffff', header: '#f1f3f5', border: '#c1c8cd', text: '#11181c', muted: '#5b6166', line: '#7c858c', key: '#a35200', view: '#0b68cb' }
// Letters, not emoji: an SVG viewer may have no emoji font.
const MARK_GLYPH = { primary: 'PK', foreign: 'FK', unique: 'UQ' } as const

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Text cut to what a width of `max` characters holds, with an ellipsis. */
const fit = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

function cardSvg(table: DiagramTable, at: Point): string {
  const { x, y } = at
  const kind = table.type === 'table' ? '' : table.type === 'view' ? 'view' : table.type === 'materialized_view' ? 'materialized view' : 'foreign table'
  const parts = [
    `<g class="card">`,
    `<rect x="${x}" y="${y}" width="${table.width}" height="${table.height}" rx="6" fill="${COLOURS.card}" stroke="${COLOURS.border}"/>`,
    `<path d="M${x} ${y + CARD_HEADER_HEIGHT}h${table.width}" stroke="${COLOURS.border}"/>`,
    `<text x="${x + 12}" y="${y + 25}" font-weight="600" fill="${COLOURS.text}">${escapeXml(fit(table.name, kind ? 24 : 34))}</text>`,
  ]
  if (kind) parts.push(`<text x="${x + table.width - 12}" y="${y + 25}" text-anchor="end" font-size="11" fill="${COLOURS.view}">${kind}</text>`)
  table.columns.forEach((column, index) => {
    const rowY = y + CARD_HEADER_HEIGHT + index * CARD_ROW_HEIGHT + 17
    const glyph = column.mark ? MARK_GLYPH[column.mark] : ''
    if (glyph) parts.push(`<text x="${x + 8}" y="${rowY}" font-size="9" font-weight="600" fill="${COLOURS.key}">${glyph}</text>`)
    parts.push(`<text x="${x + 28}" y="${rowY}" fill="${COLOURS.text}">${escapeXml(fit(column.name, 20))}</text>`)
    parts.push(`<text x="${x + table.width - 10}" y="${rowY}" text-anchor="end" font-size="11" fill="${COLOURS.muted}">${escapeXml(fit(column.type, 16))}</text>`)
  })
  if (table.hiddenColumns > 0) {
    const rowY = y + CARD_HEADER_HEIGHT + table.columns.length * CARD_ROW_HEIGHT + 17
    parts.push(`<text x="${x + 28}" y="${rowY}" font-size="11" fill="${COLOURS.muted}">${table.hiddenColumns} more columns</text>`)
  }
  parts.push('</g>')
  return parts.join('')
}

/** The bounds of every card, so the file is as large as the drawing. */
export function diagramBounds(diagram: Diagram, placed: ReadonlyMap<string, Point>) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity
  for (const table of diagram.tables) {
    const at = placed.get(table.key)
    if (!at) continue
    minX = Math.min(minX, at.x)
    minY = Math.min(minY, at.y)
    maxX = Math.max(maxX, at.x + table.width)
    maxY = Math.max(maxY, at.y + table.height)
  }
  if (minX === Infinity) return { x: 0, y: 0, width: 0, height: 0 }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY }
}

/** A foreign key's line: out of the source column's row on the side facing the target, into the target's key column. */
function edgePath(source: DiagramTable, sourceAt: Point, sourceColumn: string, target: DiagramTable, targetAt: Point, targetColumn: string): string {
  const [x1, y1, c1x, c1y, c2x, c2y, x2, y2] = edgeCurve(source, sourceAt, columnOffset(source, sourceColumn), target, targetAt, columnOffset(target, targetColumn))
  return `M${x1} ${y1}C${c1x} ${c1y} ${c2x} ${c2y} ${x2} ${y2}`
}

export function diagramSvg(diagram: Diagram, placed: ReadonlyMap<string, Point>, title: string): { svg: string; width: number; height: number } {
  const bounds = diagramBounds(diagram, placed)
  const width = Math.ceil(bounds.width + MARGIN * 2)
  const height = Math.ceil(bounds.height + MARGIN * 2)
  const byKey = new Map(diagram.tables.map((t) => [t.key, t]))
  const lines: string[] = []
  for (const edge of diagram.edges) {
    const source = byKey.get(edge.source)
    const target = byKey.get(edge.target)
    const sourceAt = placed.get(edge.source)
    const targetAt = placed.get(edge.target)
    if (!source || !target || !sourceAt || !targetAt) continue
    lines.push(`<path d="${edgePath(source, sourceAt, edge.sourceColumn, target, targetAt, edge.targetColumn)}" fill="none" stroke="${COLOURS.line}" stroke-width="1.5" marker-end="url(#arrow)"><title>${escapeXml(edge.name)}</title></path>`)
  }
  const cards = diagram.tables.flatMap((table) => {
    const at = placed.get(table.key)
    return at ? [cardSvg(table, at)] : []
  })
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${bounds.x - MARGIN} ${bounds.y - MARGIN} ${width} ${height}" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="13">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="${COLOURS.line}"/></marker></defs>`,
    `<rect x="${bounds.x - MARGIN}" y="${bounds.y - MARGIN}" width="${width}" height="${height}" fill="${COLOURS.canvas}"/>`,
    ...lines,
    ...cards,
    '</svg>',
  ].join('\n')
  return { svg, width, height }
}

/** Browsers refuse canvases past about 16,384 px a side or 268 million pixels: a large diagram is scaled to fit. */
const CANVAS_SIDE_LIMIT = 16_384
const CANVAS_AREA_LIMIT = 268_000_000

export function pngScale(width: number, height: number, wanted = 2): number {
  if (width <= 0 || height <= 0) return wanted
  return Math.min(wanted, CANVAS_SIDE_LIMIT / width, CANVAS_SIDE_LIMIT / height, Math.sqrt(CANVAS_AREA_LIMIT / (width * height)))
}

/** Paints the SVG on a canvas and gives it back as PNG (in the browser). */
export async function svgToPng({ svg, width, height }: { svg: string; width: number; height: number }): Promise<Blob> {
  const scale = pngScale(width, height)
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = Math.max(1, Math.floor(width * scale))
    canvas.height = Math.max(1, Math.floor(height * scale))
    const context = canvas.getContext('2d')
    if (!context) throw new Error('This browser cannot draw the diagram as an image.')
    context.scale(scale, scale)
    context.drawImage(image, 0, 0, width, height)
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image was too large to make.'))), 'image/png'))
  } finally {
    URL.revokeObjectURL(url)
  }
}
