// The public surface of this feature: another feature imports from here, never from its files (DESIGN.md, folders).
export { DestructiveQueryDialog } from './DestructiveQueryDialog'
export type { ExportProgress, ExportSummary } from './result-export'
export { useExport } from './use-export'
/** Our one Monaco (bundled locally, its own chunk): the GraphQL explorer's editors load the same one. */
export const loadMonaco = () => import('./monaco')
export { exportResult } from './result-export'
export { ResultsGrid } from './ResultsGrid'
export { SqlCodeEditor } from './SqlCodeEditor'
