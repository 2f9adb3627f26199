import { serverSentData } from '../../src/lib/ui-message-stream'

/** An OpenAI-compatible chat-completions service the self-hosted assistant forwards to. */
export interface ChatCompletionsModel {
  /** The full URL of the chat-completions endpoint, e.g. http://localhost:11434/v1/chat/completions. */
  url: string
  apiKey: string | null
  model: string
}

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant'
  content: string
}

/**
 * Asks the service for a streamed completion and yields its text deltas (`choices[0].delta.content`
 * of each `data:` event until `[DONE]`). A refusal is an Error naming the service's status and message.
 */
export async function* chatCompletionDeltas(model: ChatCompletionsModel, messages: readonly ChatTurn[], signal?: AbortSignal): AsyncGenerator<string> {
  const response = await fetch(model.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...(model.apiKey ? { Authorization: `Bearer ${model.apiKey}` } : {}) },
    body: JSON.stringify({ model: model.model, messages, stream: true }),
    signal,
  })
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '')
    let message = text
    try {
      const body = JSON.parse(text) as { error?: { message?: string } | string; message?: string }
      message = (typeof body.error === 'string' ? body.error : body.error?.message) ?? body.message ?? text
    } catch {
      // Not JSON: the text is the message.
    }
    throw new Error(`The model service refused the request (${response.status}): ${message || response.statusText}`)
  }
  for await (const data of serverSentData(response.body, signal)) {
    if (data === '[DONE]') return
    try {
      const chunk = JSON.parse(data) as { choices?: { delta?: { content?: string | null } }[] }
      const delta = chunk.choices?.[0]?.delta?.content
      if (delta) yield delta
    } catch {
      // Keep-alive comments and junk lines are not text.
    }
  }
  throw new Error('The model service closed the stream before it finished.')
}
