/**
 * The time each test file took, printed at the end of a run (vitest and Playwright alike), so a
 * slow file is seen the day it grows. A file's time is what its tests and hooks took, summed: with
 * two workers the files' sum is about twice the wall time.
 */
export interface FileTime {
  file: string
  ms: number
  tests: number
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** The files slowest first, with the run's wall time and the files' sum; `shown` bounds the list. */
export function formatFileTimes(title: string, times: readonly FileTime[], wallMs: number, shown = 25): string {
  const sorted = [...times].sort((a, b) => b.ms - a.ms)
  const sum = sorted.reduce((total, time) => total + time.ms, 0)
  const width = Math.max(...sorted.slice(0, shown).map((time) => time.file.length), 4)
  const lines = sorted.slice(0, shown).map((time) => `  ${time.file.padEnd(width)}  ${seconds(time.ms).padStart(8)}  ${String(time.tests).padStart(4)} tests`)
  const rest = sorted.slice(shown)
  if (rest.length > 0) {
    const restMs = rest.reduce((total, time) => total + time.ms, 0)
    lines.push(`  ${`${rest.length} more files`.padEnd(width)}  ${seconds(restMs).padStart(8)}`)
  }
  return [`${title}: ${sorted.length} files in ${seconds(wallMs)} (their times summed: ${seconds(sum)})`, ...lines].join('\n')
}

/** Adds one test's time to its file's. */
export function addTestTime(times: Map<string, FileTime>, file: string, ms: number): void {
  const time = times.get(file) ?? { file, ms: 0, tests: 0 }
  time.ms += ms
  time.tests += 1
  times.set(file, time)
}
