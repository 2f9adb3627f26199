import { useNodes, useStoreApi } from '@xyflow/react'
import { useEffect, useMemo, useRef } from 'react'
import { token, type Token } from 'styled-system/tokens'
import type { OverviewCard, OverviewView } from './diagram-overview'
import type { TableCardNode } from './TableCard'

/** The theme's colours a canvas paints with, read where it is (each palette sets them on the document). */
function readColours<Part extends string>(element: Element, tokens: Readonly<Record<Part, Token>>): Record<Part, string> {
  const style = getComputedStyle(element)
  // token.var gives "var(--name)": the property's own name is inside.
  const read = (path: Token) => style.getPropertyValue(token.var(path).slice(4, -1)).trim() || 'gray'
  return Object.fromEntries(Object.entries<Token>(tokens).map(([part, path]) => [part, read(path)])) as Record<Part, string>
}

/** Every card where React Flow has it now (a dragged card's lines follow it), by table. */
export function useDiagramCards(): ReadonlyMap<string, OverviewCard> {
  const nodes = useNodes<TableCardNode>()
  return useMemo(() => new Map<string, OverviewCard>(nodes.map((node) => [node.data.table.key, { table: node.data.table, at: node.position, selected: node.selected === true }])), [nodes])
}

/**
 * A canvas the size of React Flow's pane, drawn by `draw` once a frame while the viewport moves (a pan
 * changes the store many times a frame), and again when the palette or `draw` changes (`draw` changes
 * only when what it draws does).
 */
export function useDiagramCanvas<Part extends string>(tokens: Readonly<Record<Part, Token>>, draw: (context: CanvasRenderingContext2D, view: OverviewView, colours: Record<Part, string>) => void) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const store = useStoreApi<TableCardNode>()
  // The latest drawing, read at paint time: a dragged card changes it every frame, the subscription stays.
  const drawRef = useRef(draw)
  const repaintRef = useRef(() => {})
  useEffect(() => {
    drawRef.current = draw
    repaintRef.current()
  }, [draw])
  useEffect(() => {
    const canvas = canvasRef.current
    const context = canvas?.getContext('2d', { alpha: false })
    if (!canvas || !context) return
    let colours = readColours(canvas, tokens)
    let frame = 0
    const paint = () => {
      frame = 0
      const { width, height, transform } = store.getState()
      const pixelRatio = window.devicePixelRatio || 1
      const pixelWidth = Math.round(width * pixelRatio)
      const pixelHeight = Math.round(height * pixelRatio)
      if (canvas.width !== pixelWidth || canvas.height !== pixelHeight) {
        canvas.width = pixelWidth
        canvas.height = pixelHeight
      }
      drawRef.current(context, { width, height, pixelRatio, transform }, colours)
    }
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(paint)
    }
    paint()
    repaintRef.current = schedule
    const unsubscribe = store.subscribe(schedule)
    const themeChanges = new MutationObserver(() => {
      colours = readColours(canvas, tokens)
      schedule()
    })
    themeChanges.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] })
    return () => {
      unsubscribe()
      repaintRef.current = () => {}
      themeChanges.disconnect()
      if (frame !== 0) cancelAnimationFrame(frame)
    }
  }, [store, tokens])
  return canvasRef
}
