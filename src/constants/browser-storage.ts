// Every key the dashboard and the mock platform keep in browser storage, in one place: the
// reliability matrix and the e2e specs read the same names the code writes. Not in SPEC (key
// strings are product-specific). The table editor's per-table column layout key stays beside its
// reader (src/features/table-editor/column-layout.ts).

/** The signed-in session (local storage): what the bearer token of every call comes from. */
export const SESSION_STORAGE_KEY = 'studio.auth.session'
/** The theme preference (local storage). */
export const THEME_STORAGE_KEY = 'studio.theme'
/** The consent decision (local storage), 'true' (accepted) or 'false' (denied). */
export const CONSENT_STORAGE_KEY = 'studio.telemetry-consent'
/** The id of the outage notice this browser dismissed (local storage). */
export const OUTAGE_NOTICE_ACK_STORAGE_KEY = 'studio.outage-notice-acknowledged'
/** Where a project's assistant chats live (local storage). */
export const ASSISTANT_STORAGE_KEY = (projectRef: string) => `studio.ai-assistant.${projectRef}`
/** The older copy (one key per project, un-prefixed) migrated once and then removed. */
export const ASSISTANT_LEGACY_STORAGE_KEY = (projectRef: string) => `ai-assistant-state-${projectRef}`
/** The pending OAuth state token (local storage), read back by the popup's callback page. */
export const OAUTH_STATE_STORAGE_KEY = 'studio.code-hosting.oauth-state'
/** SPEC §2 dashboard history: per project ref, the last table-editor item and SQL snippet (local storage). */
export const DASHBOARD_HISTORY_KEY = 'studio.dashboard-history'
/** Whether the project rail shows its labels (local storage). */
export const PROJECT_RAIL_KEY = 'studio.project-rail'
/** The organization last visited (local storage). */
export const LAST_ORGANIZATION_KEY = 'studio.last-visited-organization'
/** A SQL snippet's local copy until the server confirms it: this prefix, the project ref and the snippet's id (local storage). */
export const DRAFT_KEY_PREFIX = 'studio.sql-draft.'
/** The mock platform's fault for this tab (session storage, plain text). */
export const SCENARIO_STORAGE_KEY = 'studio.mock.scenario'
/** This tab's id for the machine inspector (session storage, plain text). */
export const INSPECTOR_TAB_ID_KEY = 'studio.inspector.tab'

/** Where the mock platform (which plays the server in the page) keeps its records in local storage. */
export const MOCK_PLATFORM_STORAGE_PREFIX = 'studio.mock-platform.'
/** The mock platform's snippets and folders, one world each. */
export const MOCK_CONTENT_STORAGE_KEY = (selfHosted: boolean) => `${MOCK_PLATFORM_STORAGE_PREFIX}content.${selfHosted ? 'self-hosted' : 'platform'}`
/** The mock platform's accounts and organizations created at run time. */
export const MOCK_ACCOUNTS_STORAGE_KEY = `${MOCK_PLATFORM_STORAGE_PREFIX}accounts`
/** The mock platform's changes to organizations: names, deletions, members' roles, invitations. */
export const MOCK_ORGANIZATIONS_STORAGE_KEY = `${MOCK_PLATFORM_STORAGE_PREFIX}organizations`
/** The mock platform's audit log of the organizations' writes, as the page keeps it (newest kept up to a limit). */
export const MOCK_AUDIT_STORAGE_KEY = `${MOCK_PLATFORM_STORAGE_PREFIX}audit`
/** The mock auth service's sessions and their rotating refresh tokens (shared by the tabs' platforms). */
export const MOCK_AUTH_SESSIONS_STORAGE_KEY = `${MOCK_PLATFORM_STORAGE_PREFIX}auth-sessions`
/** The mock platform's billing addresses and tax IDs the user saved. */
export const MOCK_BILLING_ACCOUNT_STORAGE_KEY = `${MOCK_PLATFORM_STORAGE_PREFIX}billing-account`
/** The mock platform's code-hosting connections and app installations. */
export const MOCK_CODE_HOSTING_STORAGE_KEY = `${MOCK_PLATFORM_STORAGE_PREFIX}code-hosting`
/** The mock platform's advisor rules (disabled lints, dismissed findings) and each project's exposed API schemas. */
export const MOCK_ADVISORS_STORAGE_KEY = `${MOCK_PLATFORM_STORAGE_PREFIX}advisors`
/** The mock platform's storage settings per project (the global upload size limit). */
export const MOCK_STORAGE_CONFIG_STORAGE_KEY = `${MOCK_PLATFORM_STORAGE_PREFIX}storage-config`
/** The GraphQL explorer's runs of a project, newest first (local storage): this prefix and the project ref. */
export const GRAPHQL_HISTORY_KEY_PREFIX = 'studio.graphiql-history.'
/** A project's saved logs queries (local storage): this prefix and the project ref. */
export const LOGS_SAVED_QUERIES_KEY_PREFIX = 'studio.logs-saved-queries.'
/** A project's recent logs queries, newest first (local storage): this prefix and the project ref. */
export const LOGS_RECENT_QUERIES_KEY_PREFIX = 'studio.logs-recent-queries.'
/** The storage files explorer's layout, columns or list (local storage). */
export const STORAGE_EXPLORER_VIEW_KEY = 'studio.storage-explorer-view'
/** The SQL editor's split between the editor and its results, per signed-in user: this prefix and the user's id (local storage). */
export const SQL_EDITOR_SPLIT_KEY_PREFIX = 'studio.sql-editor-split.'
/** The SQL editor's past runs of a project, newest first (local storage): this prefix and the project ref. */
export const SQL_RUN_HISTORY_KEY_PREFIX = 'studio.sql-run-history.'
/** The SQL editor's open snippet tabs of a project, in order (local storage): this prefix and the project ref. */
export const SQL_EDITOR_TABS_KEY_PREFIX = 'studio.sql-editor-tabs.'
/** The schema diagram's table positions a user dragged, per schema, of a project (local storage): this prefix and the project ref. */
export const SCHEMA_DIAGRAM_KEY_PREFIX = 'studio.schema-diagram.'
/** The users a project's policy editor measures a policy's effect for (local storage): this prefix and the project ref. */
export const POLICY_EFFECT_VIEWERS_KEY_PREFIX = 'studio.policy-effect-viewers.'
/** Who the SQL editor and the table editor run a project's SQL as (session storage): this prefix and the project ref. */
export const RUN_AS_KEY_PREFIX = 'studio.run-as.'
