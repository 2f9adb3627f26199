import { PLATFORM_SCHEMAS } from '../constants/advisors'

/**
 * A schema the platform manages (auth, storage, cron, net, vault, `studio_meta`, …) or Postgres's
 * own (`pg_*`, information_schema): its objects are read, not made, by the user — a table created
 * in `auth` would be the platform's to break. `extensions` is one too, yet where extensions go.
 */
export function isProtectedSchema(name: string): boolean {
  return (PLATFORM_SCHEMAS as readonly string[]).includes(name) || name.startsWith('pg_')
}

/** Schema names split for a picker: the user's first (`public` leading), then the protected ones, each alphabetical. */
export function schemasForPicker(names: Iterable<string>): { user: string[]; protected: string[] } {
  const unique = [...new Set(names)]
  const user = unique.filter((name) => !isProtectedSchema(name)).sort((a, b) => (a === 'public' ? -1 : b === 'public' ? 1 : a.localeCompare(b)))
  return { user, protected: unique.filter(isProtectedSchema).sort((a, b) => a.localeCompare(b)) }
}
