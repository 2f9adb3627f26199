import { describe, expect, it } from 'vitest'
import { isolatedComponentTests } from './isolated-component-tests'

describe('the component tests that need modules of their own', () => {
  it('are those that call vi.mock or are marked, and only those', () => {
    const files = isolatedComponentTests('src')
    expect(files).toContain('src/features/table-editor/TableDataView.renders.test.tsx')
    expect(files).toContain('src/ui/toast.test.tsx')
    expect(files).not.toContain('src/features/table-editor/TableDataView.editing.test.tsx')
    expect(files.every((file) => file.endsWith('.test.tsx'))).toBe(true)
  })
})
