import type { QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { queryKeys } from '../../api/queries/keys'

/**
 * Where uploads plug into the files explorer (built beside it, not inside it):
 *
 * - `toolbarSlot` renders in the explorer's toolbar, before the view switch: the "Upload files" button
 *   and its file picker. It gets the bucket and the folder shown.
 * - `onFilesDropped(files, bucketId, folderPath)` is called when files are dropped on the explorer's
 *   body (the folder shown, or the folder row they were dropped on). Without it, the body takes no drop.
 * - `panelSlot` renders under the explorer's body: the uploads panel (a bar per file and in total).
 *
 * After an upload completes, call `refreshFolderListings(queryClient, ref, bucketId, folderPath)`: the
 * folder's listings (and its parent's, where a new folder shows) are read again through their query keys.
 * `useExplorerSeams` is the one place the uploads wire themselves in.
 */
export interface ExplorerPlace {
  projectRef: string
  bucketId: string
  /** The folder shown: no leading or trailing '/', '' for the bucket's root. */
  folderPath: string
}

export interface ExplorerSeams {
  toolbarSlot?: (place: ExplorerPlace) => ReactNode
  onFilesDropped?: (files: File[], bucketId: string, folderPath: string) => void
  panelSlot?: (place: ExplorerPlace) => ReactNode
}

/** Every listing of the bucket (a folder's pages, its parents' where a new folder appears, recursive counts). */
export function refreshFolderListings(queryClient: QueryClient, projectRef: string, bucketId: string, _folderPath?: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.storageObjects(projectRef, bucketId) })
}
