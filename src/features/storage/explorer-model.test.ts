import { describe, expect, it } from 'vitest'
import type { StorageObject } from '../../api/queries/storage'
import { itemKey, itemsFromPages, previewKind } from './explorer-items'
import { explorerKeyAction, millerColumns } from './miller-columns'
import { EMPTY_SELECTION, pruneSelection, selectionState, toggleAll, toggleSelection } from './selection'

const folder = (name: string): StorageObject => ({ id: null, name, bucket_id: 'b', owner: null, created_at: null, updated_at: null, last_accessed_at: null, metadata: null })
const file = (name: string, size = 1): StorageObject => ({ ...folder(name), id: `id-${name}`, metadata: { size, mimetype: 'text/plain' } })

describe('folder pages merged', () => {
  it('puts folders first, keeps an entry seen twice once, and hides the empty-folder placeholder', () => {
    // A page boundary that shifted between two calls: "b.txt" comes twice; a folder arrives late.
    const pages = [[folder('docs'), file('a.txt'), file('b.txt')], [file('b.txt'), folder('zeta'), file('.emptyFolderPlaceholder'), file('c.txt')]]
    const items = itemsFromPages(pages, 'root/x')
    expect(items.map((i) => `${i.kind}:${i.name}`)).toEqual(['folder:docs', 'folder:zeta', 'file:a.txt', 'file:b.txt', 'file:c.txt'])
    expect(items[0]!.path).toBe('root/x/docs')
    expect(items[0]!.object).toBeNull()
    expect(items[2]!.object?.id).toBe('id-a.txt')
  })

  it('tells a folder and a file of one name apart', () => {
    const items = itemsFromPages([[folder('same'), file('same')]], '')
    expect(items.map(itemKey)).toEqual(['folder:same', 'file:same'])
  })

  it('lists 10,000 entries of 50 pages, every one', () => {
    const pages = Array.from({ length: 50 }, (_, p) => Array.from({ length: 200 }, (_, i) => file(`f-${String(p * 200 + i).padStart(5, '0')}`)))
    expect(itemsFromPages(pages, '')).toHaveLength(10_000)
  })
})

describe('preview kinds', () => {
  it('reads the MIME type first, the extension otherwise', () => {
    expect(previewKind('x.bin', 'image/png')).toBe('image')
    expect(previewKind('data', 'application/json')).toBe('json')
    expect(previewKind('a.csv', undefined)).toBe('csv')
    expect(previewKind('a.PDF', '')).toBe('pdf')
    expect(previewKind('song.mp3', 'application/octet-stream')).toBe('audio')
    expect(previewKind('clip.webm', undefined)).toBe('video')
    expect(previewKind('notes', 'text/markdown; charset=utf-8')).toBe('text')
    expect(previewKind('archive.zip', 'application/zip')).toBe('none')
    expect(previewKind('toString', undefined)).toBe('none')
    expect(previewKind('x.constructor', undefined)).toBe('none')
  })
})

describe('selection', () => {
  const keys = ['a', 'b', 'c', 'd', 'e']
  it('toggles one and makes it the anchor', () => {
    const one = toggleSelection(EMPTY_SELECTION, keys, 'b')
    expect([...one.keys]).toEqual(['b'])
    expect(one.anchor).toBe('b')
    expect(toggleSelection(one, keys, 'b').keys.size).toBe(0)
  })

  it('shift-click sets the range from the anchor to the anchor’s state, either way', () => {
    const anchored = toggleSelection(EMPTY_SELECTION, keys, 'b')
    expect([...toggleSelection(anchored, keys, 'd', { range: true }).keys].sort()).toEqual(['b', 'c', 'd'])
    const upward = toggleSelection(EMPTY_SELECTION, keys, 'd')
    expect([...toggleSelection(upward, keys, 'a', { range: true }).keys].sort()).toEqual(['a', 'b', 'c', 'd'])
    // An unchecked anchor unchecks the range.
    const all = toggleAll(EMPTY_SELECTION, keys)
    const unchecked = toggleSelection(all, keys, 'b')
    expect([...toggleSelection(unchecked, keys, 'd', { range: true }).keys].sort()).toEqual(['a', 'e'])
  })

  it('a shift-click without an anchor toggles the one', () => {
    expect([...toggleSelection(EMPTY_SELECTION, keys, 'c', { range: true }).keys]).toEqual(['c'])
  })

  it('checks all, then none; prunes what is no longer listed; reports the header state', () => {
    const all = toggleAll(EMPTY_SELECTION, keys)
    expect(selectionState(all, keys)).toBe('all')
    expect(toggleAll(all, keys).keys.size).toBe(0)
    const pruned = pruneSelection(all, ['a', 'b'])
    expect([...pruned.keys]).toEqual(['a', 'b'])
    expect(selectionState(pruned, keys)).toBe('some')
    expect(selectionState(EMPTY_SELECTION, keys)).toBe('none')
    expect(pruneSelection(pruned, ['a', 'b'])).toBe(pruned)
  })
})

describe('the column view', () => {
  it('shows the root and one column per folder of the path, each with its open entry', () => {
    expect(millerColumns('')).toEqual([{ folderPath: '', openName: null }])
    expect(millerColumns('a/b', 'c.png')).toEqual([
      { folderPath: '', openName: 'a' },
      { folderPath: 'a', openName: 'b' },
      { folderPath: 'a/b', openName: 'c.png' },
    ])
  })

  it('maps keys to moves, opening, the parent and deleting', () => {
    const items = itemsFromPages([[folder('docs'), file('a.txt'), file('b.txt')]], '')
    expect(explorerKeyAction('ArrowDown', items, 0)).toEqual({ type: 'focus', index: 1 })
    expect(explorerKeyAction('ArrowDown', items, 2)).toEqual({ type: 'focus', index: 2 })
    expect(explorerKeyAction('ArrowUp', items, 0)).toEqual({ type: 'focus', index: 0 })
    expect(explorerKeyAction('End', items, 0)).toEqual({ type: 'focus', index: 2 })
    expect(explorerKeyAction('Enter', items, 1)).toEqual({ type: 'open', item: items[1] })
    expect(explorerKeyAction('ArrowRight', items, 0)).toEqual({ type: 'open', item: items[0] })
    expect(explorerKeyAction('ArrowRight', items, 1)).toBeNull()
    expect(explorerKeyAction('ArrowLeft', items, 1)).toEqual({ type: 'parent' })
    expect(explorerKeyAction('Backspace', items, 2)).toEqual({ type: 'delete', item: items[2] })
    expect(explorerKeyAction('Delete', [], 0)).toBeNull()
    expect(explorerKeyAction('x', items, 0)).toBeNull()
  })
})
