// The database tools' public surface: the page frame and tables every tool screen shares, and the
// project's database with the permission to change it (what integrations and vault build on).
export { DatabaseToolPage, ToolTable, ToolTableHead, toolCellClass, toolHeadClass, toolTableClass } from './DatabaseToolPage'
export { useDatabaseWritePermission, useProjectDatabase } from './use-project-database'
export { SchemaPicker, useSchemaParam } from './SchemaPicker'
