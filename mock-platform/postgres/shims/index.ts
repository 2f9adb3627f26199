/**
 * Extensions PGlite cannot run (no background workers, no C code of theirs), given as SQL with the
 * real extension's names (DESIGN.md "Shims and workers"). In PGlite each is a real, SQL-only
 * extension: its control file and script are written beside the contrib ones, so CREATE EXTENSION,
 * `pg_extension` and the extensions screen all see it. A real server (DATABASE_URL) has no such
 * files: there the script runs as plain SQL into the same schemas.
 */
import { DEFAULT_EXTENSION_SCHEMA } from '../../../src/constants/extensions.ts'
import { sqlIdent } from '../../../src/lib/sql/quote.ts'
import type { ExtensionFile } from '../contrib-extensions.ts'
import type { ProjectDatabase } from '../types.ts'
import { PG_CRON_SCRIPT, PG_CRON_VERSION } from './pg-cron.ts'
import { PG_NET_SCRIPT, PG_NET_VERSION } from './pg-net.ts'
import { SUPABASE_VAULT_SCRIPT, SUPABASE_VAULT_VERSION } from './supabase-vault.ts'

export interface ShimExtension {
  name: string
  version: string
  comment: string
  /** The schema the script makes: present means installed (the plain-SQL way has no pg_extension row). */
  schema: string
  script: string
  /** Extensions it needs first (its script names their schema as `@extschema:<name>@`). */
  requires?: readonly string[]
  /** The one schema its control file allows (pg_cron's `pg_catalog`); otherwise it goes in `extensions`. */
  fixedSchema?: string
}

export const PG_NET: ShimExtension = {
  name: 'pg_net',
  version: PG_NET_VERSION,
  comment: 'Async HTTP',
  schema: 'net',
  script: PG_NET_SCRIPT,
}

export const SUPABASE_VAULT: ShimExtension = {
  name: 'supabase_vault',
  version: SUPABASE_VAULT_VERSION,
  comment: 'Supabase Vault Extension',
  schema: 'vault',
  script: SUPABASE_VAULT_SCRIPT,
  requires: ['pgcrypto'],
}

export const PG_CRON: ShimExtension = {
  name: 'pg_cron',
  version: PG_CRON_VERSION,
  comment: 'Job scheduler for PostgreSQL',
  schema: 'cron',
  script: PG_CRON_SCRIPT,
  fixedSchema: 'pg_catalog',
}

export const SHIM_EXTENSIONS: readonly ShimExtension[] = [PG_NET, SUPABASE_VAULT, PG_CRON]

const EXTENSION_DIRECTORY = 'share/postgresql/extension'

/** The control file and script of every shim, for PGlite's file system. */
export function shimExtensionFiles(): ExtensionFile[] {
  const encoder = new TextEncoder()
  return SHIM_EXTENSIONS.flatMap(({ name, version, comment, script, requires = [], fixedSchema }) => [
    {
      path: `${EXTENSION_DIRECTORY}/${name}.control`,
      data: encoder.encode(
        `comment = '${comment.replaceAll("'", "''")}'\ndefault_version = '${version}'\nrelocatable = false\nsuperuser = true\n${requires.length ? `requires = '${requires.join(', ')}'\n` : ''}${fixedSchema ? `schema = ${fixedSchema}\n` : ''}`,
      ),
    },
    { path: `${EXTENSION_DIRECTORY}/${name}--${version}.sql`, data: encoder.encode(script) },
  ])
}

/** SQLSTATEs of "this server has no such extension" (undefined_file before Postgres 16, feature_not_supported since). */
const NOT_AVAILABLE = new Set(['58P01', '0A000'])

export function isExtensionNotAvailable(error: unknown): boolean {
  return NOT_AVAILABLE.has(String((error as { code?: unknown } | null)?.code))
}

/** The SQL that installs the shim: as an extension where the database has its files (CASCADE brings what it requires). */
export function installShimSql(shim: ShimExtension): string {
  return `create extension if not exists ${sqlIdent(shim.name)} with schema ${sqlIdent(shim.fixedSchema ?? DEFAULT_EXTENSION_SCHEMA)} cascade;`
}

/** Installs the shim as an extension where the database has its files, else as plain SQL; nothing when present. */
export async function installShim(db: ProjectDatabase, shim: ShimExtension): Promise<void> {
  try {
    await db.exec(installShimSql(shim))
  } catch (error) {
    if (!isExtensionNotAvailable(error)) throw error
    const { rows } = await db.query('select to_regnamespace($1) is not null as present', [shim.schema])
    if (rows[0]?.['present'] === true) return
    await db.exec(await withRequiredSchemas(db, shim))
  }
}

/** The script with `@extschema:<name>@` filled in, each required extension made first (what Postgres does for an extension script). */
async function withRequiredSchemas(db: ProjectDatabase, shim: ShimExtension): Promise<string> {
  let script = shim.script
  for (const required of shim.requires ?? []) {
    await db.exec(`create extension if not exists ${sqlIdent(required)} with schema ${sqlIdent(DEFAULT_EXTENSION_SCHEMA)};`)
    const { rows } = await db.query('select n.nspname as schema from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = $1', [required])
    script = script.replaceAll(`@extschema:${required}@`, sqlIdent(String(rows[0]?.['schema'])))
  }
  return script
}
