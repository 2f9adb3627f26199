/**
 * Node's HTTP and the platform's fetch handlers meet here: a node request becomes a fetch Request,
 * msw picks the handler, the answer is written back (streamed). Both servers use it: the standalone
 * mock platform (server.ts) and `npm run serve` (serve/).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { getResponse } from 'msw'
import { recordRequest } from '../logs/log-events'
import type { MockPlatform } from '../platform'
import { RecordNotStored, RecordRefusal } from '../records/refusals'
import { isDatabaseUnavailable } from '../postgres/errors'
import { CLIENT_ADDRESS_HEADER, DATABASE_UNAVAILABLE_MESSAGE, DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../src/constants'

/** A request body longer than the server takes (answered 413). */
export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`Request body larger than ${limitBytes} bytes`)
  }
}

/** Reads the body, refusing (before reading, from its declared length, or once past it) one over `limitBytes`. */
export async function toRequest(incoming: IncomingMessage, origin: string, signal: AbortSignal, limitBytes = Infinity, address = incoming.socket.remoteAddress ?? 'unknown'): Promise<Request> {
  const declared = Number(incoming.headers['content-length'] ?? 0)
  if (declared > limitBytes) throw new BodyTooLargeError(limitBytes)
  const chunks: Buffer[] = []
  let received = 0
  for await (const chunk of incoming) {
    received += (chunk as Buffer).length
    if (received > limitBytes) throw new BodyTooLargeError(limitBytes)
    chunks.push(chunk as Buffer)
  }
  const headers = new Headers()
  for (const [key, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value)
  }
  // The caller's address, for the audit log: the platform's own header, set here whatever the caller sent.
  headers.set(CLIENT_ADDRESS_HEADER, address)
  const method = incoming.method ?? 'GET'
  return new Request(new URL(incoming.url ?? '/', origin), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' || chunks.length === 0 ? undefined : Buffer.concat(chunks),
    signal,
  })
}

export function writeJson(outgoing: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  outgoing.writeHead(status, { ...headers, 'content-type': 'application/json' })
  outgoing.end(JSON.stringify(body))
}

/**
 * A server's own rule around the handlers (the served sign-in limit): `before` may answer instead of
 * them; `after` is told what they answered.
 */
export interface RequestScreen {
  before(request: Request): Promise<Response | null>
  after(request: Request, response: Response): void
}

/** Writes a fetch Response to node's answer, streamed (the assistant's server-sent events go out as they are produced). */
async function writeResponse(outgoing: ServerResponse, response: Response, headers: Record<string, string>) {
  outgoing.writeHead(response.status, { ...headers, ...Object.fromEntries(response.headers) })
  if (!response.body) return void outgoing.end()
  const reader = response.body.getReader()
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    if (outgoing.destroyed) return void reader.cancel()
    outgoing.write(part.value)
  }
  outgoing.end()
}

/** Answers one request with the platform's handlers; `headers` (CORS) go on every answer. */
export async function answerWithPlatform(
  platform: MockPlatform,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  options: { origin: string; headers: Record<string, string>; bodyLimitBytes?: number; screen?: RequestScreen; clientAddress?: string },
) {
  // The client hanging up before the answer (a cancelled query) aborts the request the handlers see.
  const hangUp = new AbortController()
  outgoing.on('close', () => {
    if (!outgoing.writableFinished) hangUp.abort()
  })
  let request: Request
  try {
    request = await toRequest(incoming, options.origin, hangUp.signal, options.bodyLimitBytes, options.clientAddress)
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error
    // The rest of the body is not read: close the connection rather than drain it.
    outgoing.setHeader('connection', 'close')
    return writeJson(outgoing, 413, { message: `Request body too large (over ${error.limitBytes} bytes)` }, options.headers)
  }
  const refusal = await options.screen?.before(request)
  if (refusal) return writeResponse(outgoing, refusal, options.headers)
  const begun = performance.now()
  const persistence = platform.ctx.recordPersistence
  let response: Response | undefined
  try {
    // Each run reads a fresh copy of the request: a unit of work may run it twice (records/record-units.ts).
    const answer = () => getResponse(platform.handlers(), request.clone())
    // A success means stored: the answer waits for the request's changes to commit; a server error keeps none.
    response = persistence ? await persistence.track(answer, (result) => result !== undefined && result.type !== 'error' && result.status < 500) : await answer()
  } catch (error) {
    const failed = failureAnswer(error)
    if (!failed) throw error
    if (error instanceof RecordNotStored) console.error('A change could not be stored:', error.cause)
    else if (failed.status >= 500) console.error('A database could not be reached:', error)
    if (outgoing.destroyed) return
    // A database out of reach (the project's, or the records' store): try again soon.
    const retry: Record<string, string> = failed.status === 503 ? { 'retry-after': String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS) } : {}
    return writeJson(outgoing, failed.status, { message: failed.message }, { ...options.headers, ...retry })
  }
  if (response && response.type !== 'error') {
    recordRequest(platform.ctx, request, response.clone(), performance.now() - begun)
    options.screen?.after(request, response)
  }
  if (outgoing.destroyed) return
  if (!response || response.type === 'error') {
    return writeJson(outgoing, response ? 502 : 404, { message: response ? 'Network error' : `No mock for ${incoming.method} ${incoming.url}` }, options.headers)
  }
  await writeResponse(outgoing, response, options.headers)
}

/** What a request that failed outside its handler's answer says: a refused record (its status), a database out of reach (503); null for anything else. */
function failureAnswer(error: unknown): { status: number; message: string } | null {
  if (error instanceof RecordNotStored && isDatabaseUnavailable(error.cause)) return { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE.changeNotSaved }
  if (error instanceof RecordRefusal) return { status: error.status, message: error.message }
  if (isDatabaseUnavailable(error)) return { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE.database }
  return null
}
