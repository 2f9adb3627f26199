/**
 * JSON lines (one JSON value per line, `application/jsonl`): how a big answer travels in parts, so
 * its reader can use the first part before the last is written. Both ends of the format are here:
 * the stream a server answers with, and the reader of a body.
 */

/**
 * A body of one line per value of `values` (which may come as they are made). Each line goes out
 * once written and the next is written in a later task, so a reader on the same thread (the page,
 * under the browser's mock platform) has the first before the last is written. A reader that
 * cancels stops the writing.
 */
export function jsonLinesStream(values: AsyncIterable<unknown> | Iterable<unknown>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let cancelled = false
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for await (const value of values) {
          if (cancelled) break
          controller.enqueue(encoder.encode(`${JSON.stringify(value)}\n`))
          await new Promise((resolve) => setTimeout(resolve, 0))
        }
        if (!cancelled) controller.close()
      } catch (error) {
        if (!cancelled) controller.error(error)
      }
    },
    cancel() {
      cancelled = true
    },
  })
}

export class JsonLineError extends Error {
  constructor(readonly line: number) {
    super(`Line ${line} of the answer is not JSON.`)
    this.name = 'JsonLineError'
  }
}

/** Each line of `body` parsed, as it arrives; empty lines are skipped, a line that is not JSON throws JsonLineError. */
export async function* readJsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  // The line being read, in pieces: joined once it ends (a line of rows can be megabytes long).
  let pending: string[] = []
  let number = 0
  let finished = false
  const parse = (line: string) => {
    number++
    try {
      return JSON.parse(line) as unknown
    } catch {
      throw new JsonLineError(number)
    }
  }
  try {
    for (;;) {
      const { value, done } = await reader.read()
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true })
      let start = 0
      for (let end = text.indexOf('\n'); end >= 0; start = end + 1, end = text.indexOf('\n', start)) {
        const line = pending.join('') + text.slice(start, end)
        pending = []
        if (line.trim() !== '') yield parse(line)
      }
      if (start < text.length) pending.push(text.slice(start))
      if (done) break
    }
    finished = true
    const last = pending.join('')
    if (last.trim() !== '') yield parse(last)
  } finally {
    // A reader that stopped early (a part it refused, a cancelled run): the rest is not wanted.
    if (!finished) void reader.cancel().catch(() => undefined)
    reader.releaseLock()
  }
}
