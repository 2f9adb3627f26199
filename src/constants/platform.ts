// Entities and enumerations of SPEC.md §2, §3 and §9.
export const DEFAULT_RETURN_PATH = '/organizations'
export const DEFAULT_API_BASE = '/api'

export const PROJECT_STATUSES = [
  'INACTIVE',
  'ACTIVE_HEALTHY',
  'ACTIVE_UNHEALTHY',
  'COMING_UP',
  'UNKNOWN',
  'GOING_DOWN',
  'INIT_FAILED',
  'REMOVED',
  'RESTARTING',
  'RESTORING',
  'RESTORE_FAILED',
  'UPGRADING',
  'PAUSING',
  'PAUSE_FAILED',
  'RESIZING',
] as const
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]
/** Statuses while which the project detail is polled (SPEC §4). */
export const POLLING_PROJECT_STATUSES: readonly ProjectStatus[] = ['COMING_UP', 'UNKNOWN']

// The labels people read (the API takes the id): SPEC §3 fixes AWS_K8S's and AWS_NIMBUS's; Fly is named as it names itself.
export const CLOUD_PROVIDERS = [
  { id: 'AWS', label: 'AWS' },
  { id: 'AWS_K8S', label: 'AWS (Revamped)' },
  { id: 'FLY', label: 'Fly.io' },
  { id: 'AWS_NIMBUS', label: 'AWS (Nimbus)' },
] as const
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number]['id']
export const CLOUD_PROVIDER_IDS = CLOUD_PROVIDERS.map((p) => p.id) as [CloudProvider, ...CloudProvider[]]

export const PLAN_IDS = ['free', 'pro', 'team', 'enterprise'] as const
export type PlanId = (typeof PLAN_IDS)[number]

export const RESTRICTION_STATUSES = ['grace_period', 'grace_period_over', 'restricted'] as const
export type RestrictionStatus = (typeof RESTRICTION_STATUSES)[number]

export const BILLING_PARTNERS = ['vercel_marketplace', 'aws_marketplace'] as const

export const REGIONS = [
  { code: 'us-west-1', name: 'West US (North California)', group: 'Americas' },
  { code: 'us-east-1', name: 'East US (North Virginia)', group: 'Americas' },
  { code: 'us-east-2', name: 'East US (Ohio)', group: 'Americas' },
  { code: 'ca-central-1', name: 'Canada (Central)', group: 'Americas' },
  { code: 'sa-east-1', name: 'South America (São Paulo)', group: 'Americas' },
  { code: 'eu-west-1', name: 'West EU (Ireland)', group: 'Europe' },
  { code: 'eu-west-2', name: 'West Europe (London)', group: 'Europe' },
  { code: 'eu-west-3', name: 'West EU (Paris)', group: 'Europe' },
  { code: 'eu-central-1', name: 'Central EU (Frankfurt)', group: 'Europe' },
  { code: 'eu-central-2', name: 'Central Europe (Zurich)', group: 'Europe' },
  { code: 'eu-north-1', name: 'North EU (Stockholm)', group: 'Europe' },
  { code: 'ap-south-1', name: 'South Asia (Mumbai)', group: 'APAC' },
  { code: 'ap-southeast-1', name: 'Southeast Asia (Singapore)', group: 'APAC' },
  { code: 'ap-northeast-1', name: 'Northeast Asia (Tokyo)', group: 'APAC' },
  { code: 'ap-northeast-2', name: 'Northeast Asia (Seoul)', group: 'APAC' },
  { code: 'ap-southeast-2', name: 'Oceania (Sydney)', group: 'APAC' },
  { code: 'sin', name: 'Singapore', group: 'APAC' },
] as const
export type RegionCode = (typeof REGIONS)[number]['code']

/**
 * Where the mock platform marks a project database as seeded. It is the platform's bookkeeping, not
 * the user's data, so no list of the user's schemas, tables or columns shows it.
 */
export const SEED_MARKER_SCHEMA = 'studio_meta'

/** Realtime listens through this publication (every project database has it, empty at first): a table in it sends its changes to subscribers. */
export const REALTIME_PUBLICATION = 'supabase_realtime'

/**
 * Schemas the platform makes and looks after in every project (its API roles' helpers, storage,
 * extensions and the integrations' shims). They are real and the user may read them (the table
 * editor lists them), but they are not the user's own tables: the assistant's table list and its
 * guesses at a misspelt name leave them out.
 */
export const PLATFORM_MANAGED_SCHEMAS = [
  'auth',
  'storage',
  'extensions',
  'vault',
  'cron',
  'net',
  'supabase_functions',
  'graphql',
  'graphql_public',
  'realtime',
] as const

/**
 * Where `npm run serve` keeps the platform's records, in DATABASE_URL's database. Served
 * self-hosted, that database is the user's project database too: the schema is Studio's
 * bookkeeping, not the user's data, so no list of the user's schemas shows it either.
 */
export const PLATFORM_RECORDS_SCHEMA = 'studio_platform'

/** Schemas no user-facing list shows (table editor, SQL completion, the assistant's catalog). */
export const EXCLUDED_SCHEMAS = ['information_schema', 'pg_catalog', 'pg_toast', SEED_MARKER_SCHEMA, PLATFORM_RECORDS_SCHEMA] as const

/**
 * The mock platform's echo endpoint: answers any method with what it received (method, path, query,
 * headers, body) as JSON, with the status asked for in `?status=`. Webhooks and pg_net calls made in
 * the mock go here (or to localhost), never to the internet.
 */
export const MOCK_ECHO_PATH = '/mock/echo'

/**
 * The mock platform's stand-ins for other services, each letting anyone in or through without a
 * password: the code-hosting provider (pick any of its accounts, sign in as its user) and the
 * webhook echo. On in the embedded mock; served, only those STUDIO_MOCK_PROVIDERS names.
 */
export const MOCK_PROVIDERS = ['code-hosting', 'webhook-echo'] as const
export type MockProvider = (typeof MOCK_PROVIDERS)[number]

/** Postgres keeps identifiers to NAMEDATALEN - 1 bytes of UTF-8 and silently cuts longer ones. */
export const POSTGRES_IDENTIFIER_MAX_BYTES = 63

export const THEMES = ['dark', 'light', 'classic-dark', 'system'] as const
export type ThemePreference = (typeof THEMES)[number]
export const DEFAULT_THEME: ThemePreference = 'system'

/** Headers of pg-meta requests (SPEC §7, PLATFORM-API §5). */
export const PG_META_HEADERS = {
  connection: 'x-connection-encrypted',
  applicationName: 'x-pg-application-name',
} as const
export const PG_META_APPLICATION_NAME = 'studio-dashboard'

/**
 * The `Server-Timing` metrics (milliseconds) on a pg-meta `/query` answer: the statement's own run
 * on the database, and, on an answer that had to wait for the project's database to start, how
 * long that start took. Kept apart so a cold start is never reported as the statement's time.
 */
export const PG_META_TIMING = {
  header: 'server-timing',
  execution: 'exec',
  startup: 'startup',
  /** Of `exec`: the calls to the database (its worker, in the browser), then decoding their answers. */
  database: 'db',
  decode: 'decode',
  /** The rows written as the JSON body. */
  serialize: 'json',
} as const
/**
 * A big pg-meta `/query` answer in parts, for a client that accepts them (the SQL editor): JSON
 * lines, each a batch of rows in columns (`{"rowCount": N, "columns": [names], "values": [[a
 * column's values], …]}`, src/lib/row-columns.ts), so the first rows paint before the last are even
 * read from the database. The first batch is small (painted at once), the rest no larger than
 * `batchRows` (fewer parses and renders). An answer of at most one first batch stays the platform's
 * plain JSON array of row objects. What is known only at the end comes last, as one object line:
 * `{"end": {"rowCount": N, "serverTiming": "…"}}` (a client tells a whole answer from one cut short
 * by it), or `{"error": {…pg-meta's error body}, "status": 400}` when the statement failed after
 * its first rows.
 */
export const PG_META_ROW_PARTS = {
  contentType: 'application/jsonl',
  firstBatchRows: 1_000,
  batchRows: 50_000,
} as const
/** The global that turns on the request path's performance marks (src/lib/path-marks.ts): set only by `npm run bench`. */
export const PATH_MARKS_FLAG = '__studioPathMarks'
/** The mock platform's note on a pg-meta answer: the foreign tables (schema.name, comma-separated) it answered with sample rows. */
export const SAMPLE_ROWS_HEADER = 'x-studio-sample-rows'

export const SUPPORT_CATEGORIES = [
  'Problem',
  'Dashboard_bug',
  'Database_unresponsive',
  'Performance',
  'Sales',
  'Billing',
  'Refund',
  'Abuse',
  'Login_issues',
  'Account_deletion',
] as const
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number]

/** Readable names and one-line hints of the support categories (SPEC §3 gives only the values). */
export const SUPPORT_CATEGORY_LABELS = {
  Problem: { label: 'Problem', hint: 'Something in your project, its APIs or client libraries does not work as expected.' },
  Dashboard_bug: { label: 'Dashboard bug', hint: 'The dashboard itself crashed or behaved wrongly.' },
  Database_unresponsive: { label: 'Database unresponsive', hint: 'Your database does not answer or refuses connections.' },
  Performance: { label: 'Performance', hint: 'Queries, APIs or the dashboard are slower than they should be.' },
  Sales: { label: 'Sales enquiry', hint: 'Plans, pricing, enterprise contracts.' },
  Billing: { label: 'Billing', hint: 'Invoices, payment methods, charges.' },
  Refund: { label: 'Refund', hint: 'Ask for a refund of a charge.' },
  Abuse: { label: 'Abuse report', hint: 'Report a project used for spam, phishing or other abuse.' },
  Login_issues: { label: 'Login issues', hint: 'You or your users cannot sign in.' },
  Account_deletion: { label: 'Account deletion', hint: 'Delete your account and its data.' },
} as const satisfies Record<SupportCategory, { label: string; hint: string }>

/** How urgent a support request is; the platform's values, Low by default. */
export const SUPPORT_SEVERITIES = ['Low', 'Normal', 'High', 'Urgent'] as const
export type SupportSeverity = (typeof SUPPORT_SEVERITIES)[number]
export const DEFAULT_SUPPORT_SEVERITY: SupportSeverity = 'Low'
export const SUPPORT_SEVERITY_HINTS = {
  Low: 'General guidance or a question',
  Normal: 'Something is not working, with a workaround',
  High: 'A production feature is broken',
  Urgent: 'Production is down',
} as const satisfies Record<SupportSeverity, string>

/** Sizes of a support request. The message maximum leaves room for a prefilled stack trace. */
export const SUPPORT_TICKET_LIMITS = {
  subjectMax: 150,
  messageMin: 10,
  messageMax: 10_000,
  /** Organization slugs, project refs and error-report ids. */
  idMax: 64,
} as const

export const DEMO_CREDENTIALS = {
  email: 'demo@example.com',
  password: 'studio-demo-password',
} as const

export const MOCK_SCENARIOS = [
  'profile-unauthorized',
  'profile-not-found',
  'profile-create-conflict',
  'profile-create-failure',
  'rate-limited',
  'server-error',
  'network-error',
  'slow',
  'clock-skew',
  'incident',
  'past-outage',
  'consent-unavailable',
] as const
export type MockScenario = (typeof MOCK_SCENARIOS)[number]
export function isMockScenario(value: unknown): value is MockScenario {
  return typeof value === 'string' && (MOCK_SCENARIOS as readonly string[]).includes(value)
}

/** Geographic groups and the region each defaults to (SPEC §9). */
export const REGION_GROUPS = [
  { id: 'Americas', defaultRegion: 'us-east-1' },
  { id: 'Europe', defaultRegion: 'eu-central-1' },
  { id: 'APAC', defaultRegion: 'ap-southeast-1' },
] as const satisfies readonly { id: (typeof REGIONS)[number]['group']; defaultRegion: RegionCode }[]

/** Where each region's data centres are (its city; latitude, longitude in degrees), for the nearest region. */
export const REGION_COORDINATES = {
  'us-west-1': [37.77, -122.42],
  'us-east-1': [38.13, -78.45],
  'us-east-2': [39.96, -83.0],
  'ca-central-1': [45.5, -73.57],
  'sa-east-1': [-23.55, -46.63],
  'eu-west-1': [53.35, -6.26],
  'eu-west-2': [51.51, -0.13],
  'eu-west-3': [48.86, 2.35],
  'eu-central-1': [50.11, 8.68],
  'eu-central-2': [47.37, 8.54],
  'eu-north-1': [59.33, 18.07],
  'ap-south-1': [19.08, 72.88],
  'ap-southeast-1': [1.35, 103.82],
  'ap-northeast-1': [35.68, 139.69],
  'ap-northeast-2': [37.57, 126.98],
  'ap-southeast-2': [-33.87, 151.21],
  sin: [1.35, 103.82],
} as const satisfies Record<RegionCode, readonly [number, number]>

/** SPEC §9: the Earth's radius for great-circle distances. */
export const EARTH_RADIUS_KM = 6371

/** Default region: Southeast Asia outside production, East US 2 in production (SPEC §9). */
export const DEFAULT_REGION = { production: 'us-east-2', other: 'ap-southeast-1' } as const satisfies Record<string, RegionCode>

/** The two smallest compute sizes and their figures (SPEC §9). */
export const COMPUTE_SIZES = [
  {
    id: 'nano',
    label: 'Nano',
    memoryGb: 0.5,
    cpu: 'Shared CPU',
    dedicatedCpu: false,
    baselineDiskIoMbps: 43,
    maxDiskIoMbps: 2085,
    directConnections: 30,
    poolerConnections: 200,
  },
  {
    id: 'micro',
    label: 'Micro',
    memoryGb: 1,
    cpu: '2-core CPU',
    dedicatedCpu: false,
    baselineDiskIoMbps: 87,
    maxDiskIoMbps: 2085,
    directConnections: 60,
    poolerConnections: 200,
  },
] as const
export type ComputeSizeId = (typeof COMPUTE_SIZES)[number]['id']
export const COMPUTE_SIZE_IDS = COMPUTE_SIZES.map((c) => c.id) as [ComputeSizeId, ...ComputeSizeId[]]

/** Plan limits used by the dashboard (SPEC §9). */
export const PLAN_LIMITS = {
  free: { activeProjects: 2 },
} as const
/**
 * Statuses that do not count as an active project for the Free plan's limit and show no usage:
 * paused or removed, and those on their way there (pausing, going down).
 */
export const INACTIVE_PROJECT_STATUSES: readonly ProjectStatus[] = ['INACTIVE', 'REMOVED', 'PAUSING', 'GOING_DOWN']

/** Database password rules (SPEC §5). */
export const PASSWORD_RULES = {
  maxLength: 99,
  requiredScore: 4,
  /** Bar width in % by score 0–4. */
  barWidths: [10, 30, 50, 80, 100],
  /** Bar colour by score 0–4. */
  barTones: ['danger', 'danger', 'warning', 'warning', 'success'],
} as const

/**
 * Features that the disabled-features setting (self-hosted, comma-separated) or the profile's
 * `disabled_features` can turn off. Names follow the platform's `area:feature` style.
 */
export const DASHBOARD_FEATURES = {
  'project_creation:all': 'Creating projects',
  'project_homepage:show_connection_string': 'The connection string on the project home',
  'theme:switch': 'The theme menu',
  'billing:all': 'Billing warning banners',
} as const
export type DashboardFeature = keyof typeof DASHBOARD_FEATURES

/** Self-hosted has one organization and one project (SPEC §2 /project/default). */
export const SELF_HOSTED = {
  organizationSlug: 'default-org-slug',
  organizationName: 'Default Organization',
  projectRef: 'default',
  projectName: 'Default Project',
} as const

/** Table editor (issue 5): above this many rows the count is the planner's estimate until asked for. */
export const EXACT_COUNT_ROW_LIMIT = 50_000
/** Chromium lays nothing out past 2^25 px (GRID-BENCH.md); the grid's scroll space stays at half of it. */
export const MAX_GRID_SCROLL_HEIGHT = 2 ** 24
/** Not in SPEC (key strings are product-specific): how the user arranged a table's columns (order, widths, hidden). */
export const TABLE_LAYOUT_STORAGE_KEY = (projectRef: string, tableId: number) => `studio.table-layout.${projectRef}.${tableId}`
/**
 * Not in SPEC (key strings are product-specific): a table editor change (cell edit, inserted row,
 * deleted rows) not yet confirmed by the database, kept in local storage until it is, one key per change.
 */
export const TABLE_EDIT_KEY_PREFIX = 'studio.table-edit.'
export const TABLE_EDIT_STORAGE_KEY = (projectRef: string, tableId: number, editId: string) => `${TABLE_EDIT_KEY_PREFIX}${projectRef}.${tableId}.${editId}`
/**
 * A change another tab is saving and has not confirmed after this long is taken as interrupted (that
 * tab was closed or crashed before the database answered) and offered for Retry or Discard here.
 */
export const TABLE_EDIT_UNCONFIRMED_AFTER_MS = 60_000

/** The assistant endpoint (PLATFORM-API §13), under the API base. */
export const ASSISTANT_GENERATE_PATH = '/ai/sql/generate-v4'
/** Rows of a result the assistant keeps with a message (the chat is saved in browser storage). */
export const ASSISTANT_RESULT_ROW_LIMIT = 50
/** Not in SPEC: the model named to a chat-completions service when VITE_AI_MODEL is not set. */
export const DEFAULT_AI_MODEL = 'gpt-4o-mini'

/** The anonymous telemetry id cookie set on accept; deny all deletes it (SPEC §4). */
export const TELEMETRY_COOKIE = 'studio_telemetry_id'
/** PLATFORM-API §12. */
export const TELEMETRY_EVENT_PATH = '/platform/telemetry/event'
/** Not in SPEC (path not shown, §7): the consent categories of the privacy settings dialog, beside the other telemetry routes. */
export const CONSENT_CATEGORIES_PATH = '/platform/telemetry/consent-categories'
/** The consent toast's 'Learn more' link. */
export const PRIVACY_POLICY_URL = 'https://supabase.com/privacy'
/** SPEC §9: below this width (px) the consent toast spans the whole width. */
export const CONSENT_MOBILE_BREAKPOINT = 639

/** Studio-local route (like /get-utc-time): ongoing incidents from the status page and a past-outage notice. */
export const INCIDENT_STATUS_PATH = '/incident-status'
/** The public status page, linked when an incident carries no link of its own. */
export const STATUS_PAGE_URL = 'https://status.supabase.com'

/** SPEC §2: the command menu opens on ⌘/Ctrl plus this key unless VITE_COMMAND_MENU_KEY says otherwise. */
export const COMMAND_MENU_DEFAULT_KEY = 'k'

/** The element `npm run serve` puts in index.html to tell a build at run time where its platform is. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'studio-runtime-config'
/** The mock platform's service worker (public/studio-mock-worker.js: msw's worker behind a filter that leaves the app's files to the network). */
export const MOCK_SERVICE_WORKER_SCRIPT = 'studio-mock-worker.js'
/** The scripts a served app unregisters, left by an embedded visit: the mock's worker, and msw's own that builds before it registered. */
export const MOCK_SERVICE_WORKER_SCRIPTS = [MOCK_SERVICE_WORKER_SCRIPT, 'mockServiceWorker.js'] as const

/** The served platform's answer when a change was made but could not be written to its PostgreSQL store. */
export const RECORD_NOT_STORED_MESSAGE = 'The change could not be saved to the platform database. Try again.'
