// A newcomer's first steps: signing up and creating an organization (SPEC §2 /organizations, §9 plans).
import { PLAN_LIMITS } from './platform'

/** Routes of the first steps. */
export const SIGN_UP_PATH = '/sign-up'
export const NEW_ORGANIZATION_PATH = '/new'

/** Not in SPEC: the real platform's organization types (its new-organization form); 'Company' also asks for a size. */
export const ORGANIZATION_KINDS = [
  { id: 'PERSONAL', label: 'Personal' },
  { id: 'EDUCATIONAL', label: 'Educational' },
  { id: 'STARTUP', label: 'Startup' },
  { id: 'AGENCY', label: 'Agency' },
  { id: 'COMPANY', label: 'Company' },
  { id: 'UNDISCLOSED', label: 'N/A' },
] as const
export type OrganizationKind = (typeof ORGANIZATION_KINDS)[number]['id']
export const ORGANIZATION_KIND_IDS = ORGANIZATION_KINDS.map((k) => k.id) as [OrganizationKind, ...OrganizationKind[]]
export const DEFAULT_ORGANIZATION_KIND: OrganizationKind = 'PERSONAL'
/** The kind whose size is asked for and sent. */
export const SIZED_ORGANIZATION_KIND: OrganizationKind = 'COMPANY'

/** Not in SPEC: the real platform's company sizes (people). */
export const ORGANIZATION_SIZES = [
  { id: '1', label: '1 - 10' },
  { id: '10', label: '10 - 49' },
  { id: '50', label: '50 - 99' },
  { id: '100', label: '100 - 299' },
  { id: '300', label: 'More than 300' },
] as const
export type OrganizationSize = (typeof ORGANIZATION_SIZES)[number]['id']
export const ORGANIZATION_SIZE_IDS = ORGANIZATION_SIZES.map((s) => s.id) as [OrganizationSize, ...OrganizationSize[]]
export const DEFAULT_ORGANIZATION_SIZE: OrganizationSize = '1'

/** Not in SPEC: the longest organization name accepted (refused with a message, never cut). */
export const ORGANIZATION_NAME_MAX_LENGTH = 64

/** The new-organization form (/new) and the organization list's ways in. */
export const NEW_ORGANIZATION_MESSAGE = {
  title: 'Create a new organization',
  intro: 'An organization groups projects, members and billing. Use the name of your company, team or yourself.',
  newOrganization: 'New organization',
  noOrganizations: 'You are not a member of any organization yet. Create one to start your first project.',
  nameRequired: 'Enter a name for the organization.',
  nameTooLong: (max: number) => `The name can be at most ${max} characters.`,
  kindInvalid: 'Choose a type of organization.',
  sizeInvalid: 'Choose a company size.',
  planInvalid: 'Choose a plan.',
  freePlanTitle: 'Free plan',
  freePlan: `A Free organization can have ${PLAN_LIMITS.free.activeProjects} active projects. Projects are paused after 1 week of inactivity. You can upgrade at any time.`,
  paidPlan: 'The plan applies to this new organization only and is billed from today. Add a billing address on its billing page.',
  spendCap: 'Spend cap',
  spendCapDescription: "Usage stays within the plan's quota and is limited when it runs out. Turn it off to pay for usage beyond the quota.",
  submit: 'Create organization',
  submitting: 'Creating…',
  cancel: 'Cancel',
  created: (name: string) => `Created organization "${name}"`,
  createFailed: (message: string) => `Failed to create the organization: ${message}`,
  emptyOrganization: 'This organization has no projects yet. Each project has its own Postgres database, auth, storage and APIs.',
  newProject: 'New project',
} as const

/** The sign-up page (/sign-up) and its link from the sign-in page. */
export const SIGN_UP_MESSAGE = {
  title: 'Get started',
  intro: 'Create a new account',
  submit: 'Sign up',
  submitting: 'Signing up…',
  emailRequired: 'Enter your email address.',
  emailInvalid: 'Enter a valid email address, like name@example.com.',
  passwordRequired: 'Choose a password.',
  accountExists: 'An account with this email address already exists.',
  signInInstead: 'Sign in instead',
  haveAccount: 'Already have an account?',
  signIn: 'Sign in',
  noAccount: "Don't have an account?",
  signUp: 'Sign up',
} as const
/** GoTrue's error code for a sign-up with an address already registered. */
export const USER_ALREADY_EXISTS_CODE = 'user_already_exists'
/** GoTrue's error code for a password its strength rules refuse. */
export const WEAK_PASSWORD_CODE = 'weak_password'
