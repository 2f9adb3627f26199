/**
 * JSON lines (one JSON value per line, `application/jsonl`): how a big answer travels in parts, so
 * its reader can use the first part before the last is written. Both ends of the format are here:
 * the stream a server answers with, and the reader of a body.
 */

/** A body of one line per value of `values`, each written only when the reader asks for more. */
export function jsonLinesStream(values: Iterator<unknown>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = values.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`))
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
