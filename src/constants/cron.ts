// Cron jobs (SPEC §2 /project/{ref}/integrations/cron): pg_cron's own limits and names, and the
// screen's numbers. Data only.

/** pg_cron as the platform installs it: its control file fixes the schema (the jobs live in `cron`). */
export const CRON_EXTENSION = { name: 'pg_cron', schema: 'pg_catalog', jobsSchema: 'cron' } as const

/** pg_cron reads schedules in its `cron.timezone`, GMT unless changed; the screen says so beside each one. */
export const CRON_TIMEZONE = 'UTC'

/** pg_cron's second-level form, `N seconds`: from 1 to 59. */
export const CRON_SECONDS = { min: 1, max: 59 } as const

/** What a schedule's five fields are called, in order, and the values each takes (pg_cron's parser). */
export const CRON_FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const

/** The shorthands pg_cron accepts for a whole schedule (its `@reboot` is left out: these databases never restart). */
export const CRON_NICKNAMES = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'] as const

/** The statuses pg_cron writes to `cron.job_run_details`. */
export const CRON_RUN_STATUSES = ['starting', 'running', 'sending', 'connecting', 'succeeded', 'failed'] as const
export type CronRunStatus = (typeof CRON_RUN_STATUSES)[number]

/** A job's run history, a page at a time. */
export const CRON_RUNS_PAGE_SIZE = 30

/** The schedules offered with one click in the job form. */
export const CRON_SCHEDULE_PRESETS = [
  { label: 'Every 30 s', schedule: '30 seconds' },
  { label: 'Every minute', schedule: '* * * * *' },
  { label: 'Every 5 min', schedule: '*/5 * * * *' },
  { label: 'Hourly', schedule: '0 * * * *' },
  { label: 'Daily at 00:00', schedule: '0 0 * * *' },
  { label: 'Mondays at 09:00', schedule: '0 9 * * 1' },
  { label: 'Monthly on the 1st', schedule: '0 0 1 * *' },
] as const

/** How many coming runs the job form lists under the schedule. */
export const CRON_NEXT_RUNS_SHOWN = 3

/** The kinds of command the job form builds (the form is kept beside the job, never read back from its SQL). */
export const CRON_COMMAND_KINDS = [
  { id: 'sql', label: 'SQL snippet' },
  { id: 'function', label: 'Database function' },
  { id: 'http', label: 'HTTP request' },
  { id: 'edge-function', label: 'Edge function' },
] as const
export type CronCommandKind = (typeof CRON_COMMAND_KINDS)[number]['id']

/** The methods pg_net sends that a job may use (`net.http_get`, `net.http_post`). */
export const CRON_HTTP_METHODS = ['POST', 'GET'] as const
export type CronHttpMethod = (typeof CRON_HTTP_METHODS)[number]

/** How often the mock's scheduler looks for due jobs: pg_cron's finest schedule is one second. */
export const CRON_TICK_MS = 1000
/** How often the cron screen reads the jobs (their last run) and the shown history while open. */
export const CRON_JOBS_REFRESH_MS = 5000
export const CRON_RUNS_REFRESH_MS = 2000

/** The lock a browser tab holds while it is the one running a project's cron jobs (one leader per project). */
export const CRON_LEADER_LOCK = (ref: string) => `studio-cron-${ref}`
