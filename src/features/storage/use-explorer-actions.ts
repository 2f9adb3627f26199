import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { downloadObject, publicObjectUrl } from '../../api/queries/storage'
import { copyToClipboard } from '../../lib/clipboard'
import { downloadBlob } from '../../lib/download'
import { showToast } from '../../ui/toast'
import type { ExplorerItem } from './explorer-items'
import { refreshFolderListings } from './explorer-seams'
import { createFolder, deletePaths, moveItems, renameItem, zipItems, zipName } from './object-operations'
import { joinPath } from './object-paths'
import { errorMessage } from '../../lib/error-message'


/**
 * The explorer's actions on one bucket, each saying how it went in a toast and reading the bucket's
 * listings again after a change. A change that fails throws on, so the dialog it came from stays open
 * with what was typed.
 */
export function useExplorerActions(projectRef: string, bucketId: string) {
  const queryClient = useQueryClient()
  const [downloading, setDownloading] = useState(false)
  const refresh = () => refreshFolderListings(queryClient, projectRef, bucketId)

  /** Runs a change; on failure says why and throws on (the caller keeps its dialog). */
  async function change(work: () => Promise<unknown>, done: string, failed: string): Promise<void> {
    try {
      await work()
      showToast('success', done)
    } catch (error) {
      showToast('error', failed, errorMessage(error))
      throw error
    } finally {
      await refresh()
    }
  }

  return {
    downloading,
    refresh,
    async download(item: ExplorerItem) {
      setDownloading(true)
      try {
        downloadBlob(await downloadObject(projectRef, bucketId, item.path), item.name)
      } catch (error) {
        showToast('error', `${item.name} could not be downloaded`, errorMessage(error))
      } finally {
        setDownloading(false)
      }
    },
    async downloadZip(items: readonly ExplorerItem[], shownFolder: string) {
      setDownloading(true)
      const name = zipName(items, shownFolder, bucketId)
      try {
        downloadBlob(await zipItems(projectRef, bucketId, items, shownFolder), name)
      } catch (error) {
        showToast('error', `${name} could not be made`, errorMessage(error))
      } finally {
        setDownloading(false)
      }
    },
    async copyPublicUrl(item: ExplorerItem) {
      try {
        await copyToClipboard(await publicObjectUrl(projectRef, bucketId, item.path))
        showToast('success', 'URL copied')
      } catch (error) {
        showToast('error', 'The URL could not be copied', errorMessage(error))
      }
    },
    deletePaths: (paths: readonly string[]) => change(() => deletePaths(projectRef, bucketId, paths), paths.length === 1 ? 'Deleted 1 object' : `Deleted ${paths.length.toLocaleString('en-US')} objects`, 'Nothing was deleted'),
    createFolder: (folderPath: string, name: string) => change(() => createFolder(projectRef, bucketId, joinPath(folderPath, name)), `Folder ${name} created`, `Folder ${name} could not be created`),
    rename: (item: ExplorerItem, to: string) => change(() => renameItem(projectRef, bucketId, item, to), `${item.name} renamed`, `${item.name} could not be renamed`),
    move: (items: readonly ExplorerItem[], destination: string) =>
      change(
        () => moveItems(projectRef, bucketId, items, destination),
        `Moved ${items.length === 1 ? items[0]!.name : `${items.length} items`} to ${destination || bucketId}`,
        'The move did not finish',
      ),
  }
}
