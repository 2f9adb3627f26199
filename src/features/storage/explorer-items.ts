import type { StorageObject } from '../../api/queries/storage'
import { EMPTY_FOLDER_PLACEHOLDER } from '../../constants/storage'
import { joinPath } from './object-paths'

/** One entry of a folder as the explorer shows it: a folder (a prefix) or a file (an object). */
export interface ExplorerItem {
  kind: 'folder' | 'file'
  /** Its own name (the last segment). */
  name: string
  /** Its full path in the bucket. */
  path: string
  /** The object's row (files only). */
  object: StorageObject | null
}

/**
 * A folder's pages as one list. The server answers folders first, then files, and pages are slices of
 * that one list; an object added or removed between two page calls shifts the slices, so an entry may
 * come twice (kept once, where first seen) and the merge puts folders first again. The placeholder that
 * keeps an empty folder alive is not shown.
 */
export function itemsFromPages(pages: readonly (readonly StorageObject[])[], folderPath: string): ExplorerItem[] {
  const seen = new Set<string>()
  const folders: ExplorerItem[] = []
  const files: ExplorerItem[] = []
  for (const page of pages) {
    for (const object of page) {
      const kind = object.id === null ? 'folder' : 'file'
      if (kind === 'file' && object.name === EMPTY_FOLDER_PLACEHOLDER) continue
      const key = `${kind}:${object.name}`
      if (seen.has(key)) continue
      seen.add(key)
      const item: ExplorerItem = { kind, name: object.name, path: joinPath(folderPath, object.name), object: kind === 'file' ? object : null }
      if (kind === 'folder') folders.push(item)
      else files.push(item)
    }
  }
  return [...folders, ...files]
}

/** An item's key among its folder's entries (a folder and a file may share a name). */
export function itemKey(item: Pick<ExplorerItem, 'kind' | 'path'>): string {
  return `${item.kind}:${item.path}`
}

export type PreviewKind = 'image' | 'text' | 'json' | 'csv' | 'pdf' | 'audio' | 'video' | 'none'

const EXTENSION_KINDS: Record<string, PreviewKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  svg: 'image',
  txt: 'text',
  md: 'text',
  log: 'text',
  sql: 'text',
  json: 'json',
  csv: 'csv',
  pdf: 'pdf',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  m4a: 'audio',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
}

/** How a file can be previewed: by its stored MIME type, else by its extension. */
export function previewKind(name: string, mimetype: string | undefined): PreviewKind {
  const type = (mimetype ?? '').toLowerCase().split(';')[0]!.trim()
  if (type === 'application/json') return 'json'
  if (type === 'text/csv') return 'csv'
  if (type === 'application/pdf') return 'pdf'
  if (type.startsWith('image/')) return 'image'
  if (type.startsWith('audio/')) return 'audio'
  if (type.startsWith('video/')) return 'video'
  if (type.startsWith('text/')) return 'text'
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : ''
  return Object.hasOwn(EXTENSION_KINDS, extension) ? EXTENSION_KINDS[extension]! : 'none'
}
