import { describe, expect, it } from 'vitest'
import { readUiMessageStream, streamPieces, StreamCutError, uiStreamEvent, uiStreamEventsForText } from './ui-message-stream'

/** A body that delivers the given strings as separate network chunks. */
function body(chunks: readonly string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

describe('UI-message stream', () => {
  it('round-trips an answer, reporting the text after each delta', async () => {
    const text = 'Here is the query:\n\n```sql\nselect 1;\n```'
    const seen: string[] = []
    expect(await readUiMessageStream(body(uiStreamEventsForText('m1', streamPieces(text))), (t) => seen.push(t))).toBe(text)
    expect(seen.length).toBe(streamPieces(text).length)
    expect(seen.at(-1)).toBe(text)
  })

  it('reads events split anywhere across network chunks, with CRLF too', async () => {
    const wire = uiStreamEventsForText('m', ['Hel', 'lo']).join('').replaceAll('\n', '\r\n')
    const split = wire.match(/[\s\S]{1,7}/g)!
    expect(await readUiMessageStream(body(split), () => undefined)).toBe('Hello')
  })

  it('a stream that ends without finishing is cut, keeping what arrived', async () => {
    const seen: string[] = []
    const events = uiStreamEventsForText('m', ['partial ', 'answer']).slice(0, 4)
    await expect(readUiMessageStream(body(events), (t) => seen.push(t))).rejects.toBeInstanceOf(StreamCutError)
    expect(seen.at(-1)).toBe('partial ')
  })

  it('an error chunk rejects with its text; unknown chunks and junk are skipped', async () => {
    const events = [uiStreamEvent({ type: 'reasoning-delta', id: 'r', delta: 'hmm' }), 'data: not json\n\n', uiStreamEvent({ type: 'error', errorText: 'Model overloaded' })]
    await expect(readUiMessageStream(body(events), () => undefined)).rejects.toThrow('Model overloaded')
  })

  it('stops when aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(readUiMessageStream(body(uiStreamEventsForText('m', ['a'])), () => undefined, controller.signal)).rejects.toThrow()
  })
})
