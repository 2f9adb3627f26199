/** The extension files a project database gets in node (PGlite's contrib bundles and our shims), read once per process. */
import { readFile } from 'node:fs/promises'
import { readExtensionFiles, type ExtensionFile } from './contrib-extensions.ts'
import { shimExtensionFiles } from './shims/index.ts'

let extensionFiles: Promise<ExtensionFile[]> | null = null

export function nodeExtensionFiles(): Promise<ExtensionFile[]> {
  extensionFiles ??= readExtensionFiles(async (url) => new Uint8Array(await readFile(url))).then((files) => [...files, ...shimExtensionFiles()])
  return extensionFiles
}
