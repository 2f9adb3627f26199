/** Project databases for node and vitest: one in-memory PGlite per ref, gone when the process ends. */
import { PRELOADED_EXTENSIONS } from './contrib-extensions.ts'
import { nodeExtensionFiles } from './extension-files-node.ts'
import { initialDataOption } from './initial-data-node.ts'
import { createPGliteDatabase } from './pglite-database.ts'
import { createProviderCache, type ProviderOptions } from './provider-cache.ts'
import { StudioPGlite } from './studio-pglite.ts'
import type { DatabaseProvider } from './types.ts'

export function createMemoryDatabaseProvider(options: ProviderOptions = {}): DatabaseProvider {
  return createProviderCache(async (_ref, forget) => {
    const [initial, files] = await Promise.all([initialDataOption(), nodeExtensionFiles()])
    const pg = new StudioPGlite({ ...initial, extensions: PRELOADED_EXTENSIONS })
    await pg.waitReady
    pg.writeExtensionFiles(files)
    return createPGliteDatabase(pg, {
      onClose: forget,
      // In process the bytes come while PGlite runs the statement, before the call returns: the same path as the browser's.
      streamAnswer: (message, onBytes) => pg.execProtocolRawStream(message, { onRawData: (chunk) => onBytes(chunk.slice()) }),
    })
  }, options)
}
