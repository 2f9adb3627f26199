/**
 * A real server (DATABASE_URL) has no files for the shims, so the `create extension pg_cron` that
 * the extensions screen and the cron screen send through pg-meta is refused there. The mock then
 * does what `installShim` does for the platform's own endpoints: it runs the shim's script as plain
 * SQL. Only a text that is exactly such a statement (after any `create schema if not exists` the
 * extensions screen puts first) is answered so; anything else keeps the database's refusal.
 */
import { splitStatements } from '../../../src/lib/sql/statements.ts'
import type { ProjectDatabase } from '../types.ts'
import { installShim, SHIM_EXTENSIONS, type ShimExtension } from './index.ts'

export { isExtensionNotAvailable } from './index.ts'

const CREATE_SCHEMA = /^create\s+schema\s+if\s+not\s+exists\s+("(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)$/i
const CREATE_EXTENSION = /^create\s+extension\s+(?:if\s+not\s+exists\s+)?(?:"([^"]+)"|([a-z_][a-z0-9_]*))(?:\s+with)?(?:\s+schema\s+(?:"(?:[^"]|"")+"|[a-z_][a-z0-9_$]*))?(?:\s+version\s+'[^']*')?(?:\s+cascade)?$/i

/** The shim a text creates, with the schemas it makes first; null when the text is anything else. */
export function shimCreatedBy(sql: string): { shim: ShimExtension; schemas: string[] } | null {
  const statements = splitStatements(sql).map((statement) => statement.text.replace(/\s+/g, ' ').trim())
  const last = statements.pop()
  const match = last === undefined ? null : CREATE_EXTENSION.exec(last)
  if (!match || !statements.every((statement) => CREATE_SCHEMA.test(statement))) return null
  const name = match[1] ?? match[2]!.toLowerCase()
  const shim = SHIM_EXTENSIONS.find((candidate) => candidate.name === name)
  return shim ? { shim, schemas: statements } : null
}

/** Installs the shim the refused text asked for, as plain SQL; false when the text was not such a request. */
export async function installRefusedShim(db: ProjectDatabase, sql: string): Promise<boolean> {
  const created = shimCreatedBy(sql)
  if (!created) return false
  for (const schema of created.schemas) await db.exec(`${schema};`)
  await installShim(db, created.shim)
  return true
}
