import { StudioPGlite } from './studio-pglite.ts'
import { encodeWorkerError } from './worker-error.ts'

type ExecProtocolStream = StudioPGlite['execProtocolStream']

/**
 * The PGlite the worker serves. PGliteWorker sends every statement through `execProtocolStream`;
 * errors thrown there reach the page with only their message, so they are encoded first.
 *
 * Durability, once per call rather than once per protocol message: PGlite syncs its file system
 * (IndexedDB) after every message it is sent, and a query is six of them (parse, describe, bind,
 * describe, execute, sync), each a full Emscripten IDBFS pass over the data directory. The page's
 * PGliteWorker asks for one sync after each query or exec outside a transaction, and waits for it,
 * so that one alone does the work: nothing answered is less durable than before.
 */
export class ErrorForwardingPGlite extends StudioPGlite {
  #inStatement = 0

  override async execProtocolStream(...args: Parameters<ExecProtocolStream>): ReturnType<ExecProtocolStream> {
    this.#inStatement++
    try {
      return await super.execProtocolStream(...args)
    } catch (error) {
      throw encodeWorkerError(error)
    } finally {
      this.#inStatement--
    }
  }

  override async syncToFs(): Promise<void> {
    if (this.#inStatement > 0) return
    await super.syncToFs()
  }
}
