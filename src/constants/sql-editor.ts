// The SQL editor's limits and names (SPEC §2 SQL editor; the history and tab limits are ours).

/** SQL editor row-limit choices; null is "no limit". */
export const SQL_ROW_LIMITS = [100, 500, 1000, null] as const
export const DEFAULT_SQL_ROW_LIMIT = 100
/** Runs the SQL editor keeps per project in its history, newest first; a statement longer than the text limit is kept cut, and cannot be put back. */
export const SQL_RUN_HISTORY_LIMIT = 100
export const SQL_RUN_HISTORY_TEXT_LIMIT = 100_000
/** Snippet tabs the SQL editor keeps open per project; opening one more closes the oldest. */
export const SQL_EDITOR_TAB_LIMIT = 12
/** Application name of manual SQL editor runs (PLATFORM-API §5). */
export const SQL_EDITOR_APPLICATION_NAME = 'supabase/dashboard-query-editor'
