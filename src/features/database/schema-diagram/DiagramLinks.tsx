import { useCallback } from 'react'
import { css } from 'styled-system/css'
import { drawLinks } from './diagram-links'
import type { Diagram } from './diagram-model'
import { useDiagramCanvas, useDiagramCards } from './use-diagram-canvas'

// Where React Flow's own background lies: under the cards, never in the way of a pointer.
const linksClass = css({ position: 'absolute', inset: '0', zIndex: '-1', pointerEvents: 'none' })

const COLOUR_TOKENS = {
  canvas: 'colors.bg.canvas',
  dots: 'colors.border.strong',
  line: 'colors.fg.subtle',
  selected: 'colors.accent.default',
} as const

/**
 * A large schema's keys and the pane's dots at reading size, drawn on one canvas under the cards
 * (diagram-links.ts). Decoration to a screen reader: each key column's card row says where it points.
 */
export function DiagramLinks({ diagram }: { diagram: Diagram }) {
  const cards = useDiagramCards()
  const canvasRef = useDiagramCanvas(
    COLOUR_TOKENS,
    useCallback((context, view, colours) => drawLinks(context, diagram, cards, view, colours), [diagram, cards]),
  )
  return <canvas ref={canvasRef} className={linksClass} aria-hidden />
}
