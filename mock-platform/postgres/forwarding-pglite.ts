import { StudioPGlite } from './studio-pglite.ts'
import { encodeWorkerError } from './worker-error.ts'

type ExecProtocolStream = StudioPGlite['execProtocolStream']

/**
 * The PGlite the worker serves. PGliteWorker sends every statement through `execProtocolStream`;
 * errors thrown there reach the page with only their message, so they are encoded first.
 */
export class ErrorForwardingPGlite extends StudioPGlite {
  override async execProtocolStream(...args: Parameters<ExecProtocolStream>): ReturnType<ExecProtocolStream> {
    try {
      return await super.execProtocolStream(...args)
    } catch (error) {
      throw encodeWorkerError(error)
    }
  }
}
