import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryStorage } from '../../test/memory-storage'
import { confirmDraft, draftKey, listDrafts, readDraft, removeDraft, writeDraft, type SnippetDraft } from './draft-store'

const ref = 'abcdefghijklmnopqrst'
const draft = (overrides: Partial<SnippetDraft> = {}): SnippetDraft => ({
  ref,
  id: '5b0a2c1e-7d8f-4a6b-9c3d-2e1f0a9b8c7d',
  name: 'Untitled query',
  sql: 'select 1',
  folderId: null,
  favorite: false,
  updatedAt: 1_000,
  knownToServer: false,
  ...overrides,
})

afterEach(() => vi.restoreAllMocks())

describe('draft store', () => {
  it('keeps a draft exactly, text included, until it is removed', () => {
    const storage = new MemoryStorage()
    const text = "select 'ünïcødé', $$ -- not a comment $$\n\t; -- trailing\n"
    expect(writeDraft(draft({ sql: text }), storage)).toBe(true)
    expect(readDraft(ref, draft().id, storage)?.sql).toBe(text)
    removeDraft(ref, draft().id, storage)
    expect(readDraft(ref, draft().id, storage)).toBeNull()
  })

  it('drops the draft once the server confirms the same text', () => {
    const storage = new MemoryStorage()
    writeDraft(draft({ sql: 'select 2' }), storage)
    confirmDraft(ref, draft().id, 'select 2', storage)
    expect(readDraft(ref, draft().id, storage)).toBeNull()
  })

  it('keeps a draft edited after the save began, now marked as known to the server', () => {
    const storage = new MemoryStorage()
    writeDraft(draft({ sql: 'select 3' }), storage)
    confirmDraft(ref, draft().id, 'select', storage)
    expect(readDraft(ref, draft().id, storage)).toMatchObject({ sql: 'select 3', knownToServer: true })
  })

  it('reports a full storage instead of throwing', () => {
    const storage = new MemoryStorage()
    storage.full = true
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(writeDraft(draft(), storage)).toBe(false)
  })

  it('discards a corrupt draft with a warning, never a crash', () => {
    const storage = new MemoryStorage()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    storage.setItem(draftKey(ref, draft().id), '{"sql": 42')
    expect(readDraft(ref, draft().id, storage)).toBeNull()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Discarded corrupt'))
    expect(storage.getItem(draftKey(ref, draft().id))).toBeNull()
  })

  it('removes a draft stored under another snippet key, with a warning', () => {
    const storage = new MemoryStorage()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    storage.setItem(draftKey(ref, '00000000-0000-4000-8000-000000000001'), JSON.stringify(draft()))
    expect(readDraft(ref, '00000000-0000-4000-8000-000000000001', storage)).toBeNull()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not of its key'))
    expect(storage.getItem(draftKey(ref, '00000000-0000-4000-8000-000000000001'))).toBeNull()
    expect(readDraft(ref, draft().id, storage)).toBeNull()
  })

  it('lists a project’s drafts newest first, skipping other projects and broken entries', () => {
    const storage = new MemoryStorage()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    writeDraft(draft({ id: '00000000-0000-4000-8000-000000000001', updatedAt: 1 }), storage)
    writeDraft(draft({ id: '00000000-0000-4000-8000-000000000002', updatedAt: 2 }), storage)
    writeDraft(draft({ ref: 'otherprojectrefxxxxx', id: '00000000-0000-4000-8000-000000000003' }), storage)
    storage.setItem(draftKey(ref, '00000000-0000-4000-8000-000000000004'), 'nope')
    expect(listDrafts(ref, storage).map((d) => d.id)).toEqual(['00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001'])
  })
})
