// What the mock platform keeps and takes from callers, embedded and served (`npm run serve`), so
// that no caller, signed in or not, can make it hold memory without bound.

/** Error reports and telemetry events kept (the newest; the oldest go first). */
export const KEPT_REPORTS_LIMIT = 100
/** An error report or telemetry event larger than this is refused (413): a page's crash report with its stack is a few KB. */
export const REPORT_BODY_LIMIT_BYTES = 64 * 1024
/** Live sign-in sessions per user: a new sign-in past this ends the user's oldest session. */
export const SESSIONS_PER_USER_LIMIT = 50
