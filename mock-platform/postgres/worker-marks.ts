/**
 * A database's start steps inside its worker, on the page's timeline beside `database:asked` …
 * `database:seeded` (provider-cache.ts), for `npm run bench` to say where a start's time goes. Only
 * when the bench turned path marks on (path-marks.ts): the page then asks its worker for them.
 * A worker's timeline is its own, so the worker sends each step's wall-clock time over a channel
 * and the page marks it at the same moment of its own timeline.
 */
import { markPath, pathMarksOn } from '../../src/lib/path-marks.ts'

const CHANNEL = 'studio-database-worker-marks'

interface WorkerMark {
  ref: string
  step: string
  /** Wall-clock milliseconds (timeOrigin + now): comparable across the page and its workers. */
  at: number
}

/** In the worker: a function that marks a step of `ref`'s start, or does nothing when the page did not ask. */
export function workerMarks(ref: string | null): (step: string, at?: number) => void {
  if (!ref) return () => undefined
  const channel = new BroadcastChannel(CHANNEL)
  return (step, at = performance.timeOrigin + performance.now()) => channel.postMessage({ ref, step, at } satisfies WorkerMark)
}

let relaying = false

/** On the page: whether to ask a worker for its marks; once asked, they are marked here as `database:worker:<step>`. */
export function relayWorkerMarks(): boolean {
  if (!pathMarksOn()) return false
  if (!relaying) {
    relaying = true
    new BroadcastChannel(CHANNEL).onmessage = ({ data }: MessageEvent<WorkerMark>) => markPath(`database:worker:${data.step}`, data.ref, {}, data.at - performance.timeOrigin)
  }
  return true
}
