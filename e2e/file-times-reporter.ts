import { relative } from 'node:path'
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'
import { addTestTime, formatFileTimes, type FileTime } from '../src/test/file-times'

/** Playwright's part of the per-file times (`src/test/file-times.ts`): every attempt of every test counts. */
export default class FileTimesReporter implements Reporter {
  private readonly times = new Map<string, FileTime>()
  private startedAt = Date.now()

  onBegin() {
    this.startedAt = Date.now()
  }

  onTestEnd(test: TestCase, result: TestResult) {
    addTestTime(this.times, relative(process.cwd(), test.location.file), result.duration)
  }

  onEnd() {
    if (this.times.size > 1) console.log(`\n${formatFileTimes('playwright', [...this.times.values()], Date.now() - this.startedAt)}\n`)
  }

  printsToStdio() {
    return false
  }
}
