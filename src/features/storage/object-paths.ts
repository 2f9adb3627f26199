/**
 * Paths inside a bucket. An object store has no folders: a folder is the shared prefix of names
 * ('photos/2026/a.png' is in 'photos' and 'photos/2026'). Paths here have no leading or trailing '/';
 * '' is the bucket's root. A folder's prefix (what list, move and delete take) ends in '/'.
 */

/** The segments of a path, empty ones dropped ('a//b/' → ['a', 'b']). */
export function pathSegments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '')
}

/** Joins folders and names into one path, without doubled, leading or trailing slashes. */
export function joinPath(...parts: readonly string[]): string {
  return parts.flatMap(pathSegments).join('/')
}

/** The folder a path is in ('' for an entry of the root). */
export function parentPath(path: string): string {
  return pathSegments(path).slice(0, -1).join('/')
}

/** The last segment of a path: a file's or folder's own name. */
export function baseName(path: string): string {
  return pathSegments(path).at(-1) ?? ''
}

/** A folder as a prefix: 'a/b/' ('' for the root), as the move and recursive list calls take it. */
export function folderPrefix(folderPath: string): string {
  const joined = joinPath(folderPath)
  return joined === '' ? '' : `${joined}/`
}

/** The same entry under a new name, in the same folder. */
export function renamedPath(path: string, name: string): string {
  return joinPath(parentPath(path), name)
}

/** The entry moved into another folder, keeping its name. */
export function movedPath(path: string, destinationFolder: string): string {
  return joinPath(destinationFolder, baseName(path))
}

/** A path inside `folder` written relative to it (for the entries of a zip); the path itself when it is not inside. */
export function relativeTo(path: string, folder: string): string {
  const prefix = folderPrefix(folder)
  return prefix !== '' && path.startsWith(prefix) ? path.slice(prefix.length) : path
}

/** Whether `path` is `folder` or lies inside it (a folder cannot be moved into itself). */
export function isWithin(path: string, folder: string): boolean {
  const a = joinPath(path)
  const b = joinPath(folder)
  return b === '' || a === b || a.startsWith(`${b}/`)
}

/** The breadcrumbs of a folder: each ancestor with its path, the root first ('' named by the bucket). */
export function breadcrumbs(bucket: string, folderPath: string): { name: string; path: string }[] {
  const segments = pathSegments(folderPath)
  return [{ name: bucket, path: '' }, ...segments.map((name, i) => ({ name, path: segments.slice(0, i + 1).join('/') }))]
}
