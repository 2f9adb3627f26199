// What other features use of the database tools: the page frame and tables every tool screen
// shares, and the project's database with the permission to change it (the integrations' screens).
export { DatabaseToolPage, toolCellClass, toolHeadClass, toolTableClass } from './DatabaseToolPage'
export { useDatabaseWritePermission, useProjectDatabase } from './use-project-database'
