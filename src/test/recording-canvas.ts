/** A 2D canvas context that writes down what it was asked to draw, for the diagram's canvas tests. */

export interface RecordedCall {
  name: string
  args: unknown[]
  fillStyle: unknown
  strokeStyle: unknown
  lineWidth: number
  /** How many rects the path held when this call was made (counted since its beginPath). */
  boxes: number
}

const DRAWING_CALLS = ['setTransform', 'fillRect', 'beginPath', 'rect', 'moveTo', 'lineTo', 'closePath', 'bezierCurveTo', 'fill', 'stroke', 'fillText']

export function recordingCanvas<Context>() {
  const calls: RecordedCall[] = []
  const state = { fillStyle: '' as unknown, strokeStyle: '' as unknown, lineWidth: 1, font: '', textBaseline: 'alphabetic' }
  let boxes = 0
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      if (name === 'beginPath') boxes = 0
      if (name === 'rect') boxes++
      calls.push({ name, args, fillStyle: state.fillStyle, strokeStyle: state.strokeStyle, lineWidth: state.lineWidth, boxes })
    }
  const context = Object.assign(state, Object.fromEntries(DRAWING_CALLS.map((name) => [name, record(name)]))) as unknown as Context
  const named = (name: string) => calls.filter((call) => call.name === name)
  return { context, calls, named }
}
