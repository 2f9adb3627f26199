/**
 * The project's applied migrations, as the platform's CLI records them
 * (`supabase_migrations.schema_migrations`: version, name, statements). A project whose migrations
 * were never pushed has no such table: `migrationsTableSql` says whether it is there, so the read of
 * the rows is only sent when it can parse.
 */
export const MIGRATIONS_TABLE = 'supabase_migrations.schema_migrations'

export const migrationsTableSql = `select to_regclass('${MIGRATIONS_TABLE}') is not null as enabled;`

export const migrationsSql = `select coalesce(json_agg(m order by m.version desc), '[]') as migrations from (
  select version::text as version, name::text as name, coalesce(to_json(statements), '[]') as statements
    from ${MIGRATIONS_TABLE}
) m`

/** A migration's version as the CLI writes it (YYYYMMDDHHMMSS, UTC) as a date and time, or null when it is not one. */
export function migrationDate(version: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version)
  if (!match) return null
  const [, y, mo, d, h, mi, s] = match
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`)
  return Number.isNaN(date.getTime()) ? null : `${y}-${mo}-${d} ${h}:${mi}:${s} UTC`
}
