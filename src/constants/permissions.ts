/**
 * Resource names of the permission checks the server makes too (SPEC §6 leaves the names "not
 * shown"): the dashboard's courtesy check and the mock platform's own use the same one.
 */
export const PERMISSION_RESOURCES = {
  projects: 'projects',
  pauseProject: 'queue_jobs.projects.pause',
  restoreProject: 'queue_jobs.projects.initialize_or_resume',
  /** Restarting a project's database and services, the platform's name for it. */
  restartProject: 'reboot',
  githubConnections: 'integrations.github_connections',
  /** Any SQL on the project's database (pg-meta): without tenant SQL admin write on it, SQL runs read-only. */
  sql: 'sql',
  advisors: 'advisors',
  triggers: 'triggers',
  /** Buckets, objects and uploads; the storage settings are its admin variant. */
  storage: 'storage',
  /** Which schemas the project's API exposes (PostgREST's `db_schema`), the platform's name for it. */
  postgrestConfig: 'custom_config_postgrest',
  /** Snippets and reports members save, the platform's name for them: sharing one needs its creation. */
  userContent: 'user_content',
} as const
