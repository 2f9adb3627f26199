import * as v from 'valibot'
import { API_ERROR_MESSAGE, HEAD_REQUEST_TIMEOUT, PG_META_APPLICATION_NAME, PG_META_HEADERS } from '../constants'
import { JsonLineError, readJsonLines } from '../lib/json-lines'
import { markPath } from '../lib/path-marks'
import { settings as defaultSettings } from '../lib/settings'
import { ApiError, messageFromBody, parseRetryAfter } from './errors'
import { getAccessToken, renewSession, sessionNeedsRenewal, type RenewalOutcome } from './session'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD'

export interface RequestOptions<S extends v.GenericSchema | undefined = undefined> {
  method?: HttpMethod
  query?: Record<string, string | number | boolean | readonly string[] | undefined>
  body?: unknown
  /** Bytes sent as they are (an upload chunk) instead of a JSON body; wins over `body`. */
  rawBody?: { data: Blob | ArrayBuffer | Uint8Array; contentType: string }
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Valibot schema the JSON answer must match; a mismatch is an ApiError, never trusted. */
  schema?: S
  /** Which base the path is under: the platform API (default) or the auth service. */
  service?: 'platform' | 'auth'
  /** pg-meta calls: the project's connection string (sent as x-connection-encrypted). */
  pgMeta?: { connectionString: string | null | undefined; applicationName?: string }
  /** Reads a successful answer's headers (e.g. Server-Timing) before its body is parsed. */
  onHeaders?: (headers: Headers) => void
  /** The session's own renewal call: its refusal is final, never renewed again. */
  noRenewal?: boolean
}

export interface ClientConfig {
  apiBase: string
  authBase: string
  isPlatform: boolean
  getAccessToken: () => string | null
  /**
   * The signed-in session's renewal: a request whose token has expired, or that is refused 401 with
   * the session's token, has it renewed (one renewal for all of them) and is sent once more.
   */
  session?: { expired: () => boolean; renew: () => Promise<RenewalOutcome> }
  fetch?: typeof fetch
}

type Answer<S> = S extends v.GenericSchema ? v.InferOutput<S> : unknown

const PG_META_PATH = /^\/platform\/pg-meta\//

function absolute(base: string, path: string, query: RequestOptions['query']): URL {
  const origin = globalThis.location?.origin ?? 'http://localhost'
  const url = new URL(`${base}${path}`, origin)
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue
    // Arrays go form-style, not exploded: ?ids=a,b (PLATFORM-API §0).
    url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value))
  }
  return url
}

/** A line of an answer in parts that may be its end or an error (the caller's schema reads parts). */
function isObjectLine(line: unknown): line is Record<string, unknown> {
  return typeof line === 'object' && line !== null && !Array.isArray(line)
}

async function readBody(response: Response, requestId?: string): Promise<unknown> {
  const text = await response.text()
  if (requestId) markPath('client:read', requestId)
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** `data` as `schema` reads it; an answer it refuses is an ApiError, never trusted. */
function checked<S extends v.GenericSchema>(schema: S, data: unknown, path: string, status: number, requestId: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, data)
  if (!parsed.success) {
    throw new ApiError({ message: `Unexpected answer from the server for ${path}: ${v.summarize(parsed.issues)}`, code: status, requestId })
  }
  return parsed.output
}

/** One HTTP client for the whole dashboard: the only place that calls fetch. */
export function createApiClient(config: ClientConfig) {
  async function send(path: string, options: RequestOptions<v.GenericSchema | undefined>, renewed = false): Promise<{ response: Response; requestId: string }> {
    const method = options.method ?? 'GET'
    const requestId = crypto.randomUUID()
    // A call that brings its own Authorization (a provider's token) is not the session's to renew.
    const renewal = options.noRenewal || Object.keys(options.headers ?? {}).some((key) => key.toLowerCase() === 'authorization') ? undefined : config.session
    if (renewal && !renewed && renewal.expired()) {
      const outcome = await renewal.renew()
      if (outcome === 'unavailable') throw new ApiError({ message: API_ERROR_MESSAGE.network, requestId })
      renewed = true
    }
    const headers = new Headers({ Accept: 'application/json', 'X-Request-Id': requestId })
    const token = config.getAccessToken()
    if (token) headers.set('Authorization', `Bearer ${token}`)
    for (const [key, value] of Object.entries(options.headers ?? {})) headers.set(key, value)

    if (PG_META_PATH.test(path)) {
      const connection = options.pgMeta?.connectionString
      if (connection) headers.set(PG_META_HEADERS.connection, connection)
      headers.set(PG_META_HEADERS.applicationName, options.pgMeta?.applicationName ?? PG_META_APPLICATION_NAME)
      // SPEC §5/§8: a pg-meta call without the encrypted-connection header is refused before it is sent.
      if (config.isPlatform && !headers.get(PG_META_HEADERS.connection)) {
        throw new ApiError({ message: API_ERROR_MESSAGE.pgMetaNoConnection, code: 400, requestId })
      }
    }

    let body: BodyInit | undefined
    if (options.rawBody && method !== 'GET' && method !== 'HEAD') {
      headers.set('Content-Type', options.rawBody.contentType)
      body = options.rawBody.data as BodyInit
    } else if (options.body !== undefined && method !== 'GET' && method !== 'HEAD') {
      headers.set('Content-Type', 'application/json')
      body = JSON.stringify(options.body)
    }

    // One controller carries the caller's cancellation and, for HEAD, the 60-second timeout.
    const controller = new AbortController()
    const onCallerAbort = () => controller.abort(options.signal?.reason)
    if (options.signal?.aborted) onCallerAbort()
    options.signal?.addEventListener('abort', onCallerAbort, { once: true })
    const timer =
      method === 'HEAD' ? setTimeout(() => controller.abort(new DOMException('HEAD request timed out', 'TimeoutError')), HEAD_REQUEST_TIMEOUT) : undefined
    const base = options.service === 'auth' ? config.authBase : config.apiBase
    const doFetch = config.fetch ?? globalThis.fetch

    let response: Response
    markPath('client:sent', requestId, { path })
    try {
      response = await doFetch(absolute(base, path, options.query), {
        method,
        headers,
        body,
        signal: controller.signal,
        credentials: 'include',
      })
    } catch (error) {
      // Cancellation is not a failure: let the caller (or the query cache) see the abort.
      if (options.signal?.aborted) throw error
      if (controller.signal.aborted) {
        throw new ApiError({ message: `Request timed out after ${HEAD_REQUEST_TIMEOUT / 1000} seconds`, requestId })
      }
      throw new ApiError({ message: API_ERROR_MESSAGE.network, requestId })
    } finally {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onCallerAbort)
    }

    if (response.status === 401 && renewal && token && !renewed) {
      // Renewed meanwhile (by another request, or another tab): send again with the new token.
      const outcome = config.getAccessToken() !== token ? 'renewed' : await renewal.renew()
      if (outcome !== 'refused') void response.body?.cancel().catch(() => {})
      if (outcome === 'renewed') return send(path, options, true)
      if (outcome === 'unavailable') throw new ApiError({ message: API_ERROR_MESSAGE.network, requestId })
      // Refused: the session has ended, and the 401 goes to the caller as it came.
    }

    const retryAfter = parseRetryAfter(response.headers.get('Retry-After'))
    if (!response.ok) {
      const errorBody = method === 'HEAD' ? undefined : await readBody(response).catch(() => undefined)
      throw new ApiError({
        message: messageFromBody(errorBody) ?? API_ERROR_MESSAGE.withStatus(response.status),
        code: response.status,
        requestId,
        retryAfter,
        details: typeof errorBody === 'object' && errorBody !== null ? (errorBody as Record<string, unknown>) : {},
      })
    }
    return { response, requestId }
  }

  async function request<S extends v.GenericSchema | undefined = undefined>(path: string, options: RequestOptions<S> = {}): Promise<Answer<S>> {
    const { response, requestId } = await send(path, options)
    markPath('client:answered', requestId)
    options.onHeaders?.(response.headers)
    return checkedBody<S>(response, requestId, path, options.schema, options.method === 'HEAD')
  }

  /** A JSON answer's body, read whole and checked against `schema` when there is one (a HEAD's has none). */
  async function checkedBody<S extends v.GenericSchema | undefined>(response: Response, requestId: string, path: string, schema: S | undefined, head = false): Promise<Answer<S>> {
    const data = head ? undefined : await readBody(response, requestId)
    markPath('client:parsed', requestId)
    if (!schema) return data as Answer<S>
    const output = checked(schema, data, path, response.status, requestId)
    markPath('client:validated', requestId)
    return output as Answer<S>
  }

  /**
   * A POST whose answer may come in parts, JSON lines (`contentType`) the server chose to send for a
   * big answer: each part is checked against `schema` and handed to `onPart` as it arrives, until
   * the end line (PG_META_ROW_PARTS), whose `end` is returned for the caller to check; an error line
   * is thrown as the error it is, and a body that stops before its end line as one cut off. A plain
   * JSON answer is one part, and returns null.
   */
  async function parts<S extends v.GenericSchema>(
    path: string,
    options: Omit<RequestOptions<S>, 'method' | 'schema'> & { schema: S; contentType: string; onPart: (part: v.InferOutput<S>) => void },
  ): Promise<unknown> {
    const { schema, contentType, onPart, ...rest } = options
    const { response, requestId } = await send(path, { ...rest, method: 'POST', headers: { Accept: `${contentType}, application/json`, ...rest.headers } })
    markPath('client:answered', requestId)
    options.onHeaders?.(response.headers)
    if (!response.headers.get('content-type')?.startsWith(contentType) || !response.body) {
      onPart(await checkedBody(response, requestId, path, schema))
      return null
    }
    try {
      let first = true
      for await (const line of readJsonLines(response.body)) {
        if (isObjectLine(line) && 'end' in line) {
          const end = line['end']
          const serverTiming = isObjectLine(end) && typeof end['serverTiming'] === 'string' ? end['serverTiming'] : undefined
          markPath('client:validated', requestId, serverTiming === undefined ? {} : { serverTiming })
          return end
        }
        if (isObjectLine(line) && 'error' in line) {
          const details = isObjectLine(line['error']) ? line['error'] : {}
          const status = typeof line['status'] === 'number' ? line['status'] : response.status
          throw new ApiError({ message: messageFromBody(details) ?? API_ERROR_MESSAGE.withStatus(status), code: status, requestId, details })
        }
        onPart(checked(schema, line, path, response.status, requestId))
        if (first) markPath('client:first-part', requestId)
        first = false
        // The fetch's own abort ends with its headers: a cancelled reader stops between parts.
        options.signal?.throwIfAborted()
      }
    } catch (error) {
      if (error instanceof JsonLineError) throw new ApiError({ message: `Unexpected answer from the server for ${path}: ${error.message}`, code: response.status, requestId })
      throw error
    }
    throw new ApiError({ message: `The answer from ${path} was cut off before its end.`, code: response.status, requestId })
  }

  return {
    request,
    parts,
    get: <S extends v.GenericSchema | undefined = undefined>(path: string, options: Omit<RequestOptions<S>, 'method'> = {}) =>
      request(path, { ...options, method: 'GET' }),
    post: <S extends v.GenericSchema | undefined = undefined>(path: string, options: Omit<RequestOptions<S>, 'method'> = {}) =>
      request(path, { ...options, method: 'POST' }),
    put: <S extends v.GenericSchema | undefined = undefined>(path: string, options: Omit<RequestOptions<S>, 'method'> = {}) =>
      request(path, { ...options, method: 'PUT' }),
    patch: <S extends v.GenericSchema | undefined = undefined>(path: string, options: Omit<RequestOptions<S>, 'method'> = {}) =>
      request(path, { ...options, method: 'PATCH' }),
    delete: <S extends v.GenericSchema | undefined = undefined>(path: string, options: Omit<RequestOptions<S>, 'method'> = {}) =>
      request(path, { ...options, method: 'DELETE' }),
    /** A POST whose answer is read as it arrives (the assistant's event stream): the body, after the usual error handling. */
    stream: async (path: string, options: Omit<RequestOptions, 'method' | 'schema'> = {}): Promise<ReadableStream<Uint8Array>> => {
      const { response, requestId } = await send(path, { ...options, method: 'POST', headers: { Accept: 'text/event-stream', ...options.headers } })
      if (!response.body) throw new ApiError({ message: `The server sent no answer for ${path}`, code: response.status, requestId })
      return response.body
    },
    /** A call whose answer is bytes (a download): the body as a Blob typed by the answer's Content-Type. POST unless told. */
    blob: async (path: string, options: Omit<RequestOptions, 'schema'> = {}): Promise<Blob> => {
      const { response } = await send(path, { ...options, method: options.method ?? 'POST', headers: { Accept: '*/*', ...options.headers } })
      return response.blob()
    },
    /** HEAD answers only headers (e.g. X-Total-Count); times out after 60 s. */
    head: async (path: string, options: Omit<RequestOptions, 'method' | 'schema' | 'body'> = {}) =>
      (await send(path, { ...options, method: 'HEAD' })).response.headers,
  }
}

export type ApiClient = ReturnType<typeof createApiClient>

export const api: ApiClient = createApiClient({
  apiBase: defaultSettings.apiBase,
  authBase: defaultSettings.authBase,
  isPlatform: defaultSettings.isPlatform,
  getAccessToken,
  session: { expired: () => sessionNeedsRenewal(), renew: renewSession },
})
