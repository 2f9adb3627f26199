import { EMPTY_FOLDER_PLACEHOLDER } from '../../constants/storage'
import { objectNameProblem } from '../../lib/storage-names'
import type { ExplorerItem } from './explorer-items'
import { isWithin, joinPath, parentPath } from './object-paths'

/**
 * Checks of what is typed in the explorer's dialogs, before anything is sent: a new folder's or a new
 * name (one segment, storage-api's characters, not taken in the folder), and a move's destination.
 */
export function entryNameProblem(name: string, folderPath: string, siblings: readonly ExplorerItem[], kind: ExplorerItem['kind'], current?: ExplorerItem): string | null {
  if (name.includes('/')) return 'A name cannot contain "/": open the folder first to create inside it.'
  if (name === '.' || name === '..') return `“${name}” cannot be a name.`
  if (name === EMPTY_FOLDER_PLACEHOLDER) return `“${name}” is the name the platform keeps empty folders with.`
  const problem = objectNameProblem(joinPath(folderPath, name, kind === 'folder' ? EMPTY_FOLDER_PLACEHOLDER : ''))
  if (problem) return problem
  if (current && current.name === name) return 'That is its name already.'
  if (siblings.some((item) => item.name === name && item.kind === kind && item !== current)) return `A ${kind} named “${name}” is in this folder already.`
  return null
}

/** The destination folder as typed: '/' or nothing is the bucket's root; slashes around are dropped. */
export function destinationFolder(typed: string): string {
  return joinPath(typed.trim())
}

export function destinationProblem(typed: string, items: readonly ExplorerItem[]): string | null {
  const destination = destinationFolder(typed)
  if (destination !== '') {
    const problem = objectNameProblem(destination)
    if (problem) return problem
  }
  const intoItself = items.find((item) => item.kind === 'folder' && isWithin(destination, item.path))
  if (intoItself) return `A folder cannot move into itself: “${intoItself.name}”.`
  if (items.every((item) => parentPath(item.path) === destination)) return 'They are in that folder already.'
  return null
}
