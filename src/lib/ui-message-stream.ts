import * as v from 'valibot'

/**
 * The assistant endpoint answers with a UI-message stream (PLATFORM-API §13): server-sent events,
 * one JSON chunk per `data:` line, ending with `data: [DONE]`. Only the chunks this dashboard uses
 * are read; others are skipped, as the protocol allows.
 */
export const UI_MESSAGE_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  'x-vercel-ai-ui-message-stream': 'v1',
} as const

const chunkSchema = v.variant('type', [
  v.object({ type: v.literal('start'), messageId: v.optional(v.string()) }),
  v.object({ type: v.literal('text-start'), id: v.string() }),
  v.object({ type: v.literal('text-delta'), id: v.string(), delta: v.string() }),
  v.object({ type: v.literal('text-end'), id: v.string() }),
  v.object({ type: v.literal('error'), errorText: v.string() }),
  v.object({ type: v.literal('finish') }),
])

/** One server-sent event carrying a chunk. */
export function uiStreamEvent(chunk: v.InferOutput<typeof chunkSchema> | { type: string; [key: string]: unknown }): string {
  return `data: ${JSON.stringify(chunk)}\n\n`
}
export const UI_STREAM_DONE = 'data: [DONE]\n\n'

/** A whole answer as the events that stream it, the text cut into pieces. */
export function uiStreamEventsForText(messageId: string, pieces: readonly string[]): string[] {
  const textId = `${messageId}-text`
  return [
    uiStreamEvent({ type: 'start', messageId }),
    uiStreamEvent({ type: 'start-step' }),
    uiStreamEvent({ type: 'text-start', id: textId }),
    ...pieces.map((delta) => uiStreamEvent({ type: 'text-delta', id: textId, delta })),
    uiStreamEvent({ type: 'text-end', id: textId }),
    uiStreamEvent({ type: 'finish-step' }),
    uiStreamEvent({ type: 'finish' }),
    UI_STREAM_DONE,
  ]
}

/** Text in streaming-sized pieces: a word and the space after it, so the answer is seen to arrive. */
export function streamPieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? []
}

export class StreamCutError extends Error {
  constructor() {
    super('The answer was cut off before it finished.')
    this.name = 'StreamCutError'
  }
}

/** Each `data:` payload of a server-sent event stream, as it arrives. */
export async function* serverSentData(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<string> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const onAbort = () => void reader.cancel().catch(() => undefined)
  signal?.addEventListener('abort', onAbort, { once: true })
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let end: number
      while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const event = buffer.slice(0, end)
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '')
        const data = event
          .split(/\r?\n/)
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n')
        if (data !== '') yield data
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort)
    reader.releaseLock()
  }
}

/**
 * Reads a UI-message stream, calling `onText` with the whole text so far after each delta. Resolves
 * with the text when the stream finishes; an error chunk rejects with its text; a stream that ends
 * without finishing rejects with StreamCutError (the caller keeps what arrived).
 */
export async function readUiMessageStream(body: ReadableStream<Uint8Array>, onText: (text: string) => void, signal?: AbortSignal): Promise<string> {
  let text = ''
  let finished = false
  for await (const data of serverSentData(body, signal)) {
    if (data === '[DONE]') break
    let json: unknown
    try {
      json = JSON.parse(data)
    } catch {
      continue
    }
    const parsed = v.safeParse(chunkSchema, json)
    if (!parsed.success) continue
    const chunk = parsed.output
    if (chunk.type === 'text-delta') {
      text += chunk.delta
      onText(text)
    } else if (chunk.type === 'error') throw new Error(chunk.errorText)
    else if (chunk.type === 'finish') finished = true
  }
  signal?.throwIfAborted()
  if (!finished) throw new StreamCutError()
  return text
}
