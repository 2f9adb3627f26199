import { delay, http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { ASSISTANT_GENERATE_PATH } from '../../src/constants'
import { UI_MESSAGE_STREAM_HEADERS, UI_STREAM_DONE, streamPieces, uiStreamEvent, uiStreamEventsForText } from '../../src/lib/ui-message-stream'
import { chatCompletionDeltas, type ChatTurn } from '../assistant/chat-completions'
import { LintsAnswerSchema, type Lint } from '../../src/api/schemas/advisors'
import { runProjectLints } from '../advisors/advisor-lints'
import { answer, catalogFromRows, detectIntent, MODEL_CATALOG_SQL, type ModelMessage } from '../assistant/model'
import type { PlatformContext } from '../context'
import { openProjectDatabase } from '../projects/database-start'
import { authenticate, authorizeProject } from './util'
import { errorMessage } from '../../src/lib/error-message'

/** Milliseconds between two streamed pieces of the mock model's answer: fast, but seen to arrive. */
export const MOCK_MODEL_PIECE_DELAY = 12

const uiMessageSchema = v.object({
  id: v.optional(v.string()),
  role: v.picklist(['user', 'assistant', 'system']),
  parts: v.array(v.looseObject({ type: v.string(), text: v.optional(v.string()) })),
})
const generateBodySchema = v.object({
  messages: v.pipe(v.array(uiMessageSchema), v.minLength(1, 'messages must not be empty')),
  projectRef: v.string(),
  connectionString: v.nullish(v.string()),
  orgSlug: v.optional(v.string()),
  chatId: v.optional(v.string()),
  chatName: v.optional(v.string()),
  schema: v.optional(v.string()),
  table: v.optional(v.string()),
  /** Dashboard extras: the snippet beside the question and the tables picked as context. */
  context: v.optional(v.object({ sql: v.optional(v.string()), tables: v.optional(v.array(v.string())) })),
})

const SYSTEM_PROMPT =
  'You are the SQL assistant of a Postgres dashboard. Answer briefly. Put SQL in ```sql fenced blocks, schema-qualified, for PostgreSQL. Say plainly when you do not know.'

const textOf = (message: v.InferOutput<typeof uiMessageSchema>) =>
  message.parts
    .filter((p) => p.type === 'text')
    .map((p) => p.text ?? '')
    .join('')

function sseResponse(produce: (write: (event: string) => void, signal: AbortSignal) => Promise<void>, signal: AbortSignal): Response {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        await produce((event) => controller.enqueue(encoder.encode(event)), signal)
      } catch (error) {
        if (!signal.aborted)
          controller.enqueue(encoder.encode(uiStreamEvent({ type: 'error', errorText: errorMessage(error) })))
      } finally {
        try {
          controller.close()
        } catch {
          // Already closed by a client that went away.
        }
      }
    },
  })
  return new HttpResponse(body, { headers: UI_MESSAGE_STREAM_HEADERS })
}

/** The project's findings for the assistant; null when the lints could not run (the answer says so). */
async function projectFindings(ctx: PlatformContext, project: { ref: string }, request: Request): Promise<Lint[] | null> {
  try {
    const parsed = v.safeParse(LintsAnswerSchema, await runProjectLints(ctx, project, request))
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

/**
 * The assistant (PLATFORM-API §13): a UI-message stream answering the conversation. The mock model
 * reads the project's real catalog; self-hosted with a chat-completions service set, the question
 * goes there instead and its deltas are streamed back in the same protocol.
 */
export function assistantHandlers(ctx: PlatformContext) {
  return [
    http.post(`*${ASSISTANT_GENERATE_PATH}`, async ({ request }) => {
      // A caller without a session learns nothing, not even what a valid body looks like.
      const caller = authenticate(ctx, request)
      if (caller.denied) return caller.denied
      let json: unknown
      try {
        json = await request.json()
      } catch {
        return HttpResponse.json({ error: 'The body must be JSON', issues: [] }, { status: 400 })
      }
      const parsed = v.safeParse(generateBodySchema, json)
      if (!parsed.success) return HttpResponse.json({ error: 'Invalid request', issues: parsed.issues.map((i) => i.message) }, { status: 400 })
      const body = parsed.output
      const { project, denied } = await authorizeProject(ctx, request, body.projectRef)
      if (denied) return denied
      const messageId = `msg-${crypto.randomUUID()}`
      const conversation = body.messages.filter((m) => m.role !== 'system').map((m) => ({ role: m.role as ModelMessage['role'], text: textOf(m) }))

      const forward = ctx.selfHosted ? ctx.assistantModel : null
      if (forward) {
        const turns: ChatTurn[] = [{ role: 'system', content: SYSTEM_PROMPT }, ...conversation.map((m) => ({ role: m.role, content: m.text }))]
        return sseResponse(async (write, signal) => {
          const textId = `${messageId}-text`
          write(uiStreamEvent({ type: 'start', messageId }))
          write(uiStreamEvent({ type: 'text-start', id: textId }))
          for await (const delta of chatCompletionDeltas(forward, turns, signal)) write(uiStreamEvent({ type: 'text-delta', id: textId, delta }))
          write(uiStreamEvent({ type: 'text-end', id: textId }))
          write(uiStreamEvent({ type: 'finish' }))
          write(UI_STREAM_DONE)
        }, request.signal)
      }

      const { database } = await openProjectDatabase(ctx, project, request)
      const catalog = catalogFromRows((await database.query(MODEL_CATALOG_SQL)).rows)
      const tables = [...(body.context?.tables ?? []), ...(body.schema && body.table ? [`${body.schema}.${body.table}`] : [])]
      const asked = conversation.filter((m) => m.role === 'user').at(-1)?.text ?? ''
      // Asked about the advisors' findings: the lints run as run-lints runs them (the model only words the answer).
      const findings = detectIntent(asked.trim().toLowerCase(), false) === 'advisors' ? await projectFindings(ctx, project, request) : undefined
      const text = answer(conversation, catalog, { sql: body.context?.sql, tables, projectRef: project.ref, findings })
      return sseResponse(async (write, signal) => {
        for (const event of uiStreamEventsForText(messageId, streamPieces(text))) {
          if (signal.aborted) return
          write(event)
          await delay(MOCK_MODEL_PIECE_DELAY)
        }
      }, request.signal)
    }),
  ]
}
