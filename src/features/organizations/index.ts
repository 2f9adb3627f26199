// The public surface of this feature: another feature imports from here, never from its files (DESIGN.md, folders).
export { readLastVisitedOrganization } from './last-visited'
export { useMfaGate, useMfaRedirect } from './use-mfa-gate'
export { useRouteOrganization } from './use-route-organization'
export { OrganizationNav, type OrganizationPageId } from './OrganizationNav'
