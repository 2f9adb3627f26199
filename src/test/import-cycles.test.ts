import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { findImportCycles } from './import-cycles'

/** A program over the given files (written to a fresh folder; no lib: the graph needs no types), checked as our lint checks the tree. */
function cyclesOf(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'import-cycles-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true })
    writeFileSync(join(root, name), text)
  }
  const options: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowImportingTsExtensions: true, noEmit: true, noLib: true, types: [] }
  const program = ts.createProgram({ rootNames: Object.keys(files).filter((name) => name.endsWith('.ts')).map((name) => join(root, name)), options })
  return findImportCycles(program, (fileName) => !fileName.includes('/node_modules/')).map((cycle) => ({
    files: cycle.files.map((file) => file.slice(root.length + 1)),
    route: cycle.route.map((step) => step.slice(root.length + 1)),
  }))
}

describe('findImportCycles', () => {
  it('finds a cycle through three files and says where each import is', () => {
    expect(cyclesOf({ 'a.ts': "import { b } from './b'\nexport const a = b", 'b.ts': "\nimport { c } from './c'\nexport const b = c", 'c.ts': "import './a'\nexport const c = 1" })).toEqual([
      { files: ['a.ts', 'b.ts', 'c.ts'], route: ['a.ts:1', 'b.ts:2', 'c.ts:1'] },
    ])
  })

  it('finds none where the files import down only', () => {
    expect(cyclesOf({ 'a.ts': "import { b } from './b'\nexport const a = b", 'b.ts': "import { c } from './c'\nexport const b = c", 'c.ts': 'export const c = 1' })).toEqual([])
  })

  it('leaves out imports that leave nothing at run time', () => {
    const a = "import { b } from './b'\nexport type A = number\nexport const a = b"
    expect(cyclesOf({ 'a.ts': a, 'b.ts': "import type { A } from './a'\nexport const b: A = 1" })).toEqual([])
    expect(cyclesOf({ 'a.ts': a, 'b.ts': "import { type A } from './a'\nexport const b: A = 1" })).toEqual([])
    expect(cyclesOf({ 'a.ts': a, 'b.ts': "export type { A } from './a'\nexport const b = 1" })).toEqual([])
  })

  it('follows re-exports, dynamic imports and a mixed import with a value in it', () => {
    const a = "import { b } from './b'\nexport type A = number\nexport const a = b"
    expect(cyclesOf({ 'a.ts': a, 'b.ts': "export * from './a'\nexport const b = 1" })).toHaveLength(1)
    expect(cyclesOf({ 'a.ts': a, 'b.ts': "export const b = 1\nexport const later = () => import('./a')" })).toHaveLength(1)
    expect(cyclesOf({ 'a.ts': a, 'b.ts': "import { type A, a } from './a'\nexport const b: A = 1\nexport const c = () => a" })).toHaveLength(1)
  })

  it('finds a file that imports itself and each separate cycle once', () => {
    const cycles = cyclesOf({
      'self.ts': "import './self'\nexport const s = 1",
      'x/one.ts': "import { two } from './two'\nexport const one = two",
      'x/two.ts': "import { one } from './one'\nexport const two = () => one",
    })
    expect(cycles.map((cycle) => cycle.files)).toEqual(expect.arrayContaining([['self.ts'], ['x/one.ts', 'x/two.ts']]))
    expect(cycles).toHaveLength(2)
  })

  it('does not follow packages', () => {
    expect(
      cyclesOf({
        'a.ts': "import { p } from 'pkg'\nexport const a = p",
        'node_modules/pkg/package.json': '{"name":"pkg","main":"index.ts"}',
        'node_modules/pkg/index.ts': "import '../../a'\nexport const p = 1",
      }),
    ).toEqual([])
  })
})
