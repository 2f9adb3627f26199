import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The component tests (`*.test.tsx` under `dir`) that replace modules with `vi.mock`: they need a
 * module graph of their own (vitest's isolation), since a worker that shares its modules between
 * files would hand them the real module, or the next file their stand-in. The others share.
 */
export function moduleMockingTests(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.test.tsx'))
    .map((file) => join(dir, file))
    .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('))
    .sort()
}
