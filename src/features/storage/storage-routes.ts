import { storagePath } from '../../lib/feature-previews'
import { joinPath } from './object-paths'

/**
 * The storage addresses (SPEC §2): the old interface at …/storage/buckets[/{bucket}], the new one at
 * …/storage/files[/buckets/{bucket}]; the folder shown is the `path` search parameter, so a folder can be
 * linked, reloaded and gone back to.
 */
export function storageLocation(ref: string, newStorage: boolean, bucketId: string | null = null, folderPath = ''): string {
  const base = storagePath(ref, newStorage)
  if (bucketId === null) return base
  const bucket = `${base}${newStorage ? '/buckets' : ''}/${encodeURIComponent(bucketId)}`
  const folder = joinPath(folderPath)
  return folder ? `${bucket}?${new URLSearchParams({ path: folder }).toString()}` : bucket
}

/** A route parameter as the bucket id: the router leaves reserved characters encoded (%3F for '?'). */
export function bucketIdFromParam(param: string | undefined): string | null {
  if (param === undefined || param === '') return null
  try {
    return decodeURIComponent(param)
  } catch {
    return param
  }
}

/** The folder a search string names ('' for the root). */
export function folderFromSearch(search: string): string {
  return joinPath(new URLSearchParams(search).get('path') ?? '')
}

/** Whether a location is one of the new interface's (…/storage/files…). */
export function isNewStorageLocation(pathname: string): boolean {
  return /\/storage\/files(\/|$)/.test(pathname)
}
