/**
 * What an upload is checked against before any byte leaves: the bucket's size limit, its allowed
 * MIME types (wildcards like `image/*`), the project's global upload limit (Storage settings, at
 * most the plan's), and the platform's object-name rules. The server checks the same again when the
 * upload session is opened; checking here first means a refused file never waits for a slot.
 *
 * Decisions:
 * - The smallest of the bucket's and the project's limits applies; the message names the one that
 *   refused, since that is the one the user would go and change.
 * - A file the browser cannot type (empty `File.type`) is `application/octet-stream`, as the
 *   platform's client sends it; a bucket with a MIME list then refuses it with that reason.
 * - "Keep both" names a copy like the desktop does: `photo (1).png`, `photo (2).png`, the number
 *   before the last extension of the file's own name (never of a folder in its path).
 */
import { formatBytes } from './format-bytes'
import { mimeTypeAllowed, objectNameProblem } from './storage-names'
import { STORAGE_UPLOAD_MESSAGES } from '../constants/storage-uploads'

export const UNKNOWN_MIME_TYPE = 'application/octet-stream'

/** One file as the uploader knows it: where it goes in the bucket and what it is. */
export interface UploadFileFacts {
  /** The full object path in the bucket ('photos/2026/cat.png'). */
  path: string
  size: number
  mimetype: string
}

export interface UploadLimits {
  /** The bucket's own limit in bytes, null for none. */
  bucketFileSizeLimit: number | null
  /** The bucket's allowed MIME types, null or empty for any. */
  allowedMimeTypes: readonly string[] | null
  /** The project's global upload limit in bytes (storage config), null when unknown. */
  projectFileSizeLimit: number | null
}

/** The file's own name: the last segment of its path. */
export function fileNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

/** The reason a file is refused before sending, naming the limit it broke, or null when it may go. */
export function uploadLimitProblem(file: UploadFileFacts, limits: UploadLimits): string | null {
  const name = fileNameOf(file.path)
  const nameProblem = objectNameProblem(file.path)
  if (nameProblem) return STORAGE_UPLOAD_MESSAGES.badName(name, nameProblem)
  const size = formatBytes(file.size)
  const { bucketFileSizeLimit: bucket, projectFileSizeLimit: project } = limits
  // The tighter limit speaks: it is the one to raise.
  if (bucket !== null && file.size > bucket && (project === null || bucket <= project)) {
    return STORAGE_UPLOAD_MESSAGES.tooLargeForBucket(name, size, formatBytes(bucket))
  }
  if (project !== null && file.size > project) return STORAGE_UPLOAD_MESSAGES.tooLargeForProject(name, size, formatBytes(project))
  const allowed = limits.allowedMimeTypes
  if (allowed && allowed.length > 0 && !mimeTypeAllowed(file.mimetype || UNKNOWN_MIME_TYPE, allowed)) {
    return STORAGE_UPLOAD_MESSAGES.mimeRefused(name, file.mimetype || UNKNOWN_MIME_TYPE, allowed)
  }
  return null
}

/** `path` with a copy number before the file's extension: 'a/photo.png', 2 → 'a/photo (2).png'. */
export function copyPath(path: string, copyNumber: number): string {
  const slash = path.lastIndexOf('/')
  const folder = path.slice(0, slash + 1)
  const name = path.slice(slash + 1)
  const dot = name.lastIndexOf('.')
  // A leading dot is a hidden file's name, not an extension ('.env' → '.env (1)').
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  return `${folder}${stem} (${copyNumber})${extension}`
}

/**
 * Where a picked or dropped file goes: the folder shown, then the file's path relative to what was
 * picked (a folder picker or a dropped folder keeps its tree), with empty and dot segments dropped.
 */
export function uploadTargetPath(folderPath: string, relativePath: string): string {
  const segments = [...folderPath.split('/'), ...relativePath.split('/')].filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
  return segments.join('/')
}

/** Total progress over many files, in bytes: what is acknowledged over what is to send (finished files count whole). */
export function totalProgress(files: readonly { size: number; sent: number; counts: boolean }[]): { sent: number; size: number } {
  let sent = 0
  let size = 0
  for (const file of files) {
    if (!file.counts) continue
    sent += Math.min(file.sent, file.size)
    size += file.size
  }
  return { sent, size }
}
