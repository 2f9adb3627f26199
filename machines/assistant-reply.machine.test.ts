import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { assistantReplyMachine, type ReplyEvent, type ReplyRequest } from './assistant-reply.machine'

afterEach(() => vi.useRealTimers())

const request: ReplyRequest = { messageId: 'a1', chatId: 'c1' }

/** The machine with a stream the test drives: `streams` holds each attempt's sendBack. */
function start() {
  const streams: { send: (event: ReplyEvent) => void; aborted: boolean }[] = []
  const delivered: { text: string; status: string; error: string | null }[] = []
  const actor = createActor(
    assistantReplyMachine.provide({
      actors: {
        stream: fromCallback<ReplyEvent, ReplyRequest>(({ sendBack }) => {
          const attempt = { send: sendBack, aborted: false }
          streams.push(attempt)
          return () => (attempt.aborted = true)
        }),
      },
      actions: { deliver: (_, { text, status, error }) => void delivered.push({ text, status, error }) },
    }),
  ).start()
  return { actor, streams, delivered, state: () => actor.getSnapshot().value }
}

describe('assistantReplyMachine', () => {
  it('streams an answer, saving each piece, then done', () => {
    const { actor, streams, delivered, state } = start()
    actor.send({ type: 'ask', request })
    streams[0]!.send({ type: 'stream.text', text: 'Hel' })
    streams[0]!.send({ type: 'stream.text', text: 'Hello' })
    streams[0]!.send({ type: 'stream.done', text: 'Hello.' })
    expect(state()).toBe('done')
    expect(delivered).toEqual([
      { text: 'Hel', status: 'streaming', error: null },
      { text: 'Hello', status: 'streaming', error: null },
      { text: 'Hello.', status: 'done', error: null },
    ])
  })

  it('stop aborts the stream and keeps what arrived', () => {
    const { actor, streams, delivered, state } = start()
    actor.send({ type: 'ask', request })
    streams[0]!.send({ type: 'stream.text', text: 'Part' })
    actor.send({ type: 'stop' })
    expect(state()).toBe('stopped')
    expect(streams[0]!.aborted).toBe(true)
    expect(delivered.at(-1)).toEqual({ text: 'Part', status: 'stopped', error: null })
  })

  it('a failed or cut stream keeps the partial answer marked failed; retry asks again', () => {
    const { actor, streams, delivered, state } = start()
    actor.send({ type: 'ask', request })
    streams[0]!.send({ type: 'stream.text', text: 'Half an' })
    streams[0]!.send({ type: 'stream.failed', message: 'The answer was cut off before it finished.', retryAfter: null })
    expect(state()).toBe('failed')
    expect(delivered.at(-1)).toEqual({ text: 'Half an', status: 'failed', error: 'The answer was cut off before it finished.' })
    actor.send({ type: 'retry' })
    expect(state()).toBe('streaming')
    expect(streams).toHaveLength(2)
    expect(actor.getSnapshot().context).toMatchObject({ text: '', error: null })
    streams[1]!.send({ type: 'stream.done', text: 'Whole answer' })
    expect(delivered.at(-1)).toMatchObject({ text: 'Whole answer', status: 'done' })
  })

  it('429 waits the Retry-After seconds, then asks again by itself', () => {
    vi.useFakeTimers()
    const { actor, streams, state } = start()
    actor.send({ type: 'ask', request })
    streams[0]!.send({ type: 'stream.failed', message: 'Too many requests', retryAfter: 3 })
    expect(state()).toBe('waiting')
    expect(actor.getSnapshot().context.retryAfter).toBe(3)
    vi.advanceTimersByTime(2_999)
    expect(streams).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(state()).toBe('streaming')
    expect(streams).toHaveLength(2)
  })

  it('while waiting, retry goes at once and stop gives up', () => {
    vi.useFakeTimers()
    const { actor, streams, state, delivered } = start()
    actor.send({ type: 'ask', request })
    streams[0]!.send({ type: 'stream.failed', message: 'Too many requests', retryAfter: 60 })
    actor.send({ type: 'retry' })
    expect(streams).toHaveLength(2)
    streams[1]!.send({ type: 'stream.failed', message: 'Too many requests', retryAfter: 60 })
    actor.send({ type: 'stop' })
    expect(state()).toBe('stopped')
    expect(delivered.at(-1)!.status).toBe('stopped')
  })

  it('a new question replaces the answer in progress', () => {
    const { actor, streams } = start()
    actor.send({ type: 'ask', request })
    actor.send({ type: 'ask', request: { messageId: 'a2', chatId: 'c1' } })
    expect(streams[0]!.aborted).toBe(true)
    expect(actor.getSnapshot().context.request?.messageId).toBe('a2')
  })
})
