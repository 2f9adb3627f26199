// The database tools' public surface: what the other project tools (integrations, vault) build on.
export { DatabaseToolPage, toolCellClass, toolHeadClass, toolTableClass } from './DatabaseToolPage'
export { useDatabaseWritePermission, useProjectDatabase } from './use-project-database'
