import { useMemo } from 'react'
import type { ExplorerSeams } from '../explorer-seams'
import { UploadButton } from './UploadButton'
import { uploadRequests } from './upload-queue'
import { UploadsPanel } from './UploadsPanel'
import { useProjectUploads } from './use-project-uploads'

/**
 * The uploads as the files explorer takes them (./explorer-seams.ts): the Upload button in its
 * toolbar, drops on its body, and the uploads panel under it.
 */
export function useUploadSeams(projectRef: string): ExplorerSeams {
  const { queue, rows } = useProjectUploads(projectRef)
  return useMemo(
    () => ({
      toolbarSlot: (place) => <UploadButton queue={queue} bucketId={place.bucketId} folderPath={place.folderPath} />,
      onFilesDropped: (files, bucketId, folderPath) => void queue.add(bucketId, uploadRequests(folderPath, files)),
      panelSlot: () => <UploadsPanel queue={queue} rows={rows} />,
    }),
    [queue, rows],
  )
}
