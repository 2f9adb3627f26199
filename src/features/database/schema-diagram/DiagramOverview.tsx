import { useCallback, useMemo } from 'react'
import { css } from 'styled-system/css'
import type { Diagram } from './diagram-model'
import { drawOverview, fittedNames, NAME_FONT } from './diagram-overview'
import { useDiagramCanvas, useDiagramCards } from './use-diagram-canvas'

// Above React Flow's pane, which still takes every pointer and wheel event under it (pan, zoom, double-click).
const overviewClass = css({ position: 'absolute', inset: '0', zIndex: '4', pointerEvents: 'none' })

const COLOUR_TOKENS = {
  canvas: 'colors.bg.canvas',
  card: 'colors.bg.surface',
  header: 'colors.bg.muted',
  border: 'colors.border.strong',
  text: 'colors.fg.default',
  line: 'colors.fg.subtle',
  selected: 'colors.accent.default',
} as const

/** The diagram zoomed out past reading its names, as one canvas over the hidden cards (diagram-overview.ts). */
export function DiagramOverview({ diagram, label }: { diagram: Diagram; label: string }) {
  const cards = useDiagramCards()
  const names = useMemo(() => {
    const measuring = document.createElement('canvas').getContext('2d')
    if (!measuring) return new Map<string, string>()
    measuring.font = NAME_FONT
    return fittedNames(diagram.tables, (text) => measuring.measureText(text).width)
  }, [diagram])
  const canvasRef = useDiagramCanvas(
    COLOUR_TOKENS,
    useCallback((context, view, colours) => drawOverview(context, diagram, cards, names, view, colours), [diagram, cards, names]),
  )
  return <canvas ref={canvasRef} className={overviewClass} role="img" aria-label={label} />
}
