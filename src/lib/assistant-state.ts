import * as v from 'valibot'
import { ASSISTANT_LEGACY_STORAGE_KEY, ASSISTANT_MAX_MESSAGES_PER_CHAT, ASSISTANT_STORAGE_KEY } from '../constants'
import { hasOwnKey, ownKeyedObjectSchema, ownRecord, ownRecordSchema } from './own-record'
import { readStored, removeStored, writeStored, type StoredSense } from './storage'

// SPEC §3 "AI assistant state": chats keyed by id; a message is made of parts and keeps the results
// of its SQL blocks keyed by the block's (snippet) id. Chats, results and result rows are keyed by
// data, so they are prototype-free records read by own keys (./own-record).

const textPart = v.object({ type: v.literal('text'), text: v.string() })
const sqlPart = v.object({ type: v.literal('sql'), id: v.string(), sql: v.string() })
export const assistantPartSchema = v.variant('type', [textPart, sqlPart])

export const assistantResultSchema = v.object({
  columns: v.array(v.string()),
  rows: v.array(ownKeyedObjectSchema),
  /** Rows the statement returned (rows above keep at most ASSISTANT_RESULT_ROW_LIMIT). */
  rowCount: v.number(),
  error: v.nullable(v.string()),
})

export const assistantMessageSchema = v.object({
  id: v.string(),
  role: v.picklist(['user', 'assistant']),
  parts: v.array(assistantPartSchema),
  results: v.optional(ownRecordSchema(assistantResultSchema), () => ownRecord()),
  /** Assistant answers only: streaming while it arrives; failed (with error) or stopped keep what arrived. */
  status: v.optional(v.picklist(['streaming', 'done', 'failed', 'stopped']), 'done'),
  error: v.optional(v.nullable(v.string()), null),
})

export const assistantChatSchema = v.object({
  id: v.string(),
  name: v.string(),
  messages: v.array(assistantMessageSchema),
  createdAt: v.number(),
  updatedAt: v.number(),
})

/** What is saved: it must contain a chats object (SPEC §5); anything else is discarded. */
export const savedAssistantStateSchema = v.object({
  open: v.optional(v.boolean(), false),
  activeChatId: v.optional(v.nullable(v.string()), null),
  chats: ownRecordSchema(assistantChatSchema),
})

export type AssistantPart = v.InferOutput<typeof assistantPartSchema>
export type AssistantResult = v.InferOutput<typeof assistantResultSchema>
export type AssistantMessage = v.InferOutput<typeof assistantMessageSchema>
export type AssistantChat = v.InferOutput<typeof assistantChatSchema>
export type SavedAssistantState = v.InferOutput<typeof savedAssistantStateSchema>

/** The state as saved: only the last ASSISTANT_MAX_MESSAGES_PER_CHAT messages of each chat. */
export function persistableAssistantState(state: SavedAssistantState): SavedAssistantState {
  const chats = ownRecord(Object.entries(state.chats).map(([id, chat]) => [id, { ...chat, messages: chat.messages.slice(-ASSISTANT_MAX_MESSAGES_PER_CHAT) }]))
  return { open: state.open, activeChatId: state.activeChatId, chats }
}

/** The most recently updated chat's id, or null when there are none. */
export function latestChatId(chats: Readonly<Record<string, AssistantChat>>): string | null {
  let latest: AssistantChat | null = null
  for (const chat of Object.values(chats)) if (!latest || chat.updatedAt > latest.updatedAt) latest = chat
  return latest?.id ?? null
}

/**
 * A saved state that parses but does not hold together is repaired: a chat saved under another
 * key than its id is kept under its id (a second chat with that id is dropped), and an active chat
 * that is not among the chats gives way to the most recently updated one.
 */
export function assistantStateSense(state: SavedAssistantState): StoredSense<SavedAssistantState> {
  const repairs: string[] = []
  const chats = ownRecord<AssistantChat>()
  for (const [key, chat] of Object.entries(state.chats)) {
    if (hasOwnKey(chats, chat.id)) repairs.push(`dropped a second chat with id ${JSON.stringify(chat.id)}`)
    else chats[chat.id] = chat
    if (key !== chat.id) repairs.push(`chat ${JSON.stringify(chat.id)} was saved under ${JSON.stringify(key)}`)
  }
  let activeChatId = state.activeChatId
  if (activeChatId !== null && !hasOwnKey(chats, activeChatId)) {
    repairs.push(`the active chat ${JSON.stringify(activeChatId.slice(0, 60))} is not among the chats`)
    activeChatId = latestChatId(chats)
  }
  return { value: { open: state.open, activeChatId, chats }, repairs }
}

/**
 * A project's saved assistant state: the current copy, else the legacy copy migrated (written under
 * the current key, legacy removed). Invalid copies are discarded and removed with a console warning,
 * copies that do not hold together are repaired with one (assistantStateSense);
 * storage that cannot be read is logged and treated as empty.
 */
export function loadAssistantState(storage: Storage | undefined, projectRef: string): SavedAssistantState | null {
  const current = readStored(storage, ASSISTANT_STORAGE_KEY(projectRef), savedAssistantStateSchema, { makeSense: assistantStateSense })
  if (current) return current
  const legacyKey = ASSISTANT_LEGACY_STORAGE_KEY(projectRef)
  const legacy = readStored(storage, legacyKey, savedAssistantStateSchema, { makeSense: assistantStateSense })
  if (!legacy) return null
  writeStored(storage, ASSISTANT_STORAGE_KEY(projectRef), persistableAssistantState(legacy))
  removeStored(storage, legacyKey)
  return legacy
}

/** Saves the state (capped); a storage failure is logged by writeStored and otherwise ignored. */
export function saveAssistantState(storage: Storage | undefined, projectRef: string, state: SavedAssistantState): void {
  writeStored(storage, ASSISTANT_STORAGE_KEY(projectRef), persistableAssistantState(state))
}
