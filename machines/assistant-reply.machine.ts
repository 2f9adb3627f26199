import { assign, fromCallback, setup } from 'xstate'
import type { CoverageModel } from './testing/model-coverage'

/** What the stream actor reports back. */
export type ReplyStreamEvent =
  | { type: 'stream.text'; text: string }
  | { type: 'stream.done'; text: string }
  | { type: 'stream.failed'; message: string; retryAfter: number | null }

export interface ReplyRequest {
  /** The id the answer is saved under (one answer may take several attempts). */
  messageId: string
  chatId: string
}

export interface ReplyContext {
  request: ReplyRequest | null
  text: string
  error: string | null
  /** Seconds the server asked to wait (429 Retry-After). */
  retryAfter: number | null
}

export type ReplyEvent = { type: 'ask'; request: ReplyRequest } | { type: 'stop' } | { type: 'retry' } | ReplyStreamEvent

/**
 * One streamed answer of the assistant: it arrives piece by piece (each saved as it comes), can be
 * stopped, and when the stream fails or is cut the partial answer is kept, marked failed, with a
 * retry; a 429 waits the Retry-After seconds and asks again by itself.
 */
export const assistantReplyMachine = setup({
  types: {
    context: {} as ReplyContext,
    events: {} as ReplyEvent,
  },
  actors: {
    /** Streams the answer to `request`, sending stream.text / stream.done / stream.failed back; stopping it aborts the request. */
    stream: fromCallback<ReplyEvent, ReplyRequest>(() => {
      throw new Error('stream is provided by the app')
    }),
  },
  actions: {
    /** Saves the answer as it stands (provided by the app: message.save to the assistant actor). */
    deliver: (_, _params: { request: ReplyRequest; text: string; status: 'streaming' | 'done' | 'failed' | 'stopped'; error: string | null }) => {},
  },
  guards: {
    rateLimited: ({ event }) => event.type === 'stream.failed' && event.retryAfter !== null,
  },
  delays: {
    retryAfter: ({ context }) => (context.retryAfter ?? 0) * 1000,
  },
}).createMachine({
  id: 'assistantReply',
  context: { request: null, text: '', error: null, retryAfter: null },
  initial: 'idle',
  states: {
    idle: {},
    streaming: {
      entry: assign({ text: '', error: null, retryAfter: null }),
      invoke: { src: 'stream', input: ({ context }) => context.request! },
      on: {
        'stream.text': {
          actions: [
            assign({ text: ({ event }) => event.text }),
            { type: 'deliver', params: ({ context, event }) => ({ request: context.request!, text: event.text, status: 'streaming', error: null }) },
          ],
        },
        'stream.done': {
          target: 'done',
          actions: [
            assign({ text: ({ event }) => event.text }),
            { type: 'deliver', params: ({ context, event }) => ({ request: context.request!, text: event.text, status: 'done', error: null }) },
          ],
        },
        'stream.failed': [
          {
            guard: 'rateLimited',
            target: 'waiting',
            actions: assign({ error: ({ event }) => event.message, retryAfter: ({ event }) => event.retryAfter }),
          },
          {
            target: 'failed',
            actions: [
              assign({ error: ({ event }) => event.message }),
              { type: 'deliver', params: ({ context, event }) => ({ request: context.request!, text: context.text, status: 'failed', error: event.message }) },
            ],
          },
        ],
        stop: {
          target: 'stopped',
          actions: { type: 'deliver', params: ({ context }) => ({ request: context.request!, text: context.text, status: 'stopped', error: null }) },
        },
      },
    },
    // 429: the server said when to come back.
    waiting: {
      after: { retryAfter: 'streaming' },
      on: {
        retry: 'streaming',
        stop: {
          target: 'stopped',
          actions: { type: 'deliver', params: ({ context }) => ({ request: context.request!, text: context.text, status: 'stopped', error: null }) },
        },
      },
    },
    failed: { on: { retry: 'streaming' } },
    stopped: {},
    done: {},
  },
  on: {
    ask: { target: '.streaming', actions: assign({ request: ({ event }) => event.request }) },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const assistantReplyCoverage: CoverageModel<typeof assistantReplyMachine> = {
  events: [
    { type: 'ask', request: { messageId: 'a1', chatId: 'c1' } },
    { type: 'stop' },
    { type: 'retry' },
    { type: 'stream.text', text: 'a' },
    { type: 'stream.done', text: 'ab' },
    { type: 'stream.failed', message: 'cut', retryAfter: null },
    { type: 'stream.failed', message: '429', retryAfter: 1 },
    { type: 'xstate.after.retryAfter.assistantReply.waiting' },
  ],
}
