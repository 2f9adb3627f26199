/**
 * Build time: tells the page which files the editor's Monaco chunk loads, so it can fetch them ahead
 * (monaco-prefetch.ts). A chunk's name is known only once the bundle is made, so the virtual module
 * holds a placeholder that the bundle's last step replaces with the URLs. The dev server has no
 * bundle: there the list is empty and nothing is fetched ahead.
 */
import type { Plugin } from 'vite'

export const MONACO_CHUNKS_MODULE = 'virtual:monaco-chunks'
const RESOLVED = `\0${MONACO_CHUNKS_MODULE}`
const PLACEHOLDER = '__STUDIO_MONACO_CHUNK_URLS__'
const PLACEHOLDER_LITERAL = new RegExp(`(["'\`])${PLACEHOLDER}\\1`, 'g')

/** The bundle as the plugin reads it: each output chunk's file, static imports and CSS. */
export interface BundleChunk {
  type: 'chunk'
  fileName: string
  isEntry: boolean
  facadeModuleId: string | null
  imports: readonly string[]
  code: string
  viteMetadata?: { importedCss: Set<string> }
}
type BundleFile = BundleChunk | { type: 'asset' }

/**
 * The files the chunk of `moduleSuffix` makes the page load beyond what its entries already loaded:
 * the chunk, the chunks it imports, and their CSS; in load order (the chunk first).
 */
export function lazyChunkFiles(bundle: Record<string, BundleFile>, moduleSuffix: string): string[] {
  const chunks = new Map<string, BundleChunk>()
  for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file)
  const reached = (from: readonly string[]) => {
    const seen = new Set<string>()
    const visit = (name: string) => {
      if (seen.has(name)) return
      seen.add(name)
      for (const next of chunks.get(name)?.imports ?? []) visit(next)
    }
    from.forEach(visit)
    return seen
  }
  const loadedByEntries = reached([...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName))
  const target = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(moduleSuffix))
  if (!target) return []
  const files: string[] = []
  for (const name of reached([target.fileName])) {
    if (loadedByEntries.has(name)) continue
    files.push(name, ...(chunks.get(name)?.viteMetadata?.importedCss ?? []))
  }
  return [...new Set(files)]
}

export function monacoChunksPlugin(moduleSuffix = 'src/features/sql-editor/monaco.ts'): Plugin {
  let building = false
  let base = '/'
  return {
    name: 'studio:monaco-chunks',
    configResolved(config) {
      building = config.command === 'build'
      base = config.base
    },
    resolveId: (id) => (id === MONACO_CHUNKS_MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined
      return building ? `export default JSON.parse(${JSON.stringify(PLACEHOLDER)})` : 'export default []'
    },
    generateBundle(_options, bundle) {
      const files = bundle as unknown as Record<string, BundleFile>
      const urls = lazyChunkFiles(files, moduleSuffix).map((file) => `${base}${file}`)
      // A JSON text inside a string literal: quotes and backslashes escaped once more.
      const literal = JSON.stringify(JSON.stringify(urls))
      for (const file of Object.values(files)) {
        if (file.type === 'chunk' && file.code.includes(PLACEHOLDER)) file.code = file.code.replace(PLACEHOLDER_LITERAL, literal)
      }
    },
  }
}
