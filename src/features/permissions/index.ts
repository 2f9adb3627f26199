// The public surface of this feature: another feature imports from here, never from its files (DESIGN.md, folders).
export { useFeatureEnabled } from './use-feature'
export { usePermission, usePermissions } from './use-permission'
