/** The project's auth users screen (issue 51): its filters, its sorts and its page size. */

/** The states the list filters by. */
export const AUTH_USER_STATES = ['all', 'confirmed', 'unconfirmed', 'invited', 'banned', 'anonymous'] as const
export type AuthUserState = (typeof AUTH_USER_STATES)[number]

export const AUTH_USER_SORTS = ['created_at', 'last_sign_in_at', 'email'] as const
export type AuthUserSort = (typeof AUTH_USER_SORTS)[number]

/** Users read per page as the list scrolls. */
export const AUTH_USERS_PAGE_SIZE = 200

/** A password the auth server accepts by default: at least this many characters. */
export const AUTH_MIN_PASSWORD_LENGTH = 6

/** How long a ban lasts, as the ban dialog offers it (hours). */
export const AUTH_BAN_DURATIONS = [
  { label: '1 hour', hours: 1 },
  { label: '24 hours', hours: 24 },
  { label: '7 days', hours: 24 * 7 },
  { label: '30 days', hours: 24 * 30 },
  { label: 'Indefinitely (100 years)', hours: 24 * 365 * 100 },
] as const

/** A project's API host on the platform (`https://{ref}.supabase.co`): where its auth server's links point. */
export const PROJECT_API_DOMAIN = 'supabase.co'
export const projectApiUrl = (ref: string) => `https://${ref}.${PROJECT_API_DOMAIN}`

/** The mails the auth server sends on an admin's request (they land in the project's Auth logs: the mock platform's mailbox). */
export const AUTH_MAIL = {
  invite: { subject: 'You have been invited', type: 'invite' },
  recovery: { subject: 'Reset your password', type: 'recovery' },
} as const
export type AuthMailKind = keyof typeof AUTH_MAIL

export const AUTH_ADMIN_MESSAGE = {
  alreadyRegistered: 'A user with this email address has already been registered',
  noSuchUser: 'No user of this project has this email address',
  invalidEmail: 'Type a valid email address',
} as const
