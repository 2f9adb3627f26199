import { Background, MarkerType, ReactFlow, useReactFlow, useStore, type Edge, type NodeTypes } from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import type { SchemaGraph } from '../../../api/schemas'
import { ownRecord } from '../../../lib/own-record'
import { countOf } from '../../../lib/sentence'
import { showToast } from '../../../ui/toast'
import { layoutDiagram, placeTables } from './diagram-layout'
import { diagramOf, FIT_VIEW, MIN_ZOOM, type Diagram } from './diagram-model'
import { readDiagramPositions, writeDiagramPositions, type Point, type SchemaPositions } from './diagram-positions'
import { DOT_GAP } from './diagram-links'
import { DiagramLinks } from './DiagramLinks'
import { DiagramOverview } from './DiagramOverview'
import { OVERVIEW_FROM_TABLES } from './diagram-overview'
import { DiagramToolbar } from './DiagramToolbar'
import { columnHandle, namesOnly, TableCard, type TableCardNode } from './TableCard'

const NODE_TYPES: NodeTypes = { table: TableCard }

/** React Flow's colours from the theme's tokens, so every palette draws the diagram in its own. */
const canvasClass = css({
  flex: '1',
  minH: '0',
  position: 'relative',
  borderTopWidth: '1px',
  borderColor: 'border.default',
  '--xy-background-color': 'token(colors.bg.canvas)',
  '--xy-background-pattern-dots-color': 'token(colors.border.strong)',
  '--xy-edge-stroke': 'token(colors.fg.subtle)',
  '--xy-edge-stroke-selected': 'token(colors.accent.default)',
  '--xy-attribution-background-color': 'token(colors.bg.surface)',
  // React Flow's sheet is unlayered, so it beats ours but for an important declaration: its grey link fails contrast.
  '& .react-flow__attribution a': { color: 'fg.muted !important' },
})

/** Where a layout measure is named, for the bench (performance.getEntriesByName). */
export const LAYOUT_MEASURE = 'schema-diagram-layout'

function nodesOf(diagram: Diagram, placed: ReadonlyMap<string, Point>, editorPath: (id: number) => string): TableCardNode[] {
  return diagram.tables.map((table) => ({
    id: `t${table.id}`,
    type: 'table',
    position: placed.get(table.key) ?? { x: 0, y: 0 },
    data: { table, editorPath: editorPath(table.id) },
    ariaLabel: `${table.type === 'table' ? 'Table' : 'View'} ${table.name}`,
    width: table.width,
    height: table.height,
  }))
}

function edgesOf(diagram: Diagram, onlyNames: boolean): Edge[] {
  const byName = new Map(diagram.tables.map((t) => [t.key, t]))
  return diagram.edges.flatMap((edge, index) => {
    const source = byName.get(edge.source)
    const target = byName.get(edge.target)
    if (!source || !target) return []
    return [
      {
        id: `e${index}`,
        source: `t${source.id}`,
        target: `t${target.id}`,
        sourceHandle: columnHandle(source, edge.sourceColumn, 'out', onlyNames),
        targetHandle: columnHandle(target, edge.targetColumn, 'in', onlyNames),
        ariaLabel: `${edge.source}.${edge.sourceColumn} references ${edge.target}.${edge.targetColumn}`,
        markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
      },
    ]
  })
}

/** The drawn diagram of one schema: laid out once per catalog read, the kept positions over it. */
export function SchemaDiagram({ projectRef, graph }: { projectRef: string; graph: SchemaGraph }) {
  const { schema } = graph
  const diagram = useMemo(() => diagramOf(graph), [graph])
  const laidOut = useMemo(() => {
    const start = performance.now()
    const placed = layoutDiagram(diagram)
    performance.measure(LAYOUT_MEASURE, { start, detail: { tables: diagram.tables.length, edges: diagram.edges.length } })
    return placed
  }, [diagram])
  // The page keys this component by project and schema: the kept positions are read once per schema.
  const [kept, setKept] = useState<SchemaPositions>(() => readDiagramPositions(projectRef, schema))
  const editorPath = useCallback((id: number) => `/project/${projectRef}/editor/${id}`, [projectRef])
  // The cards are React Flow's own state (uncontrolled), set here when the layout or a kept position
  // changes: kept in this component, every card mounted while panning (only those in view are) would
  // come back here measured and render the whole diagram again (bench: 37 → 52 fps panning 500 tables).
  const { fitView, setNodes } = useReactFlow<TableCardNode>()
  useEffect(() => setNodes(nodesOf(diagram, placeTables(diagram, laidOut, kept), editorPath)), [diagram, laidOut, kept, editorPath, setNodes])
  const onlyNames = useStore(namesOnly)
  // A large schema's lines are drawn on a canvas at every zoom (DiagramLinks, DiagramOverview): as SVG
  // they were repainted with the cards on each frame of a pan. None are given to React Flow: a hidden
  // edge stays mounted and reads the store on every frame.
  const large = diagram.tables.length >= OVERVIEW_FROM_TABLES
  // Zoomed out, its cards are drawn on the canvas too (DiagramOverview) and hidden; hidden again
  // whenever the cards are set anew (this effect follows the one that sets them).
  const overview = onlyNames && large
  useEffect(() => setNodes((all) => all.map((node) => ((node.hidden ?? false) === overview ? node : { ...node, hidden: overview }))), [overview, diagram, laidOut, kept, setNodes])
  const edges = useMemo(() => (large ? [] : edgesOf(diagram, onlyNames)), [diagram, onlyNames, large])
  // A new layout (the catalogue read again and changed: a table made in the SQL editor) is shown whole;
  // React Flow queues the fit until the cards are measured.
  useEffect(() => void fitView(FIT_VIEW), [laidOut, fitView])

  const keep = useCallback(
    (next: SchemaPositions) => {
      setKept(next)
      if (!writeDiagramPositions(projectRef, schema, next)) showToast('warning', 'The new positions could not be kept', 'This browser refused to store them: they last until the page is left.')
    },
    [projectRef, schema],
  )
  const onDragStop = useCallback(
    (_event: unknown, _node: TableCardNode, dragged: TableCardNode[]) => {
      const next = ownRecord(Object.entries(kept))
      for (const node of dragged) next[node.data.table.key] = { x: Math.round(node.position.x), y: Math.round(node.position.y) }
      keep(next)
    },
    [kept, keep],
  )
  const resetLayout = useCallback(() => {
    keep(ownRecord())
    // Once the cards are back in their places, all of them in view.
    requestAnimationFrame(() => void fitView({ ...FIT_VIEW, duration: 300 }))
  }, [keep, fitView])

  const elsewhere = diagram.tables.reduce((sum, table) => sum + table.columns.filter((c) => c.elsewhere).length, 0)
  return (
    <>
      <DiagramToolbar
        diagram={diagram}
        graph={graph}
        keptCount={Object.keys(kept).length}
        onResetLayout={resetLayout}
        summary={[countOf(diagram.tables.length, 'relation'), countOf(diagram.edges.length, 'link'), ...(elsewhere > 0 ? [`${elsewhere} to other schemas`] : [])].join(', ')}
      />
      <div className={canvasClass}>
        <ReactFlow
          defaultNodes={[]}
          edges={edges}
          nodeTypes={NODE_TYPES}
          onNodeDragStop={onDragStop}
          nodesConnectable={false}
          edgesFocusable={false}
          deleteKeyCode={null}
          // Zoomed out, every card is a name: all of them stay mounted, as cards coming and going with
          // each frame of a pan cost more (bench, 500 tables folded in two bands, not the five of now: 38 → 52 fps).
          onlyRenderVisibleElements={!onlyNames}
          minZoom={MIN_ZOOM}
          maxZoom={2}
          fitView
          fitViewOptions={FIT_VIEW}
          aria-label={`Tables of ${schema} and their links`}
        >
          {overview ? (
            <DiagramOverview diagram={diagram} label={`${countOf(diagram.tables.length, 'relation')} of ${schema}, drawn small: zoom in, or find one by name, to read and open them`} />
          ) : large ? (
            <DiagramLinks diagram={diagram} />
          ) : (
            <Background gap={DOT_GAP} size={1} />
          )}
        </ReactFlow>
      </div>
    </>
  )
}
