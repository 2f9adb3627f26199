// The public surface of this feature: another feature imports from here, never from its files (DESIGN.md, folders).
export { PermissionsFailed, PermissionsPending, permissionWithheld } from './PermissionsStates'
export { useFeatureCheck, useFeatureEnabled } from './use-feature'
export { usePermission, usePermissions } from './use-permission'
