import { describe, expect, it } from 'vitest'
import { JsonLineError, jsonLinesStream, readJsonLines } from './json-lines'

/** A body whose bytes come in the given pieces (cut anywhere, even inside a character). */
function bodyOf(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece)
      controller.close()
    },
  })
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<unknown[]> {
  const values: unknown[] = []
  for await (const value of readJsonLines(body)) values.push(value)
  return values
}

describe('JSON lines', () => {
  it('reads back what the stream wrote, value for value', async () => {
    const values = [[{ a: 1, 'b\nc': 'line\nbreak' }], [], [{ a: 'é ✓ 𝄞' }], { rowCount: 2 }]
    expect(await readAll(jsonLinesStream(values[Symbol.iterator]()))).toEqual(values)
  })

  it('joins lines cut across pieces, multi-byte characters included, and reads a last line without its newline', async () => {
    const bytes = new TextEncoder().encode('[1,"é𝄞"]\n\n{"x":[2,3]}\n"end"')
    const pieces = Array.from({ length: bytes.length }, (_, i) => bytes.slice(i, i + 1))
    expect(await readAll(bodyOf(pieces))).toEqual([[1, 'é𝄞'], { x: [2, 3] }, 'end'])
  })

  it('names the line that is not JSON', async () => {
    const body = bodyOf([new TextEncoder().encode('[1]\n[2\n')])
    await expect(readAll(body)).rejects.toEqual(new JsonLineError(2))
  })

  it('has the first line read before the last is written, and stops writing when the reader stops', async () => {
    let written = 0
    function* values() {
      for (let i = 0; i < 5; i++) {
        written++
        yield [i]
      }
    }
    const body = jsonLinesStream(values())
    for await (const value of readJsonLines(body)) {
      expect(value).toEqual([0])
      expect(written).toBe(1)
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(written).toBeLessThanOrEqual(2)
  })
})
