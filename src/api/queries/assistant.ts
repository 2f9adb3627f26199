import { ASSISTANT_GENERATE_PATH } from '../../constants'
import { markdownFromParts } from '../../lib/assistant-message'
import type { AssistantMessage } from '../../lib/assistant-state'
import { readUiMessageStream } from '../../lib/ui-message-stream'
import { api } from '../client'

export interface AssistantRequest {
  projectRef: string
  connectionString: string | null
  chatId: string
  chatName: string
  /** The conversation so far, ending with the user's question. */
  messages: readonly AssistantMessage[]
  /** The snippet and tables put beside the question. */
  context: { sql?: string; tables?: string[] }
}

/**
 * Asks the assistant (PLATFORM-API §13) and streams its answer: `onText` gets the whole text so far
 * after each piece. Resolves with the finished text; rejects with an ApiError (429 carries
 * retryAfter), the stream's error, or StreamCutError when it ends early.
 */
export async function streamAssistantAnswer(request: AssistantRequest, onText: (text: string) => void, signal: AbortSignal): Promise<string> {
  const body = await api.stream(ASSISTANT_GENERATE_PATH, {
    signal,
    body: {
      projectRef: request.projectRef,
      connectionString: request.connectionString,
      chatId: request.chatId,
      chatName: request.chatName,
      // UI messages: the text of each message, SQL blocks fenced as the model wrote them.
      messages: request.messages.map((m) => ({ id: m.id, role: m.role, parts: [{ type: 'text', text: markdownFromParts(m.parts) }] })),
      context: request.context,
    },
  })
  return readUiMessageStream(body, onText, signal)
}
