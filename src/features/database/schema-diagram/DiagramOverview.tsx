import { useNodes, useStoreApi } from '@xyflow/react'
import { useEffect, useMemo, useRef } from 'react'
import { css } from 'styled-system/css'
import { token, type Token } from 'styled-system/tokens'
import type { Diagram } from './diagram-model'
import { drawOverview, fittedNames, type OverviewCard, type OverviewColours } from './diagram-overview'
import type { TableCardNode } from './TableCard'

// Above React Flow's pane, which still takes every pointer and wheel event under it (pan, zoom, double-click).
const overviewClass = css({ position: 'absolute', inset: '0', zIndex: '4', pointerEvents: 'none' })

/** The theme's colours the canvas paints with, read where it is (each palette sets them on the document). */
const COLOUR_TOKENS = {
  canvas: 'colors.bg.canvas',
  card: 'colors.bg.surface',
  header: 'colors.bg.muted',
  border: 'colors.border.strong',
  text: 'colors.fg.default',
  line: 'colors.fg.subtle',
  selected: 'colors.accent.default',
} as const satisfies Record<keyof OverviewColours, string>

function readColours(element: Element): OverviewColours {
  const style = getComputedStyle(element)
  // token.var gives "var(--name)": the property's own name is inside.
  const read = (path: Token) => style.getPropertyValue(token.var(path).slice(4, -1)).trim() || 'gray'
  return Object.fromEntries(Object.entries(COLOUR_TOKENS).map(([part, path]) => [part, read(path)])) as unknown as OverviewColours
}

const NAME_FONT = '600 14px system-ui, sans-serif'

/** The diagram zoomed out past reading its names, as one canvas over the hidden cards (diagram-overview.ts). */
export function DiagramOverview({ diagram, label }: { diagram: Diagram; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const store = useStoreApi<TableCardNode>()
  const nodes = useNodes<TableCardNode>()
  const cards = useMemo(() => new Map<string, OverviewCard>(nodes.map((node) => [node.data.table.key, { table: node.data.table, at: node.position, selected: node.selected === true }])), [nodes])
  const names = useMemo(() => {
    const measuring = document.createElement('canvas').getContext('2d')
    if (!measuring) return new Map<string, string>()
    measuring.font = NAME_FONT
    return fittedNames(diagram.tables, (text) => measuring.measureText(text).width)
  }, [diagram])

  useEffect(() => {
    const canvas = canvasRef.current
    const context = canvas?.getContext('2d')
    if (!canvas || !context) return
    let colours = readColours(canvas)
    let frame = 0
    const draw = () => {
      frame = 0
      const { width, height, transform } = store.getState()
      const pixelRatio = window.devicePixelRatio || 1
      const pixelWidth = Math.round(width * pixelRatio)
      const pixelHeight = Math.round(height * pixelRatio)
      if (canvas.width !== pixelWidth || canvas.height !== pixelHeight) {
        canvas.width = pixelWidth
        canvas.height = pixelHeight
      }
      drawOverview(context, diagram, cards, names, { width, height, pixelRatio, transform }, colours)
    }
    // A pan changes the store many times a frame: one drawing per frame.
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(draw)
    }
    draw()
    const unsubscribe = store.subscribe(schedule)
    const themeChanges = new MutationObserver(() => {
      colours = readColours(canvas)
      schedule()
    })
    themeChanges.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] })
    return () => {
      unsubscribe()
      themeChanges.disconnect()
      if (frame !== 0) cancelAnimationFrame(frame)
    }
  }, [store, diagram, cards, names])

  return <canvas ref={canvasRef} className={overviewClass} role="img" aria-label={label} />
}
