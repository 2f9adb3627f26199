import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Written in a component test that needs modules of its own for another reason, with the reason. */
export const OWN_MODULES_MARK = 'vitest: own modules'

/**
 * The component tests (`*.test.tsx` under `dir`) that need a module graph of their own (vitest's
 * isolation): those that replace modules with `vi.mock` (a worker that shares its modules between
 * files would hand them the real module, or the next file their stand-in), and those marked with
 * OWN_MODULES_MARK. The others share.
 */
export function isolatedComponentTests(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.test.tsx'))
    .map((file) => join(dir, file))
    .filter((file) => {
      const text = readFileSync(file, 'utf8')
      return text.includes('vi.mock(') || text.includes(OWN_MODULES_MARK)
    })
    .sort()
}
