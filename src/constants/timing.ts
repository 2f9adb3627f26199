// Every timing of SPEC.md §4 and §9, in milliseconds unless the name says otherwise.
const SECOND = 1000
const MINUTE = 60 * SECOND

export const STALE_TIME = {
  default: 60 * SECOND,
  profile: 30 * MINUTE,
  organizations: 30 * MINUTE,
  permissions: 5 * MINUTE,
  projectDetail: 30 * SECOND,
  overdueInvoices: 1_800_000,
} as const

export const RETRY = {
  maxRetries: 3,
  baseDelay: 1 * SECOND,
  maxDelay: 30 * SECOND,
} as const

/**
 * Retry-After (seconds) of a 503 for a database that cannot be reached (refused, timed out, shut
 * down): long enough for a restart or a failover to begin answering, short enough that the query
 * client's retries (SPEC §7: the server's retry-after when present) come back soon.
 */
export const DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5
/** How long an access token is good for (the auth service's JWT expiry, GoTrue's default 1 h). */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600
/** The dashboard renews its session this long before the access token expires (auth-js uses 90 s). */
export const SESSION_RENEWAL_MARGIN = 90 * SECOND
/** A renewal that failed for a network or server fault is tried again after this, doubling up to the cap. */
export const SESSION_RENEWAL_RETRY = { baseDelay: 5 * SECOND, maxDelay: 60 * SECOND } as const
/**
 * A refresh token already swapped may be presented again this long after (GoTrue's reuse interval):
 * two tabs renewing at the same moment both get the session's current token instead of a reuse alarm.
 */
export const REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 10

export const HEAD_REQUEST_TIMEOUT = 60 * SECOND
export const PROJECT_POLL_INTERVAL = 5 * SECOND
/** Not in SPEC: how often a database that is starting is asked again (a start takes seconds, not minutes). */
export const DATABASE_START_POLL_INTERVAL = 250
export const POPUP_POLL_INTERVAL = 500
export const POPUP_POLL_CAP = 5 * MINUTE
export const CLOCK_SKEW_LIMIT = 120 * SECOND
export const CLOCK_SKEW_CHECK_INTERVAL = 30 * MINUTE
export const COPY_FEEDBACK_DURATION = 2 * SECOND
export const TOOLTIP_DELAY = 700
export const TOGGLE_BLUR_DELAY = 100
export const DEFAULT_ANIMATION_DURATION_SECONDS = 0.45
export const ASSISTANT_PERSIST_DEBOUNCE = 500
/** A streaming answer is shown (and saved) at most this often: each piece would be one event and one render. Not in SPEC. */
export const ASSISTANT_STREAM_DELIVERY_INTERVAL = 100
export const ASSISTANT_MAX_MESSAGES_PER_CHAT = 20

export const TOAST = {
  duration: 4000,
  maxVisible: 3,
  placement: 'bottom-end',
  gap: 14,
  width: 356,
  hotkey: ['altKey', 'KeyT'],
  closeButton: true,
} as const

/** Not in SPEC: how long typing in the files explorer's search pauses before the folder is searched on the server. */
export const STORAGE_SEARCH_DEBOUNCE = 300

/** Not in SPEC: how long typing must pause before a password is sent for scoring. */
export const PASSWORD_CHECK_DEBOUNCE = 300

/** Not in SPEC: how long typing pauses before a snippet autosaves (its draft is written at once). */
export const SNIPPET_AUTOSAVE_DEBOUNCE = 1 * SECOND
/** Not in SPEC: a failed snippet save is retried like a failed query, doubling from 1 s up to 30 s. */
export const SNIPPET_SAVE_RETRY = { baseDelay: RETRY.baseDelay, maxDelay: RETRY.maxDelay } as const
/** Not in SPEC: how long a deleted snippet can be brought back from the toast. */
export const SNIPPET_UNDO_DURATION = 8 * SECOND
/** Not in SPEC: a big SQL result arriving in parts (PG_META_ROW_PARTS) is shown as it grows: its first part at once, then at most this often. */
export const SQL_RESULT_PROGRESS_INTERVAL = 250
/** Not in SPEC: how long the embedded mock platform waits for its fresh service worker to take the page over (mock-platform/browser/index.ts). */
export const MOCK_WORKER_CONTROL_WAIT = 2 * SECOND
/**
 * Not in SPEC: the longest the page's first render waits for its screen's code (main.tsx). Past it
 * the page renders and shows its loading state while the code arrives (a slow network), instead of
 * staying blank.
 */
export const FIRST_SCREEN_CODE_WAIT = 500

/** A database webhook's timeout (the trigger's timeout_ms argument): the platform's form allows 1 to 10 s. */
export const WEBHOOK_TIMEOUT_MS = { min: 1000, max: 10_000, default: 5000 } as const
/** How often the webhooks screen reads the latest calls while open (a call is sent after its statement). */
export const WEBHOOK_CALLS_REFRESH_MS = 2000
/** Not in SPEC: how long a revealed vault secret stays on screen before it hides itself. */
export const SECRET_REVEAL_DURATION = 30 * SECOND

/**
 * The longest the dashboard holds a screen back while the layout banners' answers are awaited (a
 * banner arriving after the screen would push it down under the pointer). Not from SPEC. The answers
 * usually settle in ~300 ms; 1 s was too short on a busy two-core machine (a project page's database
 * starting beside them: the billing banner came after it, and moved the rail, on every try), so the
 * cap covers that. Past it the screen shows, and a banner may follow.
 */
export const LAYOUT_BANNERS_MAX_WAIT = 3 * SECOND
