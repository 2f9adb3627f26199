// User-facing texts of SPEC.md §8, word for word.
export const API_ERROR_MESSAGE = {
  default: 'API error happened while trying to communicate with the server.',
  network: 'Unable to reach the server. Please check your network or try again later.',
  withStatus: (status: number) => `An error has occurred: ${status}`,
  pgMetaNoConnection: 'API Error: happened while trying to acquire connection to the database',
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
