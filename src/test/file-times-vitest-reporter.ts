import { relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'
import { formatFileTimes, type FileTime } from './file-times'

/** Vitest's part of the per-file times (`src/test/file-times.ts`): each module's import and tests. */
export class FileTimesReporter implements Reporter {
  private startedAt = Date.now()

  onTestRunStart() {
    this.startedAt = Date.now()
  }

  onTestRunEnd(testModules: readonly TestModule[]) {
    const times: FileTime[] = testModules.map((testModule) => {
      const diagnostic = testModule.diagnostic()
      return {
        file: relative(process.cwd(), testModule.moduleId),
        ms: diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration,
        tests: [...testModule.children.allTests()].length,
      }
    })
    if (times.length > 1) console.log(`\n${formatFileTimes('vitest', times, Date.now() - this.startedAt)}\n`)
  }
}
