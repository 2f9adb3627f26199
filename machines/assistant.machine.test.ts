import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { ASSISTANT_LEGACY_STORAGE_KEY, ASSISTANT_MAX_MESSAGES_PER_CHAT, ASSISTANT_PERSIST_DEBOUNCE, ASSISTANT_STORAGE_KEY } from '../src/constants'
import { loadAssistantState, saveAssistantState, type AssistantChat, type AssistantMessage } from '../src/lib/assistant-state'
import { createInspectionBus } from '../src/lib/inspection-bus'
import { createReplay } from '../src/lib/machine-recording'
import { MemoryStorage } from '../src/test/memory-storage'
import { assistantMachine, NEW_CHAT_NAME } from './assistant.machine'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** A Storage in memory, optionally failing every write. */
function memoryStorage(failWrites = false): Storage {
  const storage = new MemoryStorage()
  storage.full = failWrites
  return storage
}

const REF = 'abcdefghijklmnopqrst'

const message = (id: string, text = id, role: 'user' | 'assistant' = 'user'): AssistantMessage => ({
  id,
  role,
  parts: [{ type: 'text', text }],
  results: {},
  status: 'done',
  error: null,
})

const chat = (id: string, updatedAt: number, messages: AssistantMessage[] = []): AssistantChat => ({
  id,
  name: `Chat ${id}`,
  messages,
  createdAt: 0,
  updatedAt,
})

/** The machine wired to a storage as the app wires it: restored from it on start, saved to it. */
function start(storage: Storage = memoryStorage(), newChatId = 'fresh') {
  const actor = createActor(assistantMachine.provide({ actions: { persist: (_, { projectRef, state }) => saveAssistantState(storage, projectRef, state) } }), {
    input: { projectRef: REF, saved: loadAssistantState(storage, REF), now: Date.now(), newChatId },
  }).start()
  const saved = () => JSON.parse(storage.getItem(ASSISTANT_STORAGE_KEY(REF)) ?? 'null')
  return { actor, storage, saved, context: () => actor.getSnapshot().context }
}

describe('assistantMachine', () => {
  it('starts closed with one new chat when nothing is saved', () => {
    const { actor, context } = start()
    expect(actor.getSnapshot().value).toEqual({ persistence: 'saved' })
    expect(context().open).toBe(false)
    expect(context().activeChatId).toBe('fresh')
    expect(context().chats['fresh']).toMatchObject({ name: NEW_CHAT_NAME, messages: [] })
  })

  it('opens, closes and toggles the panel, keeping open in the context', () => {
    const { actor, context } = start()
    actor.send({ type: 'panel.open' })
    expect(context().open).toBe(true)
    actor.send({ type: 'panel.close' })
    expect(context().open).toBe(false)
    actor.send({ type: 'panel.toggle' })
    expect(context().open).toBe(true)
    actor.send({ type: 'panel.toggle' })
    expect(context().open).toBe(false)
  })

  it('new chat makes it active, may open the panel and sets the extras', () => {
    const { actor, context } = start()
    actor.send({
      type: 'chat.new',
      at: Date.now(),
      id: 'c2',
      open: true,
      initialInput: 'Why?',
      sqlSnippets: [{ label: 'q', sql: 'select 1' }],
      suggestions: ['a'],
      tables: ['public.orders'],
    })
    expect(context()).toMatchObject({
      open: true,
      activeChatId: 'c2',
      initialInput: 'Why?',
      sqlSnippets: [{ label: 'q', sql: 'select 1' }],
      suggestions: ['a'],
      tables: ['public.orders'],
    })
    expect(context().chats['c2']!.name).toBe(NEW_CHAT_NAME)
    // Without open it stays as it is; with the panel open it stays open.
    actor.send({ type: 'chat.new', at: Date.now(), id: 'c3' })
    expect(context()).toMatchObject({ open: true, activeChatId: 'c3', initialInput: '', tables: [] })
    actor.send({ type: 'panel.close' })
    actor.send({ type: 'chat.new', at: Date.now(), id: 'c4' })
    expect(context()).toMatchObject({ open: false, activeChatId: 'c4' })
  })

  it('deleting the active chat selects the first remaining chat, or none', () => {
    const { actor, context } = start()
    actor.send({ type: 'chat.new', at: Date.now(), id: 'b' })
    actor.send({ type: 'chat.new', at: Date.now(), id: 'c' })
    actor.send({ type: 'chat.delete', id: 'b' })
    expect(context().activeChatId).toBe('c')
    actor.send({ type: 'chat.delete', id: 'c' })
    expect(context().activeChatId).toBe('fresh')
    actor.send({ type: 'chat.delete', id: 'fresh' })
    expect(context().activeChatId).toBeNull()
    expect(context().chats).toEqual({})
    // Nothing to clear or save into without an active chat.
    actor.send({ type: 'messages.clear', at: Date.now() })
    actor.send({ type: 'message.save', at: Date.now(), message: message('m') })
    expect(context().chats).toEqual({})
  })

  it('renaming updates updatedAt; selecting needs a chat that exists', () => {
    vi.useFakeTimers({ now: 1_000 })
    const { actor, context } = start()
    vi.setSystemTime(5_000)
    actor.send({ type: 'chat.rename', at: Date.now(), id: 'fresh', name: 'Orders report' })
    expect(context().chats['fresh']).toMatchObject({ name: 'Orders report', updatedAt: 5_000, createdAt: 1_000 })
    actor.send({ type: 'chat.new', at: Date.now(), id: 'two' })
    actor.send({ type: 'chat.select', id: 'fresh' })
    expect(context().activeChatId).toBe('fresh')
    actor.send({ type: 'chat.select', id: 'nope' })
    actor.send({ type: 'chat.rename', at: Date.now(), id: 'nope', name: 'x' })
    expect(context().activeChatId).toBe('fresh')
    expect(Object.keys(context().chats)).toEqual(['fresh', 'two'])
  })

  it('saving a message replaces the one with the same id, else appends, in the active or a named chat', () => {
    const { actor, context } = start()
    actor.send({ type: 'message.save', at: Date.now(), message: message('1', 'hello') })
    actor.send({ type: 'message.save', at: Date.now(), message: message('2', 'partial', 'assistant') })
    actor.send({ type: 'message.save', at: Date.now(), message: message('2', 'partial and whole', 'assistant') })
    expect(context().chats['fresh']!.messages.map((m) => m.parts)).toEqual([[{ type: 'text', text: 'hello' }], [{ type: 'text', text: 'partial and whole' }]])
    actor.send({ type: 'chat.new', at: Date.now(), id: 'other' })
    // An answer still streaming into the chat the user left lands in that chat.
    actor.send({ type: 'message.save', at: Date.now(), chatId: 'fresh', message: message('3', 'late', 'assistant') })
    expect(context().chats['fresh']!.messages).toHaveLength(3)
    expect(context().chats['other']!.messages).toHaveLength(0)
    actor.send({ type: 'message.save', at: Date.now(), chatId: 'gone', message: message('4') })
    expect(context().chats['gone']).toBeUndefined()
  })

  it('deletes messages after a message, including or excluding it', () => {
    const { actor, context } = start()
    for (const id of ['1', '2', '3', '4']) actor.send({ type: 'message.save', at: Date.now(), message: message(id) })
    actor.send({ type: 'messages.deleteAfter', at: Date.now(), messageId: '3', inclusive: false })
    expect(context().chats['fresh']!.messages.map((m) => m.id)).toEqual(['1', '2', '3'])
    actor.send({ type: 'messages.deleteAfter', at: Date.now(), messageId: '2', inclusive: true })
    expect(context().chats['fresh']!.messages.map((m) => m.id)).toEqual(['1'])
    actor.send({ type: 'messages.deleteAfter', at: Date.now(), messageId: 'missing', inclusive: true })
    expect(context().chats['fresh']!.messages.map((m) => m.id)).toEqual(['1'])
  })

  it('clearing empties the active chat and resets suggestions, snippets and input', () => {
    const { actor, context } = start()
    actor.send({ type: 'chat.new', at: Date.now(), id: 'c', initialInput: 'draft', suggestions: ['s'], sqlSnippets: [{ label: 'a', sql: 'select 1' }], tables: ['public.t'] })
    actor.send({ type: 'message.save', at: Date.now(), message: message('1') })
    actor.send({ type: 'messages.clear', at: Date.now() })
    expect(context()).toMatchObject({ initialInput: '', suggestions: [], sqlSnippets: [], tables: ['public.t'] })
    expect(context().chats['c']!.messages).toEqual([])
  })

  it('keeps the input text and the context chips (not saved)', () => {
    vi.useFakeTimers()
    const { actor, context, saved } = start()
    actor.send({ type: 'input.change', text: 'half a quest' })
    actor.send({ type: 'context.set', tables: ['public.orders'] })
    actor.send({ type: 'context.set', sqlSnippets: [{ label: 'Current snippet', sql: 'select 1' }] })
    expect(context()).toMatchObject({ initialInput: 'half a quest', tables: ['public.orders'], sqlSnippets: [{ label: 'Current snippet', sql: 'select 1' }] })
    expect(actor.getSnapshot().matches({ persistence: 'saved' })).toBe(true)
    vi.advanceTimersByTime(ASSISTANT_PERSIST_DEBOUNCE * 2)
    expect(saved()).toBeNull()
  })
})

describe('assistant persistence', () => {
  it('writes 500 ms after the last change, once', () => {
    vi.useFakeTimers()
    const storage = memoryStorage()
    const setItem = vi.spyOn(storage, 'setItem')
    const { actor, saved } = start(storage)
    actor.send({ type: 'panel.open' })
    vi.advanceTimersByTime(ASSISTANT_PERSIST_DEBOUNCE - 1)
    actor.send({ type: 'chat.rename', at: Date.now(), id: 'fresh', name: 'Renamed' })
    vi.advanceTimersByTime(ASSISTANT_PERSIST_DEBOUNCE - 1)
    expect(setItem).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(setItem).toHaveBeenCalledTimes(1)
    expect(saved()).toMatchObject({ open: true, activeChatId: 'fresh', chats: { fresh: { name: 'Renamed' } } })
    expect(actor.getSnapshot().matches({ persistence: 'saved' })).toBe(true)
    // Opening an open panel (or closing a closed one) changes nothing, so nothing is written again.
    actor.send({ type: 'panel.open' })
    actor.send({ type: 'panel.open' })
    vi.advanceTimersByTime(ASSISTANT_PERSIST_DEBOUNCE)
    expect(setItem).toHaveBeenCalledTimes(1)
    actor.send({ type: 'panel.close' })
    actor.send({ type: 'panel.close' })
    vi.advanceTimersByTime(ASSISTANT_PERSIST_DEBOUNCE)
    expect(setItem).toHaveBeenCalledTimes(2)
    expect(saved()).toMatchObject({ open: false })
  })

  it('writes at once when the page goes (persistence.flush), and not again when nothing waits', () => {
    vi.useFakeTimers()
    const storage = memoryStorage()
    const setItem = vi.spyOn(storage, 'setItem')
    const { actor, saved } = start(storage)
    actor.send({ type: 'message.save', at: Date.now(), message: message('answer', 'The whole answer', 'assistant') })
    vi.advanceTimersByTime(ASSISTANT_PERSIST_DEBOUNCE - 1)
    actor.send({ type: 'persistence.flush' })
    expect(setItem).toHaveBeenCalledTimes(1)
    expect(saved().chats.fresh.messages).toMatchObject([{ id: 'answer', status: 'done' }])
    expect(actor.getSnapshot().matches({ persistence: 'saved' })).toBe(true)
    actor.send({ type: 'persistence.flush' })
    vi.advanceTimersByTime(ASSISTANT_PERSIST_DEBOUNCE * 2)
    expect(setItem).toHaveBeenCalledTimes(1)
  })

  it('keeps only the last 20 messages per chat in storage (all of them in memory)', () => {
    vi.useFakeTimers()
    const { actor, saved, context } = start()
    for (let i = 1; i <= 25; i++) actor.send({ type: 'message.save', at: Date.now(), message: message(String(i)) })
    vi.advanceTimersByTime(ASSISTANT_PERSIST_DEBOUNCE)
    const stored = saved().chats.fresh.messages.map((m: AssistantMessage) => m.id)
    expect(stored).toHaveLength(ASSISTANT_MAX_MESSAGES_PER_CHAT)
    expect(stored[0]).toBe('6')
    expect(stored.at(-1)).toBe('25')
    expect(context().chats['fresh']!.messages).toHaveLength(25)
  })

  it('restores chats and the active chat on project load', () => {
    vi.useFakeTimers()
    const first = start()
    first.actor.send({ type: 'chat.new', at: Date.now(), id: 'b', name: 'Second' })
    first.actor.send({ type: 'message.save', at: Date.now(), message: message('1', 'kept') })
    first.actor.send({ type: 'panel.open' })
    vi.advanceTimersByTime(ASSISTANT_PERSIST_DEBOUNCE)
    first.actor.stop()
    const again = start(first.storage, 'unused')
    expect(again.context().activeChatId).toBe('b')
    expect(again.context().chats['b']!.messages[0]!.parts).toEqual([{ type: 'text', text: 'kept' }])
    expect(again.context().open).toBe(true)
    expect(again.context().chats['unused']).toBeUndefined()
  })

  it('migrates the legacy copy when nothing current is found, and removes it', () => {
    const storage = memoryStorage()
    storage.setItem(ASSISTANT_LEGACY_STORAGE_KEY(REF), JSON.stringify({ activeChatId: 'old', chats: { old: chat('old', 10, [message('m')]) } }))
    const { context, saved } = start(storage)
    expect(context().activeChatId).toBe('old')
    expect(context().chats['old']!.messages).toHaveLength(1)
    expect(storage.getItem(ASSISTANT_LEGACY_STORAGE_KEY(REF))).toBeNull()
    expect(saved().chats.old.name).toBe('Chat old')
  })

  it('prefers the current copy over a legacy one', () => {
    const storage = memoryStorage()
    storage.setItem(ASSISTANT_STORAGE_KEY(REF), JSON.stringify({ activeChatId: 'now', chats: { now: chat('now', 1) } }))
    storage.setItem(ASSISTANT_LEGACY_STORAGE_KEY(REF), JSON.stringify({ activeChatId: 'old', chats: { old: chat('old', 1) } }))
    expect(Object.keys(start(storage).context().chats)).toEqual(['now'])
  })

  it('discards and removes invalid saved state with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    for (const bad of ['{not json', JSON.stringify({ activeChatId: 'a' }), JSON.stringify({ chats: 'nope' }), JSON.stringify({ chats: { a: { id: 'a' } } })]) {
      const storage = memoryStorage()
      storage.setItem(ASSISTANT_STORAGE_KEY(REF), bad)
      const { context } = start(storage)
      expect(storage.getItem(ASSISTANT_STORAGE_KEY(REF))).toBeNull()
      expect(Object.keys(context().chats)).toEqual(['fresh'])
    }
    expect(warn).toHaveBeenCalledTimes(4)
    expect(String(warn.mock.calls[0]![0])).toContain(ASSISTANT_STORAGE_KEY(REF))
  })

  it('a missing active chat falls back to the most recently updated chat, or a new one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const storage = memoryStorage()
    storage.setItem(ASSISTANT_STORAGE_KEY(REF), JSON.stringify({ activeChatId: 'gone', chats: { a: chat('a', 5), b: chat('b', 9), c: chat('c', 7) } }))
    expect(start(storage).context().activeChatId).toBe('b')
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the active chat "gone" is not among the chats'))
    storage.setItem(ASSISTANT_STORAGE_KEY(REF), JSON.stringify({ activeChatId: null, chats: {} }))
    const empty = start(storage, 'brand-new').context()
    expect(empty.activeChatId).toBe('brand-new')
    expect(empty.chats['brand-new']!.name).toBe(NEW_CHAT_NAME)
  })

  it('an active chat named like an Object.prototype member is repaired with a warning, never a crash', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    for (const name of ['hasOwnProperty', '__proto__', 'constructor', 'toString']) {
      const storage = memoryStorage()
      storage.setItem(ASSISTANT_STORAGE_KEY(REF), JSON.stringify({ activeChatId: name, chats: { a: chat('a', 5) } }))
      const { actor, context } = start(storage)
      expect(context().activeChatId).toBe('a')
      actor.send({ type: 'chat.select', id: name })
      actor.send({ type: 'chat.delete', id: name })
      actor.send({ type: 'message.save', at: Date.now(), chatId: name, message: message('m') })
      expect(Object.keys(context().chats)).toEqual(['a'])
      expect(JSON.parse(storage.getItem(ASSISTANT_STORAGE_KEY(REF))!).activeChatId).toBe('a')
    }
    expect(warn).toHaveBeenCalledTimes(4)
    expect(String(warn.mock.calls[0]![0])).toContain('Repaired')
  })

  it('keeps chats under their own ids and by own keys, whatever they are called', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const storage = memoryStorage()
    const saved = `{"activeChatId":"toString","chats":{"toString":${JSON.stringify(chat('toString', 1))},"x":${JSON.stringify(chat('__proto__', 2))}}}`
    storage.setItem(ASSISTANT_STORAGE_KEY(REF), saved)
    const { actor, context } = start(storage)
    expect(Object.keys(context().chats)).toEqual(['toString', '__proto__'])
    expect(context().activeChatId).toBe('toString')
    actor.send({ type: 'chat.select', id: '__proto__' })
    expect(context().activeChatId).toBe('__proto__')
    actor.send({ type: 'message.save', at: Date.now(), message: message('m') })
    expect(context().chats['__proto__']!.messages).toHaveLength(1)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('saved under "x"'))
  })

  it('an answer cut off by a reload comes back marked failed', () => {
    const storage = memoryStorage()
    const cut = { ...message('a1', 'half an ans', 'assistant'), status: 'streaming' }
    storage.setItem(ASSISTANT_STORAGE_KEY(REF), JSON.stringify({ activeChatId: 'a', chats: { a: chat('a', 1, [cut as AssistantMessage]) } }))
    expect(start(storage).context().chats['a']!.messages[0]).toMatchObject({ status: 'failed', error: 'The answer was cut off.' })
  })

  it('storage failures are logged and ignored', () => {
    vi.useFakeTimers()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { actor, context } = start(memoryStorage(true))
    actor.send({ type: 'chat.rename', at: Date.now(), id: 'fresh', name: 'Still works' })
    vi.advanceTimersByTime(ASSISTANT_PERSIST_DEBOUNCE)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(context().chats['fresh']!.name).toBe('Still works')
    expect(actor.getSnapshot().status).toBe('active')
    // Unreadable storage is an empty start.
    const unreadable = memoryStorage()
    unreadable.getItem = () => {
      throw new DOMException('denied', 'SecurityError')
    }
    expect(loadAssistantState(unreadable, REF)).toBeNull()
  })
})


describe('a recorded assistant session', () => {
  it('replays exactly, later and elsewhere: the machine takes its clock and ids from its input and events', () => {
    vi.useFakeTimers({ now: 1_000 })
    const bus = createInspectionBus({ eventLimit: 100 })
    bus.startRecording()
    // As the app makes it (assistant-actors.ts) and sends to it (AssistantPanel, ChatBar).
    const actor = createActor(assistantMachine.provide({ actions: { persist: () => undefined } }), {
      inspect: bus.inspect,
      input: { projectRef: REF, saved: null, now: Date.now(), newChatId: crypto.randomUUID() },
    }).start()
    vi.setSystemTime(2_000)
    actor.send({ type: 'chat.rename', at: Date.now(), id: actor.getSnapshot().context.activeChatId!, name: 'Orders' })
    vi.setSystemTime(3_000)
    actor.send({ type: 'message.save', at: Date.now(), message: message('q', 'how many orders?') })
    actor.send({ type: 'chat.new', at: Date.now(), id: crypto.randomUUID() })
    vi.setSystemTime(4_000)
    actor.send({ type: 'messages.clear', at: Date.now() })
    const recording = bus.stopRecording()!
    const track = recording.tracks.find((t) => t.machine === 'assistant')!
    expect(track.fromStart).toBe(true)

    vi.setSystemTime(99_000)
    const steps = createReplay(assistantMachine, track).runAll()
    expect(steps).toHaveLength(track.events.length + 1)
    expect(steps.flatMap((step) => step.differences)).toEqual([])
  })
})
