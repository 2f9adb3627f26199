// The public surface of this feature: another feature imports from here, never from its files (DESIGN.md, folders).
export { forgetProjectVisit, readProjectHistory, recordProjectVisit, sqlEditorPath, tableEditorPath, useDashboardHistoryVersion, type ProjectHistory } from './dashboard-history'
export { ComputeSizeChoices } from './ComputeSizeChoices'
export { ConnectionDetails } from './ConnectionDetails'
export { PasswordField } from './PasswordField'
export { ProjectApiSection } from './ProjectApiSection'
export { cloudProviderLabel, regionLabel, STATUS_PRESENTATION } from './project-labels'
