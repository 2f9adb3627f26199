import type { ExplorerSeams } from './explorer-seams'
import { useUploadSeams } from './uploads/use-upload-seams'

/** The uploads' seams for a project's explorer (see ./explorer-seams.ts): the Upload button, drops, the uploads panel. */
export function useExplorerSeams(projectRef: string): ExplorerSeams {
  return useUploadSeams(projectRef)
}
