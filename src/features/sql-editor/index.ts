// The public surface of this feature: another feature imports from here, never from its files (DESIGN.md, folders).
export { DestructiveQueryDialog } from './DestructiveQueryDialog'
export type { ExportProgress, ExportSummary } from './result-export'
export { useExport } from './use-export'
