/** An email address's shape as the forms and the platform both check it: something@somewhere.tld, no spaces. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A username: 3 to 40 letters, digits, dots, hyphens or underscores (the profile form and the platform alike). */
export const USERNAME_SHAPE = /^[A-Za-z0-9._-]{3,40}$/
