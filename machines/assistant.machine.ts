import { assign, not, raise, setup } from 'xstate'
import { ASSISTANT_PERSIST_DEBOUNCE } from '../src/constants'
import { latestChatId, type AssistantChat, type AssistantMessage, type SavedAssistantState } from '../src/lib/assistant-state'
import { hasOwnKey, ownRecord, ownValue, withOwnValue, withoutOwnKey, type OwnRecord } from '../src/lib/own-record'
import type { CoverageModel } from './testing/model-coverage'

/** A snippet the user put beside the question (the SQL editor's current one, or one from a chat). */
export interface AssistantSnippet {
  label: string
  sql: string
}

/** SPEC §3 "AI assistant state (per project)" with the panel extras. */
export interface AssistantContext {
  projectRef: string
  open: boolean
  activeChatId: string | null
  /** By chat id, prototype-free and read by own keys only (a saved id may be "toString"). */
  chats: OwnRecord<AssistantChat>
  /** The input box's text: kept while the panel closes and reopens. */
  initialInput: string
  sqlSnippets: AssistantSnippet[]
  suggestions: string[]
  /** Tables the question is about ("schema.table"). */
  tables: string[]
}

/**
 * The machine reads no clock and makes no id: the time and ids come in its input and its events, so
 * a replay of a recording (machine-recording.ts) gives it what it had and an honest run matches.
 */
export interface AssistantInput {
  projectRef: string
  /** What browser storage held (already checked against the schema), or null. */
  saved: SavedAssistantState | null
  /** Now, ms: a chat made on start was created then. */
  now: number
  /** The id a chat made on start gets. */
  newChatId: string
}

export interface NewChatOptions {
  id: string
  name?: string
  open?: boolean
  initialInput?: string
  sqlSnippets?: AssistantSnippet[]
  suggestions?: string[]
  tables?: string[]
}

export type AssistantEvent =
  | { type: 'panel.open' }
  | { type: 'panel.close' }
  | { type: 'panel.toggle' }
  // `at`: when the change was made (ms), the chat's new updatedAt.
  | ({ type: 'chat.new'; at: number } & NewChatOptions)
  | { type: 'chat.select'; id: string }
  | { type: 'chat.delete'; id: string }
  | { type: 'chat.rename'; id: string; name: string; at: number }
  | { type: 'messages.clear'; at: number }
  | { type: 'messages.deleteAfter'; messageId: string; inclusive: boolean; at: number }
  | { type: 'message.save'; message: AssistantMessage; chatId?: string; at: number }
  | { type: 'input.change'; text: string }
  | { type: 'context.set'; sqlSnippets?: AssistantSnippet[]; tables?: string[] }
  /** Raised by every change to what is saved (a parallel chart takes its root's transitions only when no region has one). */
  | { type: 'persistence.schedule' }
  /** The page is going (pagehide): a write still waiting for its 500 ms happens now, or the last changes would be lost. */
  | { type: 'persistence.flush' }

export const NEW_CHAT_NAME = 'New chat'

function emptyChat(id: string, name: string, now: number): AssistantChat {
  return { id, name, messages: [], createdAt: now, updatedAt: now }
}

/**
 * The state on project load (SPEC §4): what was saved; an active chat that is missing falls back to
 * the most recently updated chat, or to a new chat when there are none. A message that was still
 * streaming when the page went away was cut: it is kept, marked failed.
 */
export function restoredContext({ projectRef, saved, now, newChatId }: AssistantInput): AssistantContext {
  const chats = ownRecord<AssistantChat>()
  for (const chat of Object.values(saved?.chats ?? {})) {
    chats[chat.id] = {
      ...chat,
      messages: chat.messages.map((m) => (m.status === 'streaming' ? { ...m, status: 'failed' as const, error: 'The answer was cut off.' } : m)),
    }
  }
  let activeChatId = saved?.activeChatId && hasOwnKey(chats, saved.activeChatId) ? saved.activeChatId : latestChatId(chats)
  if (!activeChatId) {
    const chat = emptyChat(newChatId, NEW_CHAT_NAME, now)
    chats[chat.id] = chat
    activeChatId = chat.id
  }
  return { projectRef, open: saved?.open ?? false, activeChatId, chats, initialInput: '', sqlSnippets: [], suggestions: [], tables: [] }
}

function withChat(context: AssistantContext, id: string, change: (chat: AssistantChat) => AssistantChat): OwnRecord<AssistantChat> {
  const chat = ownValue(context.chats, id)
  return chat ? withOwnValue(context.chats, id, change(chat)) : context.chats
}

/** What `persist` writes: the part of the context SPEC §3 saves. */
const savedPart = ({ context }: { context: AssistantContext }) => ({
  projectRef: context.projectRef,
  state: { open: context.open, activeChatId: context.activeChatId, chats: context.chats },
})

/**
 * The assistant of one project: whether its panel is open, its chats and the active one, and the
 * panel's extras. Every change to what is saved is written 500 ms after the last one, or at once
 * when the page goes (`persistence.flush`); the `persist` action, provided by the app, writes
 * browser storage and keeps the last 20 messages per chat.
 */
export const assistantMachine = setup({
  types: {
    context: {} as AssistantContext,
    events: {} as AssistantEvent,
    input: {} as AssistantInput,
  },
  actions: {
    /** Writes the state to browser storage (provided by the app; tests provide a fake storage). */
    persist: (_, _params: { projectRef: string; state: SavedAssistantState }) => {},
    setOpen: assign((_, params: { open: boolean }) => ({ open: params.open })),
    schedulePersist: raise({ type: 'persistence.schedule' }),
    newChat: assign(({ context, event }) => {
      if (event.type !== 'chat.new') return {}
      const chat = emptyChat(event.id, event.name ?? NEW_CHAT_NAME, event.at)
      return {
        chats: withOwnValue(context.chats, chat.id, chat),
        activeChatId: chat.id,
        initialInput: event.initialInput ?? '',
        sqlSnippets: event.sqlSnippets ?? [],
        suggestions: event.suggestions ?? [],
        tables: event.tables ?? [],
      }
    }),
  },
  guards: {
    panelOpen: ({ context }) => context.open,
    opensPanel: ({ event }) => event.type === 'chat.new' && event.open === true,
    chatExists: ({ context, event }) => 'id' in event && typeof event.id === 'string' && hasOwnKey(context.chats, event.id),
    hasActiveChat: ({ context }) => context.activeChatId !== null && hasOwnKey(context.chats, context.activeChatId),
    savesToKnownChat: ({ context, event }) => {
      if (event.type !== 'message.save') return false
      const id = event.chatId ?? context.activeChatId
      return id !== null && hasOwnKey(context.chats, id)
    },
  },
  delays: {
    persistDebounce: ASSISTANT_PERSIST_DEBOUNCE,
  },
}).createMachine({
  id: 'assistant',
  context: ({ input }) => restoredContext(input),
  // Whether the panel is open is `context.open` alone (SPEC §3's saved state, restored on load), so
  // the chart's one region is what is saved; the panel's events change the context.
  type: 'parallel',
  on: {
    'panel.open': { guard: not('panelOpen'), actions: [{ type: 'setOpen', params: { open: true } }, 'schedulePersist'] },
    'panel.close': { guard: 'panelOpen', actions: [{ type: 'setOpen', params: { open: false } }, 'schedulePersist'] },
    'panel.toggle': [
      { guard: 'panelOpen', actions: [{ type: 'setOpen', params: { open: false } }, 'schedulePersist'] },
      { actions: [{ type: 'setOpen', params: { open: true } }, 'schedulePersist'] },
    ],
    'chat.new': [
      { guard: 'opensPanel', actions: ['newChat', { type: 'setOpen', params: { open: true } }, 'schedulePersist'] },
      { actions: ['newChat', 'schedulePersist'] },
    ],
    'chat.select': { guard: 'chatExists', actions: [assign({ activeChatId: ({ event }) => event.id }), 'schedulePersist'] },
    'chat.delete': {
      guard: 'chatExists',
      actions: [
        assign(({ context, event }) => {
          const chats = withoutOwnKey(context.chats, event.id)
          // SPEC §4: deleting the active chat selects the first remaining chat, or none.
          const activeChatId = context.activeChatId === event.id ? Object.keys(chats)[0] ?? null : context.activeChatId
          return { chats, activeChatId }
        }),
        'schedulePersist',
      ],
    },
    'chat.rename': {
      guard: 'chatExists',
      actions: [
        assign({ chats: ({ context, event }) => withChat(context, event.id, (chat) => ({ ...chat, name: event.name, updatedAt: event.at })) }),
        'schedulePersist',
      ],
    },
    'messages.clear': {
      guard: 'hasActiveChat',
      actions: [
        assign(({ context, event }) => ({
          chats: withChat(context, context.activeChatId!, (chat) => ({ ...chat, messages: [], updatedAt: event.at })),
          suggestions: [],
          sqlSnippets: [],
          initialInput: '',
        })),
        'schedulePersist',
      ],
    },
    'messages.deleteAfter': {
      guard: 'hasActiveChat',
      actions: [
        assign({
          chats: ({ context, event }) =>
            withChat(context, context.activeChatId!, (chat) => {
              const index = chat.messages.findIndex((m) => m.id === event.messageId)
              if (index < 0) return chat
              return { ...chat, messages: chat.messages.slice(0, event.inclusive ? index : index + 1), updatedAt: event.at }
            }),
        }),
        'schedulePersist',
      ],
    },
    'message.save': {
      guard: 'savesToKnownChat',
      actions: [
        assign({
          chats: ({ context, event }) =>
            withChat(context, event.chatId ?? context.activeChatId!, (chat) => {
              const index = chat.messages.findIndex((m) => m.id === event.message.id)
              const messages = index < 0 ? [...chat.messages, event.message] : chat.messages.map((m, i) => (i === index ? event.message : m))
              return { ...chat, messages, updatedAt: event.at }
            }),
        }),
        'schedulePersist',
      ],
    },
    'input.change': { actions: assign({ initialInput: ({ event }) => event.text }) },
    'context.set': {
      actions: assign(({ context, event }) => ({ sqlSnippets: event.sqlSnippets ?? context.sqlSnippets, tables: event.tables ?? context.tables })),
    },
  },
  states: {
    persistence: {
      initial: 'saved',
      states: {
        saved: {
          on: { 'persistence.schedule': 'waiting' },
        },
        // Every change restarts the wait: one write 500 ms after the last change.
        waiting: {
          on: {
            'persistence.schedule': { target: 'waiting', reenter: true },
            'persistence.flush': { target: 'saved', actions: { type: 'persist', params: savedPart } },
          },
          after: { persistDebounce: { target: 'saved', actions: { type: 'persist', params: savedPart } } },
        },
      },
    },
  },
})

/** The model-based coverage walk (its test and the registry's coverage suite). */
export const assistantCoverage: CoverageModel<typeof assistantMachine> = {
  events: [
    { type: 'panel.open' },
    { type: 'panel.close' },
    { type: 'panel.toggle' },
    { type: 'chat.new', id: 'n', open: true, at: 1 },
    { type: 'chat.new', id: 'm', at: 1 },
    { type: 'chat.select', id: 'fresh' },
    { type: 'chat.delete', id: 'fresh' },
    { type: 'chat.rename', id: 'fresh', name: 'x', at: 1 },
    { type: 'messages.clear', at: 1 },
    { type: 'messages.deleteAfter', messageId: '1', inclusive: true, at: 1 },
    {
      type: 'message.save',
      message: { id: '1', role: 'user', parts: [{ type: 'text', text: '1' }], results: {}, status: 'done', error: null } satisfies AssistantMessage,
      at: 1,
    },
    { type: 'input.change', text: 'draft' },
    { type: 'context.set', tables: ['public.t'] },
    // Raised by each change above inside its macrostep; sent on its own too, as the graph sees only sent events.
    { type: 'persistence.schedule' },
    { type: 'xstate.after.persistDebounce.assistant.persistence.waiting' },
    { type: 'persistence.flush' },
  ],
  input: { projectRef: 'abcdefghijklmnopqrst', saved: null, now: 0, newChatId: 'fresh' },
  // The graph is the chart's states, whether the panel is open, whether a chat is active, and how many chats there are (at most 3 counted).
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.open, snapshot.context.activeChatId !== null, Math.min(Object.keys(snapshot.context.chats).length, 3)]),
}
