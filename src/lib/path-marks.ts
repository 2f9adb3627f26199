/**
 * Marks on the page's performance timeline along one request's path (client, mock handler), for
 * `npm run bench` to break a query's round trip down. They cost one property read unless the bench
 * turned them on (`window.__studioPathMarks = true` before the app starts): the timeline keeps
 * user marks until cleared, so an app that marked every request would slowly fill it.
 * Each mark names its request by id in `detail`, since other requests run beside the one measured
 * (a database's start steps name its ref instead).
 */
import { PATH_MARKS_FLAG } from '../constants'

export function pathMarksOn(): boolean {
  return (globalThis as Record<string, unknown>)[PATH_MARKS_FLAG] === true
}

/**
 * `studio:path:<step>` with the request id, when the bench asked for marks; `notes`: where the request
 * goes (`path`), or the server's timing an answer in parts gave at its end (`serverTiming`).
 * `startTime`: when it happened on this page's timeline, if not now (a worker's step, relayed).
 */
export function markPath(step: string, requestId: string | null, notes: { path?: string; serverTiming?: string } = {}, startTime?: number): void {
  if (pathMarksOn()) performance.mark(`studio:path:${step}`, { detail: { requestId, ...notes }, ...(startTime === undefined ? {} : { startTime }) })
}

/** Measures consecutive steps as `<prefix>:<step>`, each from the end of the one before, and the whole as `<prefix>` (from now to `end`). */
export function measuredSteps(prefix: string): { step: (name: string) => void; end: () => void } {
  const started = performance.now()
  let from = started
  return {
    step: (name) => {
      performance.measure(`${prefix}:${name}`, { start: from })
      from = performance.now()
    },
    end: () => void performance.measure(prefix, { start: started }),
  }
}
