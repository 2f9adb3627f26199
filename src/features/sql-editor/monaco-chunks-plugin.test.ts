import { describe, expect, it } from 'vitest'
import { lazyChunkFiles, monacoChunksPlugin, type BundleChunk } from './monaco-chunks-plugin'

const chunk = (fileName: string, fields: Partial<BundleChunk> = {}): BundleChunk => ({ type: 'chunk', fileName, isEntry: false, facadeModuleId: null, imports: [], code: '', ...fields })

describe('lazyChunkFiles', () => {
  it('names the chunk, the chunks it imports and their CSS, leaving out what the entry already loaded', () => {
    const bundle = {
      'index.js': chunk('assets/index.js', { isEntry: true, imports: ['assets/react.js'] }),
      'react.js': chunk('assets/react.js'),
      'monaco.js': chunk('assets/monaco.js', {
        facadeModuleId: '/repo/src/features/sql-editor/monaco.ts',
        imports: ['assets/react.js', 'assets/editor-api.js'],
        viteMetadata: { importedCss: new Set(['assets/monaco.css']) },
      }),
      'editor-api.js': chunk('assets/editor-api.js', { imports: ['assets/monaco.js'], viteMetadata: { importedCss: new Set(['assets/api.css']) } }),
      'other.js': chunk('assets/other.js', { facadeModuleId: '/repo/src/features/logs/LogsPage.tsx' }),
      'logo.svg': { type: 'asset' as const },
    }
    expect(lazyChunkFiles(bundle, 'src/features/sql-editor/monaco.ts')).toEqual(['assets/monaco.js', 'assets/monaco.css', 'assets/editor-api.js', 'assets/api.css'])
  })

  it('names nothing when the module is not a chunk of its own', () => {
    expect(lazyChunkFiles({ 'index.js': chunk('assets/index.js', { isEntry: true }) }, 'src/features/sql-editor/monaco.ts')).toEqual([])
  })
})

describe('monacoChunksPlugin', () => {
  type Hook = (...args: unknown[]) => unknown
  const hooks = (command: 'build' | 'serve') => {
    const plugin = monacoChunksPlugin()
    ;(plugin.configResolved as Hook)({ command, base: '/studio/' })
    return { load: (id: string) => (plugin.load as Hook)(id) as string, generate: (bundle: object) => (plugin.generateBundle as Hook)({}, bundle) }
  }
  const RESOLVED = '\0virtual:monaco-chunks'

  it('writes the files into the bundle where the module read them, under the base', () => {
    const { load, generate } = hooks('build')
    const source = load(RESOLVED)
    // As a minifier may leave it: the placeholder in either kind of quote.
    const reader = chunk('assets/index.js', { isEntry: true, code: `const a=JSON.parse('${/"(.*)"/.exec(source)![1]!}');` })
    const monaco = chunk('assets/monaco.js', { facadeModuleId: '/r/src/features/sql-editor/monaco.ts' })
    generate({ 'index.js': reader, 'monaco.js': monaco })
    expect(reader.code).toBe(`const a=JSON.parse("[\\"/studio/assets/monaco.js\\"]");`)
    expect(JSON.parse(JSON.parse(/JSON\.parse\((.*)\)/.exec(reader.code)![1]!))).toEqual(['/studio/assets/monaco.js'])
  })

  it('names nothing on the dev server, which has no bundle', () => {
    expect(hooks('serve').load(RESOLVED)).toBe('export default []')
  })
})
