// The logs screens' own numbers and words (SPEC §2 /project/{ref}/logs, §3 log sources, §9 retention).
// What the log store and its endpoint agree on lives in ./logs.ts; this is what only the screens use.

/** Live mode asks for events newer than the newest shown this often (not in SPEC). */
export const LOGS_LIVE_POLL_MS = 3000
/** Rows of a list's quick first read: a screenful and more, painted before the whole range arrives. */
export const LOG_FIRST_READ_ROWS = 500
/** Live mode reads up to this far past the device's now: the platform's clock may run ahead. */
export const LOGS_LIVE_CLOCK_SLACK_MS = 5 * 60_000
/** A request's events lie within moments of each other: its trace reads this far either side of the event opened. */
export const LOG_TRACE_WINDOW_MS = 2 * 60_000
/** Typing in the search box runs the query once typing pauses this long (not in SPEC). */
export const LOGS_SEARCH_DEBOUNCE_MS = 350
/** The histogram aims at about this many bars whatever the range (a bucket is a round interval). */
export const LOG_HISTOGRAM_TARGET_BUCKETS = 60
/** Round bucket sizes the histogram picks from, in seconds. */
export const LOG_HISTOGRAM_BUCKET_SECONDS = [1, 5, 10, 15, 30, 60, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400] as const

/** The status filter's groups: a group is every status code from `min` to `max`. */
export const LOG_STATUS_GROUPS = [
  { id: '2xx', label: '2xx success', min: 200, max: 299 },
  { id: '3xx', label: '3xx redirect', min: 300, max: 399 },
  { id: '4xx', label: '4xx client error', min: 400, max: 499 },
  { id: '5xx', label: '5xx server error', min: 500, max: 599 },
] as const
export type LogStatusGroup = (typeof LOG_STATUS_GROUPS)[number]['id']

/** The methods the method filter offers. */
export const LOG_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const

/** Postgres's own severities (postgres_logs.error_severity), mildest first. */
export const POSTGRES_SEVERITIES = ['DEBUG', 'LOG', 'INFO', 'NOTICE', 'WARNING', 'ERROR', 'FATAL', 'PANIC'] as const

/** Saved queries a project keeps, and recent runs remembered (local storage; the oldest recent run goes first). */
export const LOGS_SAVED_QUERY_LIMIT = 100
export const LOGS_RECENT_QUERY_LIMIT = 20
/** A saved query's name, and any stored query text, at most (longer stored values are discarded). */
export const LOGS_QUERY_NAME_MAX = 120
export const LOGS_QUERY_TEXT_MAX = 100_000

/** The unified view's facets: one counted list each (the date is the timeline and the range picker). */
export const UNIFIED_LOG_FACETS = ['source', 'level', 'method', 'status', 'path', 'host', 'user'] as const
export type UnifiedLogFacet = (typeof UNIFIED_LOG_FACETS)[number]
/** Values listed per facet, most frequent first. */
export const UNIFIED_FACET_VALUE_LIMIT = 8
/** SPEC §5: unified logs are for the Team plan or above. */
export const UNIFIED_LOGS_PLANS = ['team', 'enterprise'] as const

export const LOGS_UI_MESSAGE = {
  empty: 'No events in this range',
  emptyHint: 'Widen the time range or clear the search and filters.',
  unifiedPlan: 'The new Logs interface is available on the Team plan and above',
  unifiedPlanHint: (plan: string) => `Your organization is on the ${plan} plan. Upgrade it to see every service in one timeline, with facets and request traces.`,
  upgrade: 'Upgrade the plan',
  truncated: (limit: number) => `Showing the newest ${limit.toLocaleString('en-US')} events of this range: narrow it to see older ones.`,
  refusedTitle: 'The logs could not be read',
  savedQueryTaken: (name: string) => `A saved query is already called ${name}`,
} as const
