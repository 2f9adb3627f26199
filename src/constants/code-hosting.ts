// The code-hosting provider integration (SPEC §3, §4, §7, §8, §9): sign-in and app installation.

/** The provider, as users read it and as the auth service and the profile's auth0_id spell it. */
export const CODE_HOSTING_PROVIDER = { name: 'GitHub', id: 'github' } as const

/** SPEC §9: the authorise and app-installation pages open in a popup of this size. */
export const POPUP_SIZE = { width: 600, height: 800 } as const
/** SPEC §4/§9: the random state stored before authorising. */
export const OAUTH_STATE_LENGTH = 32
/** SPEC §7: the avatar is loaded from the provider username at this size. */
export const CODE_HOSTING_AVATAR_SIZE = 96

/** Not in SPEC: the provider's own site, the hosted default of VITE_CODE_HOSTING_BASE_URL. */
export const HOSTED_CODE_HOSTING_BASE_URL = 'https://github.com'
/** Where the embedded mock platform plays the provider, on the dashboard's own origin. */
export const MOCK_CODE_HOSTING_PATH = '/mock-github'
/** Not in SPEC: the OAuth client id and app slug used when no setting names them. */
export const DEFAULT_CODE_HOSTING_CLIENT_ID = 'studio-dashboard'
export const DEFAULT_CODE_HOSTING_APP_SLUG = 'studio'
/** The mock auth service's own OAuth client at the provider (sign-in, not the integration). */
export const MOCK_AUTH_CLIENT_ID = 'studio-auth'

/** Dashboard pages the popup comes back to: the OAuth callback and the app's setup URL. */
export const CODE_HOSTING_CALLBACK_PATHS = {
  authorize: '/integrations/github/authorize',
  install: '/integrations/github/install',
} as const
/** The popup's window name: a second Connect reuses the open window instead of stacking another. */
export const CODE_HOSTING_POPUP_NAME = 'GitHub'

/** Not in SPEC: the support address of the unverified-account sign-in message (SPEC §8 {email}). */
export const SUPPORT_EMAIL = 'support@example.com'

/** The organization page's code-hosting section and the popup's callback pages. */
export const CODE_HOSTING_MESSAGE = {
  title: 'GitHub',
  description: 'Connect a GitHub account to deploy this organization’s projects from its repositories.',
  notConnected: 'Not connected',
  connect: 'Connect GitHub',
  connectedAs: (username: string) => `Connected as ${username}`,
  disconnect: 'Disconnect',
  disconnected: 'GitHub disconnected',
  install: 'Install GitHub app',
  installHint: 'Install the GitHub app to choose which repositories this organization can use.',
  installed: 'GitHub app installed',
  repositoriesHeading: 'Repositories the GitHub app can see',
  noRepositories: 'The GitHub app can see no repositories yet.',
  waiting: 'Waiting for GitHub…',
  waitingHint: 'Finish in the GitHub window. This page updates when the window closes.',
  cancel: 'Cancel',
  tryAgain: 'Try again',
  blocked: 'Your browser blocked the popup — allow popups and try again',
  timedOutTitle: 'The GitHub window was open for 5 minutes without finishing',
  timedOut: 'We stopped waiting and closed it. Try again when you are ready.',
  loadFailed: 'Failed to load the GitHub connection',
  repositoriesFailed: 'Failed to load the repositories',
  callbackWorking: { authorize: 'Connecting GitHub…', install: 'Finishing the GitHub app installation…' },
  callbackDone: 'Done. You can close this window.',
  callbackFailedTitle: 'GitHub could not be connected',
  stateMismatch: 'This GitHub window was not opened by this dashboard, or it was opened again since. Close it and start again from the organization page.',
  missingCode: 'GitHub sent no authorisation code.',
  missingInstallation: 'GitHub sent no installation id.',
  closeWindow: 'Close window',
  avatarAlt: (username: string) => `GitHub avatar of ${username}`,
  permission: 'connect GitHub to this organization',
  private: 'Private',
  public: 'Public',
  signedInWith: 'Signed in with GitHub',
  continueWith: 'Continue with GitHub',
  redirecting: 'Redirecting to GitHub…',
} as const
