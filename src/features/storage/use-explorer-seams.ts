import type { ExplorerSeams } from './explorer-seams'

const NONE: ExplorerSeams = {}

/**
 * The uploads' seams for a project's explorer (see ./explorer-seams.ts). None until uploads exist:
 * the explorer then shows no upload button and takes no drop.
 */
export function useExplorerSeams(_projectRef: string): ExplorerSeams {
  return NONE
}
