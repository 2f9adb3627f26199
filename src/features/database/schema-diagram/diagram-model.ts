import type { GraphColumn, GraphTable, SchemaGraph, TableEntityType } from '../../../api/schemas'

/**
 * A schema as the diagram draws it: a card per table or view (its columns with their key marks), a
 * line per foreign key column pair whose two ends are both on the diagram; a key to a table of
 * another schema is told on its column instead. The card's size follows its columns, so the layout
 * and the SVG export place rows where the screen draws them.
 */

/**
 * How the diagram is fitted in view: a margin, and never larger than life (a small schema's cards stay
 * at their size); the cards hidden under the zoomed-out canvas count (DiagramOverview).
 */
export const FIT_VIEW = { padding: 0.1, maxZoom: 1, includeHiddenNodes: true } as const
/** Small enough that Fit shows the whole of a 500-table schema on a laptop's screen (it needs ≈ 0.046). */
export const MIN_ZOOM = 0.02

export const CARD_WIDTH = 280
export const CARD_HEADER_HEIGHT = 40
export const CARD_ROW_HEIGHT = 26
/** Past this many columns a card shows the first ones and a count of the rest (a 300-column table would be a wall). */
export const CARD_COLUMN_LIMIT = 40

export type ColumnMark = 'primary' | 'foreign' | 'unique' | null

export interface DiagramColumn {
  name: string
  type: string
  nullable: boolean
  mark: ColumnMark
  /** A foreign key to a table outside the schema: where it points ("other.table"). */
  elsewhere: string | null
  /** A foreign key within the schema: the column it points at ("table.column"), as the card's row tells a screen reader. */
  references: string | null
}

export interface DiagramTable {
  /** The table's name: unique in its schema, and what kept positions are keyed by. */
  key: string
  id: number
  name: string
  type: TableEntityType
  comment: string | null
  columns: DiagramColumn[]
  /** Columns past CARD_COLUMN_LIMIT, not drawn. */
  hiddenColumns: number
  width: number
  height: number
}

export interface DiagramEdge {
  key: string
  /** The foreign key constraint's name. */
  name: string
  source: string
  sourceColumn: string
  target: string
  targetColumn: string
}

export interface Diagram {
  tables: DiagramTable[]
  edges: DiagramEdge[]
}

export const cardHeight = (rows: number) => CARD_HEADER_HEIGHT + Math.max(rows, 1) * CARD_ROW_HEIGHT

/** The vertical middle of a column's row, from the card's top; a hidden column meets the card's header. */
export function columnOffset(table: DiagramTable, column: string): number {
  const index = table.columns.findIndex((c) => c.name === column)
  return index === -1 ? CARD_HEADER_HEIGHT / 2 : CARD_HEADER_HEIGHT + index * CARD_ROW_HEIGHT + CARD_ROW_HEIGHT / 2
}

/** A line's ends and bend (a cubic curve): [x1, y1, c1x, c1y, c2x, c2y, x2, y2]. */
export type EdgeCurve = readonly [number, number, number, number, number, number, number, number]

/**
 * A foreign key's line, from `y1` down the source card to `y2` down the target's: out of the side facing
 * the target, into the target's near side; a table's key to itself loops out of its right side.
 */
export function edgeCurve(source: DiagramTable, sourceAt: { x: number; y: number }, y1: number, target: DiagramTable, targetAt: { x: number; y: number }, y2: number): EdgeCurve {
  if (source === target) {
    const x = sourceAt.x + source.width
    return [x, sourceAt.y + y1, x + 40, sourceAt.y + y1, x + 40, targetAt.y + y2, x, targetAt.y + y2]
  }
  const rightward = targetAt.x + target.width / 2 >= sourceAt.x + source.width / 2
  const x1 = rightward ? sourceAt.x + source.width : sourceAt.x
  const x2 = rightward ? targetAt.x : targetAt.x + target.width
  const bend = Math.max(40, Math.abs(x2 - x1) / 2) * (rightward ? 1 : -1)
  return [x1, sourceAt.y + y1, x1 + bend, sourceAt.y + y1, x2 - bend, targetAt.y + y2, x2, targetAt.y + y2]
}

function markOf(table: GraphTable, column: GraphColumn, foreign: ReadonlySet<string>): ColumnMark {
  if (table.primary_key.includes(column.name)) return 'primary'
  if (foreign.has(column.name)) return 'foreign'
  if (table.constraints.some((c) => c.kind === 'unique' && c.columns.length === 1 && c.columns[0] === column.name)) return 'unique'
  return null
}

export function diagramOf(graph: SchemaGraph): Diagram {
  const names = new Map(graph.tables.map((t) => [t.id, t.name]))
  const foreignColumns = new Map<number, Set<string>>()
  const elsewhere = new Map<string, string>()
  const references = new Map<string, string>()
  const edges: DiagramEdge[] = []
  for (const key of graph.foreign_keys) {
    const source = names.get(key.source_id)
    if (source === undefined) continue
    const columns = foreignColumns.get(key.source_id) ?? new Set()
    foreignColumns.set(key.source_id, columns)
    const target = key.target_schema === graph.schema ? names.get(key.target_id) : undefined
    key.source_columns.forEach((column, index) => {
      columns.add(column)
      const targetColumn = key.target_columns[index] ?? key.target_columns[0] ?? ''
      if (target === undefined) elsewhere.set(`${source}\u0000${column}`, `${key.target_schema}.${key.target_name}`)
      else {
        edges.push({ key: `${source}\u0000${key.name}\u0000${column}`, name: key.name, source, sourceColumn: column, target, targetColumn })
        if (!references.has(`${source}\u0000${column}`)) references.set(`${source}\u0000${column}`, `${target}.${targetColumn}`)
      }
    })
  }
  const tables = graph.tables.map((table): DiagramTable => {
    const foreign = foreignColumns.get(table.id) ?? new Set<string>()
    const columns = table.columns.map((column) => ({
      name: column.name,
      type: column.type,
      nullable: column.nullable,
      mark: markOf(table, column, foreign),
      elsewhere: elsewhere.get(`${table.name}\u0000${column.name}`) ?? null,
      references: references.get(`${table.name}\u0000${column.name}`) ?? null,
    }))
    const shown = columns.slice(0, CARD_COLUMN_LIMIT)
    const hiddenColumns = columns.length - shown.length
    return {
      key: table.name,
      id: table.id,
      name: table.name,
      type: table.type,
      comment: table.comment,
      columns: shown,
      hiddenColumns,
      width: CARD_WIDTH,
      height: cardHeight(shown.length + (hiddenColumns > 0 ? 1 : 0)),
    }
  })
  return { tables, edges }
}
