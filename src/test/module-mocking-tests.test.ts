import { describe, expect, it } from 'vitest'
import { moduleMockingTests } from './module-mocking-tests'

describe('the component tests that need modules of their own', () => {
  it('are those that call vi.mock, and only those', () => {
    const files = moduleMockingTests('src')
    expect(files).toContain('src/features/table-editor/TableDataView.renders.test.tsx')
    expect(files).not.toContain('src/ui/toast.test.tsx')
    expect(files.every((file) => file.endsWith('.test.tsx'))).toBe(true)
  })
})
