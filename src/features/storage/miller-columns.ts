import type { ExplorerItem } from './explorer-items'
import { pathSegments } from './object-paths'

/**
 * The column (Miller) view: the root, then one column per folder on the open path, each showing which
 * of its entries is open (the next column's folder, or the file whose preview is shown).
 */
export interface MillerColumn {
  folderPath: string
  /** The name of the entry of this column that is open (a folder: the next column; a file: the preview), or null. */
  openName: string | null
}

export function millerColumns(folderPath: string, openFileName: string | null = null): MillerColumn[] {
  const segments = pathSegments(folderPath)
  return segments.map((_, i) => i).concat(segments.length).map((depth) => ({
    folderPath: segments.slice(0, depth).join('/'),
    openName: depth < segments.length ? segments[depth]! : openFileName,
  }))
}

/** What a key does in a column of the column view (or the list view, which has no left and right). */
export type ExplorerKeyAction =
  | { type: 'focus'; index: number }
  | { type: 'open'; item: ExplorerItem }
  | { type: 'parent' }
  | { type: 'delete'; item: ExplorerItem }
  | null

const PAGE_STEP = 10

export function explorerKeyAction(key: string, items: readonly ExplorerItem[], index: number): ExplorerKeyAction {
  const current = items[index]
  const clamp = (n: number) => Math.max(0, Math.min(items.length - 1, n))
  switch (key) {
    case 'ArrowDown':
      return items.length ? { type: 'focus', index: clamp(index + 1) } : null
    case 'ArrowUp':
      return items.length ? { type: 'focus', index: clamp(index - 1) } : null
    case 'PageDown':
      return items.length ? { type: 'focus', index: clamp(index + PAGE_STEP) } : null
    case 'PageUp':
      return items.length ? { type: 'focus', index: clamp(index - PAGE_STEP) } : null
    case 'Home':
      return items.length ? { type: 'focus', index: 0 } : null
    case 'End':
      return items.length ? { type: 'focus', index: items.length - 1 } : null
    case 'Enter':
      return current ? { type: 'open', item: current } : null
    case 'ArrowRight':
      return current?.kind === 'folder' ? { type: 'open', item: current } : null
    case 'ArrowLeft':
      return { type: 'parent' }
    case 'Backspace':
    case 'Delete':
      return current ? { type: 'delete', item: current } : null
    default:
      return null
  }
}
