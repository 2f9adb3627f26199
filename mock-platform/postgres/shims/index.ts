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
import { PG_NET_SCRIPT, PG_NET_VERSION } from './pg-net.ts'

export interface ShimExtension {
  name: string
  version: string
  comment: string
  /** The schema the script makes: present means installed (the plain-SQL way has no pg_extension row). */
  schema: string
  script: string
}

export const PG_NET: ShimExtension = {
  name: 'pg_net',
  version: PG_NET_VERSION,
  comment: 'Async HTTP',
  schema: 'net',
  script: PG_NET_SCRIPT,
}

export const SHIM_EXTENSIONS: readonly ShimExtension[] = [PG_NET]

const EXTENSION_DIRECTORY = 'share/postgresql/extension'

/** The control file and script of every shim, for PGlite's file system. */
export function shimExtensionFiles(): ExtensionFile[] {
  const encoder = new TextEncoder()
  return SHIM_EXTENSIONS.flatMap(({ name, version, comment, script }) => [
    {
      path: `${EXTENSION_DIRECTORY}/${name}.control`,
      data: encoder.encode(`comment = '${comment.replaceAll("'", "''")}'\ndefault_version = '${version}'\nrelocatable = false\nsuperuser = true\n`),
    },
    { path: `${EXTENSION_DIRECTORY}/${name}--${version}.sql`, data: encoder.encode(script) },
  ])
}

/** SQLSTATEs of "this server has no such extension" (undefined_file before Postgres 16, feature_not_supported since). */
const NOT_AVAILABLE = new Set(['58P01', '0A000'])

/** Installs the shim as an extension where the database has its files, else as plain SQL; nothing when present. */
export async function installShim(db: ProjectDatabase, shim: ShimExtension): Promise<void> {
  try {
    await db.exec(`create extension if not exists ${sqlIdent(shim.name)} with schema ${sqlIdent(DEFAULT_EXTENSION_SCHEMA)};`)
  } catch (error) {
    if (!NOT_AVAILABLE.has(String((error as { code?: unknown }).code))) throw error
    const { rows } = await db.query('select to_regnamespace($1) is not null as present', [shim.schema])
    if (rows[0]?.['present'] !== true) await db.exec(shim.script)
  }
}
