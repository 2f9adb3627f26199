import { zip, type Zippable } from 'fflate'
import {
  deleteObjects,
  downloadObject,
  listAllObjectsUnder,
  moveObject,
  startUpload,
  uploadChunk,
  type StorageCallOptions,
} from '../../api/queries/storage'
import { EMPTY_FOLDER_PLACEHOLDER } from '../../constants/storage'
import type { ExplorerItem } from './explorer-items'
import { baseName, folderPrefix, joinPath, relativeTo } from './object-paths'

/**
 * What the explorer does to objects, over the storage calls: folders are prefixes, so acting on a
 * folder means acting on every object under it (listed recursively first).
 */

/** storage-api removes at most this many paths per call. */
const DELETE_BATCH = 1000
/** Downloads running at once while a zip is built: enough to overlap, few enough for two cores. */
const ZIP_CONCURRENCY = 4

/** Every object path the items stand for: a file itself, a folder everything under it (its placeholder included). */
export async function objectPathsOf(ref: string, bucket: string, items: readonly ExplorerItem[], options: StorageCallOptions = {}): Promise<string[]> {
  const paths: string[] = []
  for (const item of items) {
    if (item.kind === 'file') paths.push(item.path)
    else paths.push(...(await listAllObjectsUnder(ref, bucket, item.path, options)).map((object) => object.name))
  }
  return [...new Set(paths)]
}

/** How many files the confirmation names (placeholders are not files to the user). */
export function countFiles(paths: readonly string[]): number {
  return paths.filter((path) => baseName(path) !== EMPTY_FOLDER_PLACEHOLDER).length
}

/** Deletes the given object paths, in batches the server accepts; answers how many went. */
export async function deletePaths(ref: string, bucket: string, paths: readonly string[], options: StorageCallOptions = {}): Promise<number> {
  let deleted = 0
  for (let start = 0; start < paths.length; start += DELETE_BATCH) {
    deleted += (await deleteObjects(ref, bucket, paths.slice(start, start + DELETE_BATCH), options)).length
  }
  return deleted
}

/** Renames a file, or a folder by moving its whole prefix. */
export async function renameItem(ref: string, bucket: string, item: ExplorerItem, to: string, options: StorageCallOptions = {}): Promise<void> {
  if (item.kind === 'folder') await moveObject(ref, bucket, folderPrefix(item.path), folderPrefix(to), options)
  else await moveObject(ref, bucket, item.path, to, options)
}

/** Moves the items into a folder, keeping their names. */
export async function moveItems(ref: string, bucket: string, items: readonly ExplorerItem[], destinationFolder: string, options: StorageCallOptions = {}): Promise<void> {
  for (const item of items) await renameItem(ref, bucket, item, joinPath(destinationFolder, item.name), options)
}

/** A folder exists once an object is in it: the platform writes an empty placeholder. */
export async function createFolder(ref: string, bucket: string, folderPath: string, options: StorageCallOptions = {}): Promise<void> {
  const path = joinPath(folderPath, EMPTY_FOLDER_PLACEHOLDER)
  const session = await startUpload(ref, bucket, { path, size: 0, mimetype: 'application/octet-stream' }, options)
  await uploadChunk(ref, bucket, session.uploadId, 0, new Uint8Array(0), options)
}

/** Runs `work` over the items with at most `limit` at once, in order of the answers. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!)
  })
  await Promise.all(runners)
}

/**
 * One zip of the items, paths inside it relative to the folder shown (a folder keeps its tree). Stored,
 * not deflated, for media (already compressed); text is deflated.
 */
export async function zipItems(ref: string, bucket: string, items: readonly ExplorerItem[], shownFolder: string, options: StorageCallOptions = {}): Promise<Blob> {
  const paths = (await objectPathsOf(ref, bucket, items, options)).filter((path) => baseName(path) !== EMPTY_FOLDER_PLACEHOLDER)
  const entries: Zippable = Object.create(null) as Zippable
  await eachLimited(paths, ZIP_CONCURRENCY, async (path) => {
    const blob = await downloadObject(ref, bucket, path, options)
    const bytes = new Uint8Array(await blob.arrayBuffer())
    const compressible = blob.type.startsWith('text/') || blob.type.includes('json') || blob.type.includes('xml') || blob.type === ''
    entries[relativeTo(path, shownFolder)] = [bytes, { level: compressible ? 6 : 0 }]
  })
  const zipped = await new Promise<Uint8Array>((resolve, reject) => zip(entries, (error, data) => (error ? reject(error) : resolve(data))))
  return new Blob([zipped as BlobPart], { type: 'application/zip' })
}

/** The name a zip is saved under: the one item's name, or the folder's, or the bucket's. */
export function zipName(items: readonly ExplorerItem[], shownFolder: string, bucket: string): string {
  const base = items.length === 1 ? items[0]!.name : baseName(shownFolder) || bucket
  return `${base}.zip`
}
