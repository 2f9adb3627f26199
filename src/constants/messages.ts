// User-facing texts of SPEC.md §8, word for word.
export const API_ERROR_MESSAGE = {
  default: 'API error happened while trying to communicate with the server.',
  network: 'Unable to reach the server. Please check your network or try again later.',
  withStatus: (status: number) => `An error has occurred: ${status}`,
  pgMetaNoConnection: 'API Error: happened while trying to acquire connection to the database',
} as const

/**
 * Not in SPEC (§8 has no text for a database that is down, and its network text would send the user
 * to check their own network): the message of a 503, whose Retry-After says when to try again.
 */
export const DATABASE_UNAVAILABLE_MESSAGE = {
  database: 'The database cannot be reached right now: it may be restarting or down.',
  changeNotSaved: 'The platform database cannot be reached right now, so the change was not saved.',
  /** pg-meta's hint with it (the SQL editor shows a hint under the error). */
  retryHint: (seconds: number) => `Try again in ${seconds} seconds.`,
} as const

export const PROFILE_MESSAGE = {
  notFound: "User's profile not found",
  createFailedToast: 'Failed to create your profile. Please refresh to try again.',
  createFailed: (message: string) => `Failed to create profile: ${message}`,
} as const

export const REQUIRED_MESSAGE = {
  projectRef: 'Project ref is required',
  slug: 'slug is required',
} as const

export const NOT_FOUND_MESSAGE = {
  organization: "We couldn't find that organization",
  project: 'This project does not exist',
} as const

export const COPY_MESSAGE = {
  copied: 'Copied',
  failed: 'Unable to copy to clipboard',
} as const

export const SIGN_IN_MESSAGE = {
  unverifiedProviderError: 'Error sending confirmation mail',
  unverifiedProviderToast: (email: string) =>
    `Please verify your email on GitHub first, then reach out to us at ${email} to log into the dashboard`,
} as const

/** A session the auth service would not renew (revoked, signed out elsewhere, or its refresh token reused). */
export const SESSION_MESSAGE = {
  endedTitle: 'Your session has ended',
  ended: 'Sign in again to continue where you were.',
} as const

export const ERROR_SCREEN = {
  heading: 'Sorry! An unexpected error occurred.',
  clientException:
    'Application error: a client-side exception has occurred (see browser console for more information)',
  suggestions: [
    'Refresh the page',
    'Sign out and sign back in',
    'Clear your browser storage (local storage and session storage)',
    'Disable browser extensions',
    'Contact support if the problem persists',
  ],
  translatorWarning:
    'This error may be caused by a page translator or a browser extension that changes the page. Try turning them off and refresh the page.',
  stillStuck: 'Still stuck?',
  contactSupport: 'Contact support',
  returnToDashboard: 'Return to dashboard',
  reloadDashboard: 'Reload dashboard',
  copyError: 'Copy error',
} as const

export const TELEMETRY_FAILURE_LOG = 'Failed to send Telemetry event'

/** The consent toast and privacy settings dialog (SPEC §2, §8). */
export const CONSENT_MESSAGE = {
  toast: 'We use cookies to collect data and improve our services.',
  learnMore: 'Learn more',
  accept: 'Accept',
  optOut: 'Opt out',
  privacySettings: 'Privacy settings',
  dialogTitle: 'Privacy settings',
  dialogDescription: 'Choose which optional cookies and services Studio may use. Essential ones keep the dashboard working and cannot be turned off.',
  loading: 'Loading privacy settings…',
  loadFailed: 'Unable to Load Privacy Settings',
  loadFailedDetail:
    'The privacy settings could not be loaded. An ad blocker or a network problem may be blocking the request: allow this site in your ad blocker or check your connection, then try again.',
  retry: 'Retry',
  save: 'Save',
  cancel: 'Cancel',
  alwaysOn: 'Always on',
} as const

/** Password strength texts of SPEC §5. */
export const PASSWORD_MESSAGE = {
  tooLong: 'Password should be less than 100 characters',
  tooLongDetail: 'Maximum length of password exceeded',
  needStronger: 'You need a stronger password.',
  byScore: [
    'This password is not acceptable.',
    'This password is not secure enough.',
    'This password is not secure enough.',
    'Not bad, but your password must be harder to guess.',
    'This password is strong.',
  ],
  checkFailed: (message: string) => `Failed to check password strength: ${message}`,
} as const

export const NEW_PROJECT_MESSAGE = {
  freeLimitReached: (limit: number) =>
    `Free plan organizations can have ${limit} active projects, and this one already has ${limit}. Pause a project or upgrade the plan to create another.`,
  freeLimitNotice: (limit: number, active: number) =>
    `The free plan allows ${limit} active projects. This organization has ${active}, so you can create ${limit - active} more.`,
  nameRequired: 'Enter a name for the project.',
  created: (name: string) => `Creating project "${name}"`,
  createFailed: (message: string) => `Failed to create the project: ${message}`,
  // No promise of resizing: there is no screen for it yet.
  computeSizeDescription: 'The instance your database runs on. It can be changed later in the project’s compute settings.',
  /** Why the region was preselected (src/lib/nearest-region.ts), beside it. */
  regionNearest: (region: string, timeZone: string, distanceKm: number) =>
    `${region} is the region nearest to your time zone (${timeZone}), about ${distanceKm.toLocaleString('en-US')} km away.`,
  regionGroupDefault: (region: string, group: string, timeZone: string) => `${region} is the ${group} default: your time zone (${timeZone}) has no known city to measure from.`,
  regionDefault: (region: string) => `${region} is the default region.`,
  regionUnplaced: (region: string, timeZone: string) => `${region} is the default region: your time zone (${timeZone}) does not tell us where you are.`,
} as const

/** The /join page: accepting an organization invitation from a join link. */
export const JOIN_MESSAGE = {
  title: 'Join organization',
  loading: 'Loading invitation…',
  loadFailed: 'Failed to load the invitation',
  invalidLinkTitle: 'This invitation link is incomplete',
  invalidLink: 'The link needs both an invitation token and an organization. Open the link from your invitation email again.',
  notFoundTitle: 'This invitation does not exist',
  notFound: 'It may have been used or revoked already. Ask an owner of the organization to invite you again.',
  expiredTitle: 'This invitation has expired',
  expired: 'Ask an owner of the organization to send you a new invitation.',
  emailMismatchTitle: 'This invitation was sent to another email address',
  emailMismatch: (email: string | undefined) =>
    `${email ? `You are signed in as ${email}. ` : ''}Sign out, then sign in with the address the invitation was sent to.`,
  ssoMismatchTitle: 'This invitation needs a different sign-in method',
  ssoMismatch: 'The organization requires single sign-on (SSO). Sign out, then sign in through your SSO provider to join.',
  signOut: 'Sign out',
  alreadyMemberTitle: (organization: string) => `You are already a member of ${organization}`,
  openOrganization: 'Go to the organization',
  invitedTitle: (organization: string) => `You have been invited to join ${organization}`,
  invited: (email: string | undefined) =>
    `${email ? `You are signed in as ${email}. ` : ''}Joining gives you access to the organization and its projects.`,
  join: 'Join organization',
  joining: 'Joining…',
  joinFailed: 'Failed to join the organization',
  joined: (organization: string) => `You joined ${organization}`,
  backToOrganizations: 'Back to your organizations',
  unknownOrganization: 'this organization',
} as const

/** Why a control is disabled for a user without the permission (SPEC §6: never a broken call). */
export const PERMISSION_MESSAGE = {
  denied: (what: string) => `You need additional permissions to ${what}.`,
  /** The list could not be loaded: nothing is allowed, and nothing is said to be denied either. */
  loadFailed: 'Your permissions could not be loaded',
  checking: 'Checking your permissions…',
  createProject: 'create projects in this organization',
  readBilling: 'view this organization’s billing',
  reachProjectData: 'reach this project’s database and storage',
  manageExtensions: 'enable or disable extensions',
  manageWebhooks: 'create, change or delete database webhooks',
  manageWrappers: 'create or delete wrappers',
  readSecrets: 'reveal vault secrets',
  writeSecrets: 'add, change or delete vault secrets',
  manageColumnPrivileges: 'grant or revoke column privileges',
  manageCron: 'create, change, run or delete cron jobs',
  manageTypes: 'create, change or delete types',
  manageIndexes: 'create or delete indexes',
  manageFunctions: 'create, change or delete functions',
  manageTriggers: 'create, enable, disable or delete triggers',
  manageRoles: 'create, change or delete roles',
  managePublications: 'create, change or delete publications',
  manageAuthUsers: 'create, change, ban or delete users',
  managePolicies: 'create, change or delete policies, or turn row level security on or off',
  runAsOtherRole: 'run SQL as another role or user',
  fixAdvisorFindings: 'run fixes on the database',
  manageAdvisorRules: 'disable advisor rules or dismiss findings',
  resetQueryStatistics: 'reset query statistics',
  writeStorage: 'upload, move or delete files, or create, change or delete buckets',
  readStorage: 'view this project’s storage',
  changeStorageSettings: 'change this project’s storage settings',
  changeApiSchemas: 'change which schemas the project’s API exposes',
  shareSnippets: 'share SQL snippets with the project',
  runGraphqlAsServiceRole: 'run GraphQL as service_role',
} as const

/** SPEC §6 on the server: a member whose role may not change the database runs SQL read-only. */
export const SQL_READ_ONLY_MESSAGE = {
  hint: 'Your role in this organization can only read this project’s database: statements that change it are refused.',
  transactionEnded:
    'cannot run more statements once the read-only transaction has ended (COMMIT, ROLLBACK, END or PREPARE TRANSACTION): your role can only read this project’s database',
  madeReadWrite: 'cannot make the read-only transaction read-write: your role can only read this project’s database',
} as const

/** Snippets and folders are their owner's (PLATFORM-API §4): what the server answers anyone else. */
export const CONTENT_MESSAGE = {
  snippetNotFound: 'Content not found',
  folderMissing: 'Folder not found',
  idTaken: 'Content with this id already exists',
  folderNotFound: 'Folder not found in this project',
  parentFolderNotFound: 'Parent folder not found in this project',
  notYourFolder: 'This folder is another member’s: only its owner may rename or delete it.',
  notYourSnippet: 'This snippet is another member’s: only its owner may change or delete it.',
} as const

/**
 * The GraphQL endpoint (PLATFORM-API §7) on the server: the role comes only from a token the
 * platform signed, and a member who may only read runs read-only.
 */
export const GRAPHQL_MESSAGE = {
  readOnlyMutation: 'Your role in this organization can only read this project’s database: GraphQL runs read-only for you, and mutations are refused.',
  readOnlyExplorer: 'Your role in this organization can only read this project’s database: GraphQL runs read-only for you, as anon or authenticated.',
  badHeader: 'Invalid authorization header: expected "Bearer <JWT>"',
  unsigned: 'Invalid JWT: unsigned tokens (alg "none") are refused; use a key from the project’s API settings or the role picker',
  algorithm: 'Invalid JWT: alg must be HS256',
  badSignature: 'Invalid JWT: its signature does not match this project’s JWT secret',
  notJson: 'Invalid JWT: its payload is not JSON',
  notObject: 'Invalid JWT: its payload is not an object',
  role: (roles: readonly string[]) => `Invalid JWT: role must be one of ${roles.join(', ')}`,
  expired: 'JWT expired',
} as const

/** SPEC §6: an organization that requires MFA sends users without it to its home page. */
export const MFA_MESSAGE = {
  requiredTitle: 'This organization requires multi-factor authentication',
  required: (organization: string) =>
    `${organization} only lets members with multi-factor authentication open its projects and settings. Add an authenticator app to your account to open them.`,
  enrol: 'Set up two-factor authentication',
} as const

/** The support form (/support/new) and its success screen. */
export const SUPPORT_MESSAGE = {
  title: 'Contact support',
  intro: 'Tell us what happened. The more detail you give, the faster we can help.',
  categoryRequired: 'Choose a category.',
  severityInvalid: 'Choose a severity.',
  subjectRequired: 'Enter a subject.',
  subjectTooLong: (max: number) => `The subject can be at most ${max} characters.`,
  messageRequired: 'Describe the problem.',
  messageTooShort: (min: number) => `Write at least ${min} characters so we can help.`,
  messageTooLong: (max: number) => `The message can be at most ${max.toLocaleString('en-US')} characters.`,
  idInvalid: 'Use letters, digits, hyphens and underscores only.',
  errorReport: (sid: string) => `Error report: ${sid}`,
  submit: 'Send support request',
  submitting: 'Sending…',
  sendFailed: (message: string) => `Failed to send your support request: ${message}`,
  sentTitle: 'Your support request has been sent',
  sentReference: (ticketId: string) => `Reference ${ticketId}`,
  sentReply: (email: string) => `We will reply to ${email}.`,
  backToDashboard: 'Back to the dashboard',
  openAnother: 'Open another request',
  organizationNotFound: 'Organization not found',
  projectNotFound: 'Project not found',
  projectNotInOrganization: (ref: string, slug: string) => `Project ${ref} does not belong to organization ${slug}`,
} as const
