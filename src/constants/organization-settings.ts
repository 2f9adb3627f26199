/** An organization's roles (the platform's org-scoped roles); a member holds one. */
export const ORGANIZATION_ROLES = [
  { id: 1, name: 'Owner', description: 'Everything, including billing, the members and their roles, and deleting the organization.' },
  { id: 2, name: 'Administrator', description: 'Everything but deleting the organization and changing its owners.' },
  { id: 3, name: 'Developer', description: 'Works on every project; changes neither billing nor the members.' },
  { id: 4, name: 'Read-only', description: 'Sees everything, changes nothing.' },
] as const
export type OrganizationRoleId = (typeof ORGANIZATION_ROLES)[number]['id']
export const ORGANIZATION_ROLE = { owner: 1, administrator: 2, developer: 3, readOnly: 4 } as const satisfies Record<string, OrganizationRoleId>

/** How long a join link works (not in SPEC: the platform's own). */
export const INVITATION_LIFETIME_HOURS = 24 * 7

export const ORGANIZATION_SETTINGS_MESSAGE = {
  nameRequired: 'An organization needs a name.',
  renamed: (name: string) => `The organization is now called “${name}”.`,
  renameDenied: 'rename this organization',
  deleteOwnersOnly: 'Only an owner may delete the organization.',
  deleteHasProjects: (count: number) => `The organization still holds ${count} project${count === 1 ? '' : 's'}: delete or transfer ${count === 1 ? 'it' : 'them'} first.`,
  deleteConfirmTitle: (name: string) => `Delete “${name}”?`,
  deleteConfirmBody: 'Its members, invitations, billing details and audit log go with it. This cannot be undone.',
  deleteTypeToConfirm: (name: string) => `Type the organization's name, ${name}, to confirm`,
  deleted: (name: string) => `The organization “${name}” was deleted.`,
  manageDenied: 'Only owners and administrators manage the members.',
  ownersOnly: 'Only an owner may make or unmake owners.',
  lastOwner: 'The organization needs an owner: make another member owner first.',
  unknownRole: 'There is no such role.',
  unknownMember: 'There is no such member.',
  alreadyMember: (email: string) => `${email} is a member already.`,
  alreadyInvited: (email: string) => `${email} has an invitation already: resend it instead.`,
  invalidEmail: 'Enter an email address, such as ana@example.com.',
  invited: (email: string) => `An invitation is on its way to ${email}.`,
  resent: (email: string) => `The invitation to ${email} was sent again, with a new link.`,
  revoked: (email: string) => `The invitation to ${email} was revoked.`,
  roleChanged: (email: string, role: string) => `${email} is now ${role}.`,
  removed: (email: string) => `${email} is no longer a member.`,
  left: (name: string) => `You left ${name}.`,
  removeConfirmTitle: (email: string) => `Remove ${email}?`,
  removeConfirmBody: 'They lose access to the organization and its projects at once. They can be invited again.',
  leaveConfirmTitle: (name: string) => `Leave ${name}?`,
  leaveConfirmBody: 'You lose access to the organization and its projects at once; a member who manages it can invite you again.',
  inviteMailSubject: (organization: string) => `You have been invited to join ${organization}`,
} as const

/** What a personal access token starts with (the platform's own `sbp_`), so a leaked one is recognised. */
export const ACCESS_TOKEN_PREFIX = 'sbp_'
/** How long a new access token may live, as offered (days; null: no expiry). */
export const ACCESS_TOKEN_EXPIRY_DAYS = [30, 90, 365, null] as const
export const ACCOUNT_MESSAGE = {
  tokenNameRequired: 'Name the token after what will use it, such as "CI deploys".',
  tokenCreated: (name: string) => `The access token “${name}” was created.`,
  tokenShownOnce: 'Copy it now: this is the only time it is shown. It acts as you, with your permissions, until it expires or is revoked.',
  tokenRevoked: (name: string) => `The access token “${name}” was revoked: it no longer works.`,
  revokeConfirmTitle: (name: string) => `Revoke “${name}”?`,
  revokeConfirmBody: 'Whatever uses it stops being let in at once. This cannot be undone.',
  profileSaved: 'Your profile is saved.',
  usernameTaken: (username: string) => `The username ${username} is taken.`,
  usernameInvalid: 'A username has 3 to 40 letters, digits, dots, hyphens or underscores.',
} as const
