/** What each write of the platform API is called in the audit log; a call not named here shows as its method and route. */
const ACTION_NAMES = new Map<string, string>([
  ['POST /platform/organizations', 'Created an organization'],
  ['POST /platform/projects', 'Created a project'],
  ['PATCH /platform/projects/:ref', 'Renamed a project'],
  ['DELETE /platform/projects/:ref', 'Deleted a project'],
  ['POST /platform/projects/:ref/restart', 'Restarted a project'],
  ['POST /platform/projects/:ref/pause', 'Paused a project'],
  ['POST /platform/projects/:ref/restore', 'Restored a project'],
  ['POST /platform/projects/:ref/transfer', 'Transferred a project'],
  ['POST /platform/projects/:ref/settings/jwt-secret', 'Generated a new JWT secret'],
  ['PATCH /platform/projects/:ref/config/postgrest', 'Changed the exposed schemas'],
  ['PATCH /platform/projects/:ref/db-password', 'Reset the database password'],
  ['PUT /platform/projects/:ref/ssl-enforcement', 'Changed SSL enforcement'],
  ['POST /platform/projects/:ref/network-restrictions/apply', 'Changed the network restrictions'],
  ['POST /platform/projects/:ref/billing/addons', 'Changed the compute size'],
  ['PUT /platform/organizations/:slug/billing/subscription', 'Changed the plan'],
  ['PUT /platform/organizations/:slug/customer', 'Changed the billing address'],
  ['PUT /platform/organizations/:slug/tax-ids', 'Added a tax ID'],
  ['DELETE /platform/organizations/:slug/tax-ids', 'Removed a tax ID'],
  ['POST /platform/organizations/:slug/members/invitations/:token', 'Joined the organization'],
  ['PATCH /platform/organizations/:slug', 'Renamed the organization'],
  ['DELETE /platform/organizations/:slug', 'Deleted the organization'],
  ['POST /platform/organizations/:slug/members/invitations', 'Invited a member'],
  ['POST /platform/organizations/:slug/members/invitations/:id/resend', 'Resent an invitation'],
  ['DELETE /platform/organizations/:slug/members/invitations/:id', 'Revoked an invitation'],
  ['PATCH /platform/organizations/:slug/members/:gotrueId', "Changed a member's role"],
  ['DELETE /platform/organizations/:slug/members/:gotrueId', 'Removed a member'],
  ['POST /platform/profile', 'Created the profile'],
  ['PATCH /platform/profile', 'Changed the profile'],
  ['POST /platform/profile/access-tokens', 'Created an access token'],
  ['DELETE /platform/profile/access-tokens/:id', 'Revoked an access token'],
  ['POST /platform/feedback/send', 'Sent a support request'],
])

export function auditActionName(method: string, route: string): string {
  const call = `${method.toUpperCase()} ${route}`
  return ACTION_NAMES.get(call) ?? call
}
