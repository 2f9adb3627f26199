import { useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { projectUploadQueue } from './upload-queue'

/** The project's upload queue and its rows, re-read as files progress. */
export function useProjectUploads(projectRef: string) {
  const queue = projectUploadQueue(useQueryClient(), projectRef)
  const rows = useSyncExternalStore(queue.subscribe, queue.getRows)
  return { queue, rows }
}
